// The iteration-side keys of the docs/api.md analysis report: `layers`,
// `stagnation`, `loop_breaker`, `token_budget`, `context_clear`. Field names
// are the contract's snake_case names; times are ISO strings, durations ms.
// Types only — the builders live beside them, one file per rule.

export type Severity = "LOW" | "MEDIUM" | "HIGH";
export type Risk = Severity;

export type LayerEvent = {
  layer: "iteration" | "token" | "error";
  kind: "warning" | "trip";
  severity: Severity;
  value: number;
  limit: number;
  task_id?: string;
  iteration?: number;
  at: string;
};
export type LayersReport = {
  events: LayerEvent[];
  status: "NORMAL" | "TRIGGERED";
  action: "NONE" | "AUTOMATIC_RECOVERY" | "BLOCKER_ESCALATION";
  /** What ran after the first trip's iteration (all zero, cost null, without a trip). */
  after_first_trip: { iterations: number; tokens: number; ms: number; cost_usd: number | null };
};

/** The seed's detectors: a loop run is watched by these (docs/analysis.md#stagnation-detectors). */
export const SEED_DETECTORS = [
  "negative_window",
  "no_progress",
  "same_error",
  "output_decline",
  "permission_denials",
  "test_fix_loop",
  "circular",
  "repeated_call",
] as const;
/** Every detector: the seed's, and those that read what a session's steps touched (docs/analysis.md#session-detectors). */
export const DETECTORS = [...SEED_DETECTORS, "edits_reverted", "no_new_files"] as const;
export type DetectorName = (typeof DETECTORS)[number];

export type StagnationIteration = {
  n: number;
  score: number;
  window_score: number;
  risk: Risk;
  signals: string[];
};
export type Detection = { detector: DetectorName; at_iteration: number; detail: string };
export type StagnationReport = { iterations: StagnationIteration[]; detections: Detection[] };

export type LoopState = "CLOSED" | "OPEN" | "HALF_OPEN";
export type LoopTransition = { from: LoopState; to: LoopState; at: string; iteration: number; reason: string };
export type LoopBreakerReport = {
  transitions: LoopTransition[];
  final_state: LoopState;
  would_have_halted_at?: { iteration: number; at: string; reason: string };
  /** cost_usd: what the saved iterations' calls cost (docs/analysis.md#costs); null when unknown. */
  savings: { iterations: number; tokens: number; ms: number; cost_usd: number | null };
};

export type Tier = "NORMAL" | "WARNING" | "AUTO_COMPACT" | "SNIP_COMPACT" | "REJECT";
export type TokenBudgetReport = {
  /** fill_pct / tier are null when the iteration logs no context fill. */
  /** tokens: the iteration's logged tokens_used; cost_usd: its calls' cost (null when not logged / none priced or logged). */
  iterations: {
    n: number;
    fill_pct: number | null;
    tier: Tier | null;
    tokens: number | null;
    cost_usd: number | null;
  }[];
  /** Tier changes between iterations that log a fill; the run starts NORMAL. */
  transitions: { iteration: number; from: Tier; to: Tier; at: string }[];
  missed_compaction: number[];
  no_fallback: number;
};

export const CONTEXT_FACTORS = [
  "token_usage",
  "task_complexity",
  "completed_tasks",
  "error_rate",
  "absolute_limit",
] as const;
export type ContextFactorName = (typeof CONTEXT_FACTORS)[number];
export type ContextFactor = {
  /** null: nothing to measure — task_complexity without a current task, error_rate before 5 finished tasks. */
  value: number | null;
  threshold: number;
  fired: boolean;
  /** token_usage only: the fill is the 1 %/minute estimate of docs/analysis.md#context-clear. */
  estimated?: boolean;
  /** task_complexity only: the task the score belongs to. */
  task_id?: string | null;
};
export type ContextReason = { factor: ContextFactorName; value: number; threshold: number; message: string };
/** A clear the log holds: the harness compacted its context, or cleared it. */
export type ContextClearDone = {
  iteration: number;
  at: string;
  kind: "compaction" | "context_cleared";
  detail: string | null;
};

export type ContextClearReport = {
  decision: "clear" | "keep";
  reasons: ContextReason[];
  factors: Record<ContextFactorName, ContextFactor>;
  first_recommended_at?: { iteration: number; at: string };
  /** docs/analysis.md#context-clear: the clears the harness itself made, in time order; absent when none. */
  cleared?: ContextClearDone[];
};

/** docs/analysis.md#costs: a task's tokens (as the token layer counts them) and its calls' cost. */
export type TaskCost = { task_id: string; tokens: number | null; cost_usd: number | null };

export type IterationReport = {
  layers: LayersReport;
  stagnation: StagnationReport;
  loop_breaker: LoopBreakerReport;
  token_budget: TokenBudgetReport;
  context_clear: ContextClearReport;
  tasks: TaskCost[];
};
