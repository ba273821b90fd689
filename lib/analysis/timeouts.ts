// SPEC §3.3 (+ §3.12.6): spans longer than their tool's timeout "should have
// been cut". Exceeded means duration > timeout, strictly; excess_ms sums
// duration − timeout. O(1) memory per tool, one streamed pass; analyze.ts
// feeds the same pass to the breaker replay so each span is read once.
// It does not guess a timeout from the data: settings.timeouts or the default.
import type { AnalysisSettings } from "./settings";
import type { SpanLite } from "./types";

export type TimeoutSettings = Pick<AnalysisSettings, "timeouts" | "default_timeout_s">;

export type TimeoutReport = {
  tool: string;
  timeout_s: number;
  exceeded_calls: number;
  excess_ms: number;
};

export type TimeoutCounter = {
  step(span: SpanLite): void;
  /** The tool's report, or null when no call exceeded its timeout. */
  finish(): TimeoutReport | null;
};

/** The tool's timeout in seconds (own-property lookup: a tool may be named `constructor`). */
export function timeoutOf(tool: string, s: TimeoutSettings): number {
  return Object.hasOwn(s.timeouts, tool) ? s.timeouts[tool] : s.default_timeout_s;
}

export function startTimeoutCounter(tool: string, s: TimeoutSettings): TimeoutCounter {
  const timeoutS = timeoutOf(tool, s);
  const timeoutUs = Math.round(timeoutS * 1e6);
  let exceeded = 0;
  let excessUs = 0;
  return {
    step(span) {
      const durationUs = Math.max(0, span.t1Us - span.t0Us);
      if (durationUs > timeoutUs) {
        exceeded += 1;
        excessUs += durationUs - timeoutUs;
      }
    },
    finish() {
      if (exceeded === 0) return null;
      return { tool, timeout_s: timeoutS, exceeded_calls: exceeded, excess_ms: excessUs / 1000 };
    },
  };
}

/** Count one tool's calls that outlived its timeout. */
export async function findTimeouts(
  tool: string,
  spans: AsyncIterable<SpanLite> | Iterable<SpanLite>,
  s: TimeoutSettings,
): Promise<TimeoutReport | null> {
  const counter = startTimeoutCounter(tool, s);
  for await (const span of spans) counter.step(span);
  return counter.finish();
}
