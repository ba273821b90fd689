// SPEC §2 + §3: assemble the whole analysis report of one run from an
// AnalysisInput. Tool side here (§3.1–§3.3, §3.7, §3.9), iteration side from
// buildIterationReport (§3.4–§3.6, §3.8, §3.10). O(spans + events +
// iterations) time; each tool's spans are streamed once, feeding the breaker
// replay and the timeout count together, so memory stays O(tools + events +
// iterations), never O(spans). Pure: no clock, no database; same input →
// same report. It does not round figures or render anything.
import type { AnalysisSettings } from "./settings";
import type { AnalysisInput } from "./types";
import { buildIterationReport } from "./iteration-report";
import type { IterationReport } from "./iteration-report-types";
import { findBottlenecks, summariseTools, type Bottleneck, type ToolRow } from "./tools";
import { startToolBreaker, type ToolBreakerReport } from "./tool-breaker";
import { startTimeoutCounter, type TimeoutReport } from "./timeouts";
import { mergeCallTimes, replayRateLimit, type RateLimitReport } from "./rate-limit";
import { replayPermissionBreaker, type PermissionBreakerReport } from "./permission-breaker";
import { replayApiBreaker, type ApiBreakerReport } from "./api-breaker";

export type AnalysisReport = {
  run_id: string;
  tools: ToolRow[];
  bottlenecks: Bottleneck[];
  tool_breakers: ToolBreakerReport[];
  timeouts: TimeoutReport[];
  layers: IterationReport["layers"];
  stagnation: IterationReport["stagnation"];
  loop_breaker: IterationReport["loop_breaker"];
  rate_limit: RateLimitReport;
  token_budget: IterationReport["token_budget"];
  permission_breaker: PermissionBreakerReport;
  api_breaker: ApiBreakerReport;
  context_clear: IterationReport["context_clear"];
  settings: AnalysisSettings;
};

/** One streamed pass per tool (in tool-table order): breaker replay + timeouts. */
async function scanToolSpans(
  input: AnalysisInput,
  tools: readonly ToolRow[],
  s: AnalysisSettings,
): Promise<{ breakers: ToolBreakerReport[]; timeouts: TimeoutReport[] }> {
  const breakers: ToolBreakerReport[] = [];
  const timeouts: TimeoutReport[] = [];
  for (const { tool } of tools) {
    const breaker = startToolBreaker(s);
    const counter = startTimeoutCounter(tool, s);
    for await (const span of input.spansOfTool(tool)) {
      breaker.step(span);
      counter.step(span);
    }
    const b = breaker.finish(tool);
    const t = counter.finish();
    if (b) breakers.push(b);
    if (t) timeouts.push(t);
  }
  return { breakers, timeouts };
}

export async function analyzeRun(input: AnalysisInput, settings: AnalysisSettings): Promise<AnalysisReport> {
  const tools = summariseTools(input.tools);
  const { breakers, timeouts } = await scanToolSpans(input, tools, settings);
  const rateLimit = await replayRateLimit(
    mergeCallTimes(input.rateCallTimes(), input.events),
    settings.max_calls_per_hour,
  );
  const it = buildIterationReport(
    {
      runStartUs: input.runStartUs,
      iterations: input.iterations,
      events: input.events,
      tasks: input.tasks,
      taskSpanTokens: input.taskSpanTokens,
    },
    settings,
  );
  return {
    run_id: input.runId,
    tools,
    bottlenecks: findBottlenecks(tools, settings),
    tool_breakers: breakers,
    timeouts,
    layers: it.layers,
    stagnation: it.stagnation,
    loop_breaker: it.loop_breaker,
    rate_limit: rateLimit,
    token_budget: it.token_budget,
    permission_breaker: replayPermissionBreaker(input.events, settings),
    api_breaker: replayApiBreaker(input.events, settings),
    context_clear: it.context_clear,
    settings,
  };
}

/**
 * Whether a breaker tripped (the CLI's exit 3): the loop breaker opened, a
 * three-layer trip happened, or the permission or API breaker opened.
 * Per-tool breakers, timeouts and the rate limit are findings, not trips.
 */
export function breakerTripped(
  report: Pick<AnalysisReport, "loop_breaker" | "layers" | "permission_breaker" | "api_breaker">,
): boolean {
  const opened = (transitions: readonly { to: string }[]): boolean => transitions.some((t) => t.to === "OPEN");
  return (
    opened(report.loop_breaker.transitions) ||
    report.layers.events.some((e) => e.kind === "trip") ||
    opened(report.permission_breaker.transitions) ||
    opened(report.api_breaker.transitions)
  );
}
