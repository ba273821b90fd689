// docs/analysis.md#rate-limit: calls per rolling hour and a FIFO limiter replay.
// Calls: the source's rate-call times (span t0s, fed one by one) merged with
// `api_request` events' ts. Rolling hour = (t − 1 h, t], counted on the logged times.
// FIFO limiter: call i runs at max(t_i, run_{i−N} + 1 h). It reports the
// longest single wait and how much later the last call would have run (how
// much longer the run would have taken) — not the sum of the waits, which
// behind a backlog grows with the square of the calls.
// O(calls) time; memory O(N) for the ring of the last N run times plus the
// window of calls in the current hour (O(peak)); the span times are streamed.
// It does not model the limiter delaying later iterations or events. A limit of 0
// is no limit: only the peak is counted (docs/analysis.md#rate-limit).
import { formatTimeUs } from "../time";
import type { StoredEvent } from "../schemas/records";

export const HOUR_US = 3_600_000_000;

export type RateLimitReport = {
  peak_per_hour: number;
  warning_at?: string;
  pause_at?: string;
  waited_calls: number;
  /** The longest single wait. */
  max_wait_ms: number;
  /** How much later the last call would have run than it did. */
  extra_duration_ms: number;
};

/** A FIFO queue of numbers on a growable ring buffer (amortised O(1) push/shift). */
class NumberQueue {
  private buf = new Float64Array(64);
  private head = 0;
  size = 0;
  push(v: number): void {
    if (this.size === this.buf.length) this.grow();
    this.buf[(this.head + this.size) % this.buf.length] = v;
    this.size += 1;
  }
  // Callers check size first: head is always inside the buffer.
  peek(): number {
    return this.buf[this.head]!;
  }
  shift(): number {
    const v = this.buf[this.head]!;
    this.head = (this.head + 1) % this.buf.length;
    this.size -= 1;
    return v;
  }
  private grow(): void {
    const next = new Float64Array(this.buf.length * 2);
    for (let i = 0; i < this.size; i++) next[i] = this.buf[(this.head + i) % this.buf.length]!;
    this.buf = next;
    this.head = 0;
  }
}

export type RateLimitReplay = {
  /** Feed the next span call time (ascending); the api_request events up to it go first. */
  step(spanT0Us: number): void;
  /** Feed the remaining api_request events; the report. */
  finish(): RateLimitReport;
};

/**
 * The replay fed one span call time at a time, merged with the times of the
 * `api_request` events (ascending; an event at a span's time goes first).
 */
export function startRateLimit(maxCallsPerHour: number, events: readonly StoredEvent[] = []): RateLimitReplay {
  const limiter = maxCallsPerHour > 0 ? startLimiter(maxCallsPerHour) : countOnly();
  let i = 0;
  const eventsUpTo = (t: number) => {
    for (let e = events[i]; e !== undefined && e.tsUs <= t; e = events[++i]) {
      if (e.kind === "api_request") limiter.call(e.tsUs);
    }
  };
  return {
    step(t) {
      eventsUpTo(t);
      limiter.call(t);
    },
    finish() {
      eventsUpTo(Infinity);
      return limiter.report();
    },
  };
}

/** Replay the rolling-hour count and the FIFO limiter over ascending call times. */
export async function replayRateLimit(
  callTimesUs: AsyncIterable<number> | Iterable<number>,
  maxCallsPerHour: number,
): Promise<RateLimitReport> {
  const replay = startRateLimit(maxCallsPerHour);
  for await (const t of callTimesUs) replay.step(t);
  return replay.finish();
}

/** No limit (max_calls_per_hour 0): the peak is counted, nothing waits. */
function countOnly(): { call(t: number): void; report(): RateLimitReport } {
  const window = new NumberQueue();
  let peak = 0;
  return {
    call(t) {
      while (window.size > 0 && window.peek() <= t - HOUR_US) window.shift();
      window.push(t);
      peak = Math.max(peak, window.size);
    },
    report: () => ({ peak_per_hour: peak, waited_calls: 0, max_wait_ms: 0, extra_duration_ms: 0 }),
  };
}

/** The rolling-hour window and the FIFO limiter, one call at a time (ascending). */
function startLimiter(n: number): { call(t: number): void; report(): RateLimitReport } {
  const window = new NumberQueue(); // logged times in (t − 1 h, t]
  const lastRuns = new Float64Array(n); // ring: run times of the last N calls
  let index = 0;
  let peak = 0;
  let warningUs: number | null = null;
  let pauseUs: number | null = null;
  let waited = 0;
  let maxWaitUs = 0;
  let lastWaitUs = 0;
  return {
    call(t) {
      while (window.size > 0 && window.peek() <= t - HOUR_US) window.shift();
      window.push(t);
      peak = Math.max(peak, window.size);
      if (warningUs === null && window.size * 5 >= n * 4) warningUs = t;
      if (pauseUs === null && window.size >= n) pauseUs = t;
      const slot = index % n;
      const runAt = index >= n ? Math.max(t, lastRuns[slot]! + HOUR_US) : t;
      lastRuns[slot] = runAt;
      lastWaitUs = runAt - t;
      if (lastWaitUs > 0) waited += 1;
      maxWaitUs = Math.max(maxWaitUs, lastWaitUs);
      index += 1;
    },
    report: () => ({
      peak_per_hour: peak,
      ...(warningUs !== null ? { warning_at: formatTimeUs(warningUs) } : {}),
      ...(pauseUs !== null ? { pause_at: formatTimeUs(pauseUs) } : {}),
      waited_calls: waited,
      max_wait_ms: maxWaitUs / 1000,
      extra_duration_ms: lastWaitUs / 1000,
    }),
  };
}
