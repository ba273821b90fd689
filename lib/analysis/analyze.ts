// docs/api.md + docs/analysis.md: assemble the whole analysis report of one run from an
// AnalysisInput. Tool side here (docs/analysis.md#bottlenecks, docs/analysis.md#identical-calls,
// docs/analysis.md#timeouts, docs/analysis.md#rate-limit, docs/analysis.md#permission-breaker),
// iteration side from buildIterationReport (docs/analysis.md#three-layer-breaker,
// docs/analysis.md#loop-breaker, docs/analysis.md#token-budget, docs/analysis.md#context-clear).
// O(spans + events + iterations) time. The source gives the calls' aggregates
// in one piece (two grouped scans in the database: tools and timeouts, tokens
// and costs; in an interactive session a third over the person's wait calls only,
// docs/analysis.md#human-waits), then two streams: the tools' spans, grouped by tool, into one
// breaker replay per tool; the calls in time order into the rate-limit replay
// and the identical-calls scan together. Memory stays O(tools + events +
// iterations), never O(spans). Pure: no clock, no database; same input → same report.
// The team's baselines of the run's tools (docs/analysis.md#team-baselines) are an
// argument: the server reads them from the database, the offline CLI has none.
// Numbers are rounded to 3 decimals here (round-report.ts,
// docs/api.md#the-analysis-report); it renders nothing.
import type { ToolBaselines } from "../schemas/tool-baselines";
import type { AnalysisSettings } from "./settings";
import type { AnalysisInput, CallTotals } from "./types";
import { buildIterationReport } from "./iteration-report";
import type { IterationReport } from "./iteration-report-types";
import { findBottlenecks, summariseTools, untimedTools, type Bottleneck, type ToolRow } from "./tools";
import { startToolBreaker, type ToolBreakerReplay, type ToolBreakerReport } from "./tool-breaker";
import { timeoutOf, type TimeoutReport } from "./timeouts";
import { startRateLimit, type RateLimitReport } from "./rate-limit";
import { replayPermissionBreaker, type PermissionBreakerReport } from "./permission-breaker";
import { replayApiBreaker, type ApiBreakerReport } from "./api-breaker";
import { startRepeatScan, type RepeatScanResult, type RepeatedCall } from "./repeated-calls";
import { iterationBounds } from "./span-tokens";
import { costsBy } from "./costs";
import { listModelCosts, type ModelCost } from "./model-costs";
import { makePricer } from "./pricer";
import { roundNumbers } from "./round-report";
import { decideVerdict, type VerdictReport } from "./verdict";

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
  /** docs/analysis.md#costs: per model, its calls' cost and where its price came from. */
  models: ModelCost[];
  /** docs/analysis.md#verdict: whether a breaker's finding is the run's verdict, and the notes below it. */
  verdict: VerdictReport;
  settings: AnalysisSettings;
};

/** Every tool's breaker replayed over the one stream of the tools' spans. */
async function replayToolBreakers(input: AnalysisInput, s: AnalysisSettings): Promise<Map<string, ToolBreakerReplay>> {
  const replays = new Map<string, ToolBreakerReplay>();
  for await (const batch of input.toolSpans({ coolS: s.cool_s })) {
    for (const span of batch) {
      let replay = replays.get(span.tool);
      if (!replay) replays.set(span.tool, (replay = startToolBreaker(s)));
      replay.step(span);
    }
  }
  return replays;
}

/**
 * docs/analysis.md#timeouts in tool-table order, from the source's totals: for
 * tools only — a model call, a person's answer and a container are not cut by a timeout.
 */
function listTimeouts(
  tools: readonly ToolRow[],
  totals: CallTotals,
  llm: ReadonlySet<string>,
  s: AnalysisSettings,
): TimeoutReport[] {
  const untimed = untimedTools(s);
  return tools.flatMap(({ tool }) => {
    if (llm.has(tool) || untimed.has(tool)) return [];
    const t = Object.hasOwn(totals.timeouts, tool) ? totals.timeouts[tool] : undefined;
    if (!t || t.exceeded === 0) return [];
    return [{ tool, timeout_s: timeoutOf(tool, s), exceeded_calls: t.exceeded, excess_ms: t.excessMs }];
  });
}

