// docs/analysis.md#api-breaker: API calls are `api_request` (success) and
// `api_error` events in ts order. Over the last `api_window` calls (the
// window must be full) a failure rate > `api_failure_rate` → OPEN; after
// `api_cooldown_s` HALF_OPEN (stamped at opened_at + cooldown when the next
// call arrives at or after it); that call's success → CLOSED, failure → OPEN.
// O(events) time, O(api_window) memory.
// Calls made while OPEN are counted per class but do not feed the window
// (the breaker would have failed them fast); closing starts an empty window.
// It does not replay the 429 back-off schedule (2 s, 4 s, 8 s).
import { formatTimeUs } from "../time";
import type { StoredEvent } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import type { BreakerState, BreakerTransition } from "./permission-breaker";

export type ApiCallClass = "success" | "retryable" | "backoff" | "non_retryable";

export type ApiBreakerReport = {
  transitions: BreakerTransition[];
  final_state: BreakerState;
  counts: Record<ApiCallClass, number>;
  retries_of_non_retryable: number;
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

export function replayApiBreaker(events: readonly StoredEvent[], s: ApiBreakerSettings): ApiBreakerReport {
  const cooldownUs = Math.round(s.api_cooldown_s * 1e6);
  const counts: Record<ApiCallClass, number> = { success: 0, retryable: 0, backoff: 0, non_retryable: 0 };
  const transitions: BreakerTransition[] = [];
  const window = makeWindow(s.api_window);
  let state = "CLOSED" as BreakerState; // widened: `move` changes it
  let openedAtUs = 0;
  let retries = 0;
  let previous: { cls: ApiCallClass; e: StoredEvent } | null = null;
  const move = (to: BreakerState, atUs: number): void => {
    transitions.push({ from: state, to, at: formatTimeUs(atUs) });
    state = to;
    if (to === "OPEN") openedAtUs = atUs;
  };

  for (const e of events) {
    const cls = classifyApiCall(e);
    if (cls === null) continue;
    counts[cls] += 1;
    const failed = cls !== "success";
    if (failed && previous?.cls === "non_retryable" && sameFailure(previous.e, e)) retries += 1;
    previous = { cls, e };

    if (state === "OPEN" && e.tsUs >= openedAtUs + cooldownUs) move("HALF_OPEN", openedAtUs + cooldownUs);
    if (state === "HALF_OPEN") {
      if (failed) move("OPEN", e.tsUs);
      else {
        move("CLOSED", e.tsUs);
        window.clear();
      }
    } else if (state === "CLOSED") {
      window.push(failed);
      const rate = window.rate();
      if (rate !== null && rate > s.api_failure_rate) move("OPEN", e.tsUs);
    }
  }
  return { transitions, final_state: state, counts, retries_of_non_retryable: retries };
}

function sameFailure(a: StoredEvent, b: StoredEvent): boolean {
  return a.status === b.status && (a.detail ?? "") === (b.detail ?? "");
}
