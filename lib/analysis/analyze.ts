// docs/api.md + docs/analysis.md: assemble the whole analysis report of one run from an
// AnalysisInput. Tool side here (docs/analysis.md#bottlenecks, docs/analysis.md#identical-calls, docs/analysis.md#timeouts, docs/analysis.md#rate-limit, docs/analysis.md#permission-breaker), iteration side from
// buildIterationReport (docs/analysis.md#three-layer-breaker, docs/analysis.md#loop-breaker, docs/analysis.md#token-budget, docs/analysis.md#context-clear). O(spans + events +
// iterations) time; each tool's spans are streamed once into the breaker
// replay (timeouts are totals the source computes, in SQL for the database),
// so memory stays O(tools + events + iterations), never O(spans). Pure: no clock, no database; same input →
// same report. Numbers are rounded to 3 decimals here (round-report.ts,
// docs/api.md#the-analysis-report); it renders nothing.
import type { AnalysisSettings } from "./settings";
import type { AnalysisInput } from "./types";
import { buildIterationReport } from "./iteration-report";
import type { IterationReport } from "./iteration-report-types";
import { findBottlenecks, summariseTools, type Bottleneck, type ToolRow } from "./tools";
import { startToolBreaker, type ToolBreakerReport } from "./tool-breaker";
import { timeoutOf, type TimeoutReport } from "./timeouts";
import { mergeCallTimes, replayRateLimit, type RateLimitReport } from "./rate-limit";
import { replayPermissionBreaker, type PermissionBreakerReport } from "./permission-breaker";
import { replayApiBreaker, type ApiBreakerReport } from "./api-breaker";
import { startRepeatScan, type RepeatScanResult, type RepeatedCall } from "./repeated-calls";
import { iterationBounds } from "./span-tokens";
import { costsBy } from "./costs";
import { roundNumbers } from "./round-report";

export type AnalysisReport = {
  run_id: string;
  tools: ToolRow[];
  bottlenecks: Bottleneck[];
  repeated_calls: RepeatedCall[];
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
  tasks: IterationReport["tasks"];
  settings: AnalysisSettings;
};

/** Per tool (in tool-table order): the breaker replay over its streamed spans; timeouts from the source's totals. */
async function scanToolSpans(
  input: AnalysisInput,
  tools: readonly ToolRow[],
  s: AnalysisSettings,
): Promise<{ breakers: ToolBreakerReport[]; timeouts: TimeoutReport[] }> {
  const breakers: ToolBreakerReport[] = [];
  const timeouts: TimeoutReport[] = [];
  const limits = Object.fromEntries(tools.map(({ tool }) => [tool, timeoutOf(tool, s)]));
  const totals = await input.timeoutTotals(limits);
  for (const { tool } of tools) {
    const breaker = startToolBreaker(s);
    for await (const span of input.spansOfTool(tool, { coolS: s.cool_s })) breaker.step(span);
    const b = breaker.finish(tool);
    if (b) breakers.push(b);
    const t = totals[tool];
    if (t && t.exceeded > 0)
      timeouts.push({ tool, timeout_s: timeoutOf(tool, s), exceeded_calls: t.exceeded, excess_ms: t.excessMs });
  }
  return { breakers, timeouts };
}

/** docs/analysis.md#identical-calls over the streamed calls with input: the report's list and the detector's marks. */
async function scanRepeatedCalls(input: AnalysisInput, s: AnalysisSettings): Promise<RepeatScanResult> {
  const scan = startRepeatScan(input.iterations, input.runStartUs, s);
  for await (const call of input.toolCallInputs()) scan.step(call);
  return scan.finish();
}

export async function analyzeRun(input: AnalysisInput, settings: AnalysisSettings): Promise<AnalysisReport> {
  const bounds = iterationBounds(input.runStartUs, input.iterations);
  const spanCosts = await input.spanCosts(bounds);
  const tools = summariseTools(
    input.tools,
    costsBy(spanCosts, (c) => c.tool, settings.prices),
  );
  const { breakers, timeouts } = await scanToolSpans(input, tools, settings);
  const rateLimit = await replayRateLimit(
    mergeCallTimes(input.rateCallTimes(), input.events),
    settings.max_calls_per_hour,
  );
  const repeats = await scanRepeatedCalls(input, settings);
  const it = buildIterationReport(
    {
      runStartUs: input.runStartUs,
      repeatMarks: repeats.marks,
      iterations: input.iterations,
      events: input.events,
      tasks: input.tasks,
      spanTokens: await input.spanTokens(bounds),
      spanCosts,
    },
    settings,
  );
  const figures = roundNumbers({
    run_id: input.runId,
    tools,
    bottlenecks: findBottlenecks(tools, settings, repeats.repeated),
    repeated_calls: repeats.repeated,
    tool_breakers: breakers,
    timeouts,
    layers: it.layers,
    stagnation: it.stagnation,
    loop_breaker: it.loop_breaker,
    rate_limit: rateLimit,
    token_budget: it.token_budget,
    permission_breaker: replayPermissionBreaker(input.events, settings, input.endUs),
    api_breaker: replayApiBreaker(input.events, settings, input.endUs),
    context_clear: it.context_clear,
    tasks: it.tasks,
  });
  return { ...figures, settings };
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