/**
 * One walk over the calls in time order: the rate-limit replay (docs/analysis.md#rate-limit)
 * and the identical-calls scan (docs/analysis.md#identical-calls: the report's list and the detector's marks).
 */
async function scanTimedCalls(
  input: AnalysisInput,
  llmOnly: boolean,
  s: AnalysisSettings,
): Promise<{ rateLimit: RateLimitReport; repeats: RepeatScanResult }> {
  // A run with llm spans has its model calls as spans: an importer's api_request events beside them
  // describe the same calls again, so they count only where there are no llm spans.
  const rate = startRateLimit(s.max_calls_per_hour, llmOnly ? [] : input.events);
  const repeats = startRepeatScan(input.iterations, input.runStartUs, s);
  for await (const batch of input.timedCalls({ llmOnly })) {
    for (const call of batch) {
      if (call.rate) rate.step(call.t0Us);
      if (call.withInput) repeats.step(call.withInput);
    }
  }
  return { rateLimit: rate.finish(), repeats: repeats.finish() };
}

/**
 * The source's three reads overlap: the tool stream starts with the
 * aggregates, the time walk once they say which calls are rate calls. Each
 * has its own consumer, so the report does not depend on which ends first.
 */
export async function analyzeRun(
  input: AnalysisInput,
  settings: AnalysisSettings,
  baselines: Readonly<ToolBaselines> = {},
): Promise<AnalysisReport> {
  const bounds = iterationBounds(input.runStartUs, input.iterations);
  const totalsRead = input.callTotals({ bounds, timeouts: settings, waits: settings });
  const breakersRead = replayToolBreakers(input, settings);
  const timedRead = totalsRead.then((t) => scanTimedCalls(input, t.hasLlmSpans, settings));
  const [totals, replays, { rateLimit, repeats }] = await Promise.all([totalsRead, breakersRead, timedRead]);
  const pricer = makePricer(settings.prices, input.runStartUs);
  // The tools whose calls are model calls: compared with each other, never given a timeout.
  const llmTools = new Set(totals.tools.filter((t) => t.llm).map((t) => t.tool));
  const tools = summariseTools(
    totals.tools,
    costsBy(totals.spanCosts, (c) => c.tool, pricer),
  );
  const breakers = tools.flatMap(({ tool }) => replays.get(tool)?.finish(tool) ?? []);
  const it = buildIterationReport(
    {
      runStartUs: input.runStartUs,
      repeatMarks: repeats.marks,
      iterations: input.iterations,
      events: input.events,
      tasks: input.tasks,
      spanTokens: totals.spanTokens,
      spanCosts: totals.spanCosts,
      humanWaits: totals.humanWaits,
      pricer,
    },
    settings,
  );
  const figures = roundNumbers({
    run_id: input.runId,
    tools,
    bottlenecks: findBottlenecks(tools, settings, repeats.repeated, {
      llmTools,
      iterations: input.iterations.length,
      baselines,
    }),
    repeated_calls: repeats.repeated,
    tool_breakers: breakers,
    timeouts: listTimeouts(tools, totals, llmTools, settings),
    layers: it.layers,
    stagnation: it.stagnation,
    loop_breaker: it.loop_breaker,
    rate_limit: rateLimit,
    token_budget: it.token_budget,
    permission_breaker: replayPermissionBreaker(input.events, settings, input.endUs),
    api_breaker: replayApiBreaker(input.events, settings, input.endUs),
    context_clear: it.context_clear,
    tasks: it.tasks,
    models: listModelCosts(totals.spanCosts, pricer),
  });
  const tokensKnown =
    input.iterations.some((i) => (i.tokensUsed ?? 0) > 0) || totals.spanTokens.some((t) => t.tokens > 0);
  return { ...figures, verdict: roundNumbers(decideVerdict(figures, settings, { tokensKnown })), settings };
}

/**
 * Whether a breaker tripped (the CLI's exit 3): the loop breaker opened, a
 * three-layer trip happened, or the permission or API breaker opened — and
 * stopping there clears the verdict floor (verdict.ts). Per-tool breakers,
 * timeouts and the rate limit are findings, not trips.
 */
export function breakerTripped(report: Pick<AnalysisReport, "verdict">): boolean {
  return report.verdict.tripped;
}
