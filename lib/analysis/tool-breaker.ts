// docs/analysis.md#tool-breaker: replay of a per-tool circuit breaker (fail_max, cool_s) over the
// tool's spans ordered by t0. O(1) memory per tool besides the list of opened
// windows it reports; one pass, streamed. The step is a pure function of plain
// state, so the live guard (lib/guard) runs the very same breaker.
// Each span is handled whole (its start, then its end) before the next: with
// concurrent calls of one tool the replay is sequential, not an interleaving
// of starts and ends. It does not decide what the harness really did: spans
// the harness itself short-circuited are only recognised, for the timeline.
import { formatTimeUs } from "../time";
import type { AnalysisSettings } from "./settings";
import type { SpanLite } from "./types";

export type ToolBreakerSettings = Pick<AnalysisSettings, "fail_max" | "cool_s">;

export type ToolBreakerReport = {
  tool: string;
  opened: { at: string; until: string }[];
  blocked_calls: number;
  blocked_ms: number;
};

export type ToolBreakerReplay = {
  /** Feed the next span (by t0); says whether the breaker would have let it run. */
  step(span: SpanLite): "allowed" | "blocked";
  /** The tool's report, or null when the breaker never opened (nothing to show). */
  finish(tool: string): ToolBreakerReport | null;
};

const SHORT_CIRCUIT_RE = /熔断|circuit[\s_-]*(?:is[\s_-]*)?open|breaker[\s_-]*(?:is[\s_-]*)?open/i;

/** Whether a span's error says the harness itself short-circuited the call. */
export function isHarnessShortCircuit(error: string | null | undefined): boolean {
  return !!error && SHORT_CIRCUIT_RE.test(error);
}

/**
 * A tool's breaker between two calls, as plain data: the live guard keeps it
 * in the database (docs/guard.md), the replay in a closure. Times in µs.
 */
export type ToolBreakerState = { failsInRow: number; openedAtUs: number };

export const closedToolBreaker = (): ToolBreakerState => ({ failsInRow: 0, openedAtUs: 0 });

/** Whether a call starting at `t0Us` falls in the breaker's open window: it would be blocked. */
export function isToolBreakerOpen(b: ToolBreakerState, t0Us: number, s: ToolBreakerSettings): boolean {
  return b.failsInRow >= s.fail_max && t0Us - b.openedAtUs < Math.round(s.cool_s * 1e6);
}

/**
 * Feed one span (by t0): "blocked" when it fell in an open window (it does not
 * move the breaker), "opened" when its failure opened one, else "allowed".
 */
export function stepToolBreakerState(
  b: ToolBreakerState,
  span: Pick<SpanLite, "t0Us" | "t1Us" | "ok">,
  s: ToolBreakerSettings,
): "allowed" | "blocked" | "opened" {
  if (isToolBreakerOpen(b, span.t0Us, s)) return "blocked";
  if (b.failsInRow >= s.fail_max) b.failsInRow = 0; // the cooldown has passed: count afresh, let it run
  if (span.ok) {
    b.failsInRow = 0;
    return "allowed";
  }
  b.failsInRow += 1;
  if (b.failsInRow !== s.fail_max) return "allowed";
  b.openedAtUs = span.t1Us;
  return "opened";
}

export function startToolBreaker(s: ToolBreakerSettings): ToolBreakerReplay {
  const coolUs = Math.round(s.cool_s * 1e6);
  const windows: { atUs: number; untilUs: number }[] = [];
  const state = closedToolBreaker();
  let blockedCalls = 0;
  let blockedUs = 0;

  return {
    step(span) {
      const step = stepToolBreakerState(state, span, s);
      if (step === "blocked") {
        blockedCalls += 1;
        blockedUs += Math.max(0, span.t1Us - span.t0Us);
        return "blocked";
      }
      if (step === "opened") windows.push({ atUs: state.openedAtUs, untilUs: state.openedAtUs + coolUs });
      return "allowed";
    },
    finish(tool) {
      if (windows.length === 0) return null;
      return {
        tool,
        opened: windows.map((w) => ({ at: formatTimeUs(w.atUs), until: formatTimeUs(w.untilUs) })),
        blocked_calls: blockedCalls,
        blocked_ms: blockedUs / 1000,
      };
    },
  };
}

/** Replay one tool's breaker over its spans (ordered by t0). */
export async function replayToolBreaker(
  tool: string,
  spans: AsyncIterable<SpanLite> | Iterable<SpanLite>,
  s: ToolBreakerSettings,
): Promise<ToolBreakerReport | null> {
  const replay = startToolBreaker(s);
  for await (const span of spans) replay.step(span);
  return replay.finish(tool);
}
