// docs/analysis.md#api-breaker: API calls are `api_request` (success) and
// `api_error` events in ts order. Over the last `api_window` calls (the
// window must be full) a failure rate > `api_failure_rate` → OPEN; at
// opened_at + `api_cooldown_s` HALF_OPEN by time, stamped at that moment
// whether or not a call comes later (so a run whose last record is at or
// after it ends HALF_OPEN); the next call's success → CLOSED, failure → OPEN.
// Also the 429 back-off replay (backoff-429.ts) over the same calls.
// O(events) time, O(api_window) memory.
// Calls made while OPEN are counted per class but do not feed the window
// (the breaker would have failed them fast); closing starts an empty window.
import type { StoredEvent } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import { startBackoff429, type Backoff429Report } from "./backoff-429";
import { openBreakerClock, type BreakerState, type BreakerTransition } from "./cooldown-breaker";

export type ApiCallClass = "success" | "retryable" | "backoff" | "non_retryable";

export type ApiBreakerReport = {
  transitions: BreakerTransition[];
  final_state: BreakerState;
  counts: Record<ApiCallClass, number>;
  retries_of_non_retryable: number;
  backoff_429: Backoff429Report;
};

export type ApiBreakerSettings = Pick<AnalysisSettings, "api_window" | "api_failure_rate" | "api_cooldown_s">;

/**
 * `api_request` → success. `api_error`: 429 → backoff, other 4xx →
 * non_retryable, anything else (5xx, no status: no response at all, odd
 * codes) → retryable. Null for events that are not API calls.
 */
export function classifyApiCall(e: Pick<StoredEvent, "kind" | "status">): ApiCallClass | null {
  if (e.kind === "api_request") return "success";
  if (e.kind !== "api_error") return null;
  if (e.status === 429) return "backoff";
  if (e.status !== null && e.status >= 400 && e.status <= 499) return "non_retryable";
  return "retryable";
}

/** A sliding window of the last `size` outcomes with its failure count. */
function makeWindow(size: number) {
  let ring: boolean[] = [];
  let next = 0;
  let failures = 0;
  return {
    push(failed: boolean): void {
      if (ring.length < size) ring.push(failed);
      else {
        if (ring[next]) failures -= 1;
        ring[next] = failed;
        next = (next + 1) % size;
      }
      if (failed) failures += 1;
    },
    /** Failure rate over a full window, null until it is full (docs/analysis.md#windows). */
    rate(): number | null {
      return ring.length < size ? null : failures / size;
    },
    clear(): void {
      ring = [];
      next = 0;
      failures = 0;
    },
  };
}

/**
 * Replay the API breaker over the run's events (ordered by ts); `endUs` is
 * the time of the run's last record, up to which the cooldown runs by time.
 */
export function replayApiBreaker(
  events: readonly StoredEvent[],
  s: ApiBreakerSettings,
  endUs: number,
): ApiBreakerReport {
  const counts: Record<ApiCallClass, number> = { success: 0, retryable: 0, backoff: 0, non_retryable: 0 };
  const breaker = openBreakerClock(Math.round(s.api_cooldown_s * 1e6));
  const window = makeWindow(s.api_window);
  const backoff = startBackoff429();
  let retries = 0;
  let previous: { cls: ApiCallClass; e: StoredEvent } | null = null;

  for (const e of events) {
    const cls = classifyApiCall(e);
    if (cls === null) continue;
    counts[cls] += 1;
    backoff.step(e.tsUs, cls === "backoff");
    const failed = cls !== "success";
    if (failed && previous?.cls === "non_retryable" && sameFailure(previous.e, e)) retries += 1;
    previous = { cls, e };

    breaker.advanceTo(e.tsUs);
    if (breaker.state === "HALF_OPEN") {
      if (failed) breaker.move("OPEN", e.tsUs);
      else {
        breaker.move("CLOSED", e.tsUs);
        window.clear();
      }
    } else if (breaker.state === "CLOSED") {
      window.push(failed);
      const rate = window.rate();
      if (rate !== null && rate > s.api_failure_rate) breaker.move("OPEN", e.tsUs);
    }
  }
  breaker.advanceTo(endUs);
  return {
    transitions: breaker.transitions,
    final_state: breaker.state,
    counts,
    retries_of_non_retryable: retries,
    backoff_429: backoff.finish(),
  };
}

function sameFailure(a: StoredEvent, b: StoredEvent): boolean {
  return a.status === b.status && (a.detail ?? "") === (b.detail ?? "");
}
