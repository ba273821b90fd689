// docs/analysis.md#three-layer-breaker, docs/analysis.md#loop-breaker, docs/analysis.md#token-budget, docs/analysis.md#context-clear: the iteration side of the analysis report.
// Entry point only: derives the shared per-iteration views once
// (iteration-context.ts), then hands them to one builder per report key.
// O(iterations · window + events). Deliberately does not read spans: their
// tokens arrive already summed per iteration and task (span-tokens.ts).
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import type { IterationReport } from "./iteration-report-types";
import { buildIterationViews } from "./iteration-context";
import { replayStagnation } from "./stagnation";
import { replayLayers } from "./layers";
import { replayTokenBudget } from "./token-budget";
import { recommendContextClear } from "./context-clear";
import type { RepeatMark } from "./repeated-calls";
import type { SpanTokenSum } from "./span-tokens";
import type { HumanWaitSum } from "./human-waits";
import { costsBy, type SpanCostSum } from "./costs";
import { makePricer, type Pricer } from "./pricer";
import { listTaskCosts } from "./task-costs";

export type * from "./iteration-report-types";

export type IterationInput = {
  runStartUs: number;
  /** Sorted by n. */
  iterations: StoredIteration[];
  /** Sorted by ts, then arrival. */
  events: StoredEvent[];
  tasks: StoredTask[];
  /** Calls' tokens per iteration and task_id (span-tokens.ts, docs/analysis.md#task-tokens-and-errors). */
  spanTokens: SpanTokenSum[];
  /** Calls' costs per iteration, task, tool and model (costs.ts, docs/analysis.md#costs); none: every cost unknown. */
  spanCosts?: SpanCostSum[];
  /** The prices of the calls (pricer.ts); none: the `prices` setting over the catalog at the run's start. */
  pricer?: Pricer;
  /** docs/analysis.md#human-waits: a person's time inside each iteration (human-waits.ts); none: nothing taken out. */
  humanWaits?: HumanWaitSum[];
  /** Per iteration n, where identical calls gathered (repeated-calls.ts); none: the detector never holds. */
  repeatMarks?: ReadonlyMap<number, RepeatMark>;
};

export function buildIterationReport(input: IterationInput, s: AnalysisSettings): IterationReport {
  const spanCosts = input.spanCosts ?? [];
  const pricer = input.pricer ?? makePricer(s.prices, input.runStartUs);
  const iterationCosts = costsBy(spanCosts, (c) => c.iteration, pricer);
  const views = buildIterationViews({
    ...input,
    iterationCosts,
    promptWaitsExcluded: s.prompt_waits_excluded,
    taskTokens: s.task_tokens,
  });
  const { stagnation, loop_breaker } = replayStagnation(views, s, input.repeatMarks);
  return {
    layers: replayLayers(views, s),
    stagnation,
    loop_breaker,
    token_budget: replayTokenBudget(views, input.events),
    context_clear: recommendContextClear(views, input.runStartUs, input.tasks, s),
    tasks: listTaskCosts(views, input.tasks, spanCosts, pricer),
  };
}
