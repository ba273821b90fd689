// The timeout rule of docs/analysis.md#timeouts: a call longer than its
// tool's timeout should have been cut. Exceeded means duration > timeout,
// strictly (a call that lasts exactly its timeout was not cut), and excess_ms
// sums duration − timeout over the exceeding calls. Both in whole
// microseconds, the resolution of stored times, so sums are exact.
// O(calls) time, O(1) memory per tool. The database totals the same rule in
// SQL for speed (db/analysis-totals.ts, from the limits timeoutLimitUs
// gives); tests/integration/analysis-sources.test.ts checks the two agree.
// It does not guess a timeout from the data: settings.timeouts or the default.
import type { AnalysisSettings } from "./settings";

export type TimeoutSettings = Pick<AnalysisSettings, "timeouts" | "default_timeout_s">;

export type TimeoutReport = {
  tool: string;
  timeout_s: number;
  exceeded_calls: number;
  excess_ms: number;
};

/** One tool's calls over its timeout and their summed excess. */
export type TimeoutTotals = { exceeded: number; excessMs: number };

/** The tool's timeout in seconds (own-property lookup: a tool may be named `constructor`). */
export function timeoutOf(tool: string, s: TimeoutSettings): number {
  const own = Object.hasOwn(s.timeouts, tool) ? s.timeouts[tool] : undefined;
  return own ?? s.default_timeout_s;
}

/** A timeout in seconds as the whole-microsecond limit a call's duration is compared with. */
export function timeoutLimitUs(timeoutS: number): number {
  return Math.round(timeoutS * 1e6);
}

/** The rule over one tool's calls (any order). A negative duration counts as 0. */
export function totalTimeouts(calls: Iterable<{ t0Us: number; t1Us: number }>, timeoutS: number): TimeoutTotals {
  const limitUs = timeoutLimitUs(timeoutS);
  let exceeded = 0;
  let excessUs = 0;
  for (const call of calls) {
    const durationUs = Math.max(0, call.t1Us - call.t0Us);
    if (durationUs > limitUs) {
      exceeded += 1;
      excessUs += durationUs - limitUs;
    }
  }
  return { exceeded, excessMs: excessUs / 1000 };
}
