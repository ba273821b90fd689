// The analysis report as GET /api/v1/runs/{run_id}/analysis returns it (and
// `loopscope analyze --json` prints it): the field names are part of the
// contract (docs/analysis.md). lib/analysis builds the report with its own
// TypeScript types; tests/unit/schemas/analysis-report.test.ts checks that
// this schema and those types are the same type, and that a real report
// parses unchanged, so the two cannot drift apart.
import { z } from "zod";
import { CONTEXT_FACTORS, DETECTORS } from "../analysis/iteration-report-types";
import { AnalysisSettings } from "../analysis/settings";

const Time = z.iso.datetime({ offset: true });
const Severity = z.enum(["LOW", "MEDIUM", "HIGH"]);
const BreakerState = z.enum(["CLOSED", "OPEN", "HALF_OPEN"]);
const Tier = z.enum(["NORMAL", "WARNING", "AUTO_COMPACT", "SNIP_COMPACT", "REJECT"]);
/** What stopping at a point would have saved: the iterations after it, their tokens, time and cost. */
const Savings = z.object({
  iterations: z.number(),
  tokens: z.number(),
  ms: z.number(),
  cost_usd: z.number().nullable(),
});

export const ToolRow = z.object({
  tool: z.string(),
  calls: z.number(),
  failures: z.number(),
  total_ms: z.number(),
  avg_ms: z.number(),
  fail_rate: z.number(),
  /** docs/analysis.md#costs: null when unknown (no logged cost, no price). */
  cost_usd: z.number().nullable(),
});

/** docs/analysis.md#costs: one model's calls, their cost and where the price came from. */
export const ModelCost = z.object({
  /** null: calls that name no model. */
  model: z.string().nullable(),
  cost_usd: z.number().nullable(),
  /** Checked against lib/analysis/model-costs.ts by the type test (importing it would bring the catalog along). */
  price_source: z.enum(["catalog", "settings", "logged", "unknown"]),
  /** catalog: the model's id in the catalog; settings: the `prices` key that matched; else null. */
  price_key: z.string().nullable(),
  /** catalog: the catalog and its version (`@pydantic/genai-prices@0.1.8`); else null. */
  catalog_version: z.string().nullable(),
});

/** `baseline_*`: only when the tool was judged against the team's baseline (docs/analysis.md#team-baselines). */
export const BottleneckReason = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("slow"),
    avg_ms: z.number(),
    threshold_ms: z.number(),
    baseline_ms: z.number().optional(),
    baseline_runs: z.number().optional(),
  }),
  z.object({ kind: z.literal("failing"), fail_rate: z.number(), calls: z.number() }),
  z.object({
    kind: z.literal("overcalled"),
    calls: z.number(),
    per_iteration: z.number().optional(),
    baseline_per_iteration: z.number().optional(),
    baseline_runs: z.number().optional(),
  }),
  z.object({ kind: z.literal("repeated"), calls: z.number(), input: z.string() }),
]);

export const Bottleneck = z.object({ tool: z.string(), reasons: z.array(BottleneckReason), total_ms: z.number() });

/** docs/analysis.md#identical-calls: one entry per key that ever repeats, by first_at. */
export const RepeatedCall = z.object({
  tool: z.string(),
  /** The canonical JSON of the input, first 200 characters. */
  input: z.string(),
  calls: z.number(),
  first_at: Time,
  iteration: z.number().optional(),
});

export const ToolBreakerReport = z.object({
  tool: z.string(),
  opened: z.array(z.object({ at: Time, until: Time })),
  blocked_calls: z.number(),
  blocked_ms: z.number(),
});

export const TimeoutReport = z.object({
  tool: z.string(),
  timeout_s: z.number(),
  exceeded_calls: z.number(),
  excess_ms: z.number(),
});

export const LayersReport = z.object({
  events: z.array(
    z.object({
      layer: z.enum(["iteration", "token", "error"]),
      kind: z.enum(["warning", "trip"]),
      severity: Severity,
      value: z.number(),
      limit: z.number(),
      task_id: z.string().optional(),
      iteration: z.number().optional(),
      at: Time,
    }),
  ),
  status: z.enum(["NORMAL", "TRIGGERED"]),
  action: z.enum(["NONE", "AUTOMATIC_RECOVERY", "BLOCKER_ESCALATION"]),
  after_first_trip: Savings,
});

export const StagnationReport = z.object({
  iterations: z.array(
    z.object({
      n: z.number(),
      score: z.number(),
      window_score: z.number(),
      risk: Severity,
      signals: z.array(z.string()),
    }),
  ),
  detections: z.array(z.object({ detector: z.enum(DETECTORS), at_iteration: z.number(), detail: z.string() })),
});

export const LoopBreakerReport = z.object({
  transitions: z.array(
    z.object({ from: BreakerState, to: BreakerState, at: Time, iteration: z.number(), reason: z.string() }),
  ),
  final_state: BreakerState,
  would_have_halted_at: z.object({ iteration: z.number(), at: Time, reason: z.string() }).optional(),
  savings: Savings,
});

export const RateLimitReport = z.object({
  peak_per_hour: z.number(),
  warning_at: Time.optional(),
  pause_at: Time.optional(),
  waited_calls: z.number(),
  max_wait_ms: z.number(),
  extra_duration_ms: z.number(),
});

export const TokenBudgetReport = z.object({
  /** fill_pct / tier are null when the iteration logs no context fill. */
  iterations: z.array(
    z.object({
      n: z.number(),
      fill_pct: z.number().nullable(),
      tier: Tier.nullable(),
      tokens: z.number().nullable(),
      cost_usd: z.number().nullable(),
    }),
  ),
  transitions: z.array(z.object({ iteration: z.number(), from: Tier, to: Tier, at: Time })),
  missed_compaction: z.array(z.number()),
  no_fallback: z.number(),
});

const Transition = z.object({ from: BreakerState, to: BreakerState, at: Time });

export const PermissionBreakerReport = z.object({
  transitions: z.array(Transition),
  final_state: BreakerState,
  denials: z.number(),
  grants: z.number(),
});

export const ApiBreakerReport = z.object({
  transitions: z.array(Transition),
  final_state: BreakerState,
  counts: z.object({ success: z.number(), retryable: z.number(), backoff: z.number(), non_retryable: z.number() }),
  retries_of_non_retryable: z.number(),
  backoff_429: z.object({ max_streak: z.number(), early_retries: z.number(), after_give_up: z.number() }),
});

const ContextFactorName = z.enum(CONTEXT_FACTORS);

export const ContextClearReport = z.object({
  decision: z.enum(["clear", "keep"]),
  reasons: z.array(
    z.object({ factor: ContextFactorName, value: z.number(), threshold: z.number(), message: z.string() }),
  ),
  factors: z.record(
    ContextFactorName,
    z.object({
      /** null: task_complexity without a current task, error_rate before 5 finished tasks. */
      value: z.number().nullable(),
      threshold: z.number(),
      fired: z.boolean(),
      /** token_usage only: the fill is the 1 %/minute estimate. */
      estimated: z.boolean().optional(),
      /** task_complexity only: the task the score belongs to. */
      task_id: z.string().nullable().optional(),
    }),
  ),
  first_recommended_at: z.object({ iteration: z.number(), at: Time }).optional(),
  cleared: z
    .array(
      z.object({
        iteration: z.number(),
        at: Time,
        kind: z.enum(["compaction", "context_cleared"]),
        detail: z.string().nullable(),
      }),
    )
    .optional(),
});

export const AnalysisReport = z.object({
  run_id: z.string(),
  /** By total_ms, largest first. */
  tools: z.array(ToolRow),
  bottlenecks: z.array(Bottleneck),
  repeated_calls: z.array(RepeatedCall),
  tool_breakers: z.array(ToolBreakerReport),
  timeouts: z.array(TimeoutReport),
  layers: LayersReport,
  stagnation: StagnationReport,
  loop_breaker: LoopBreakerReport,
  rate_limit: RateLimitReport,
  token_budget: TokenBudgetReport,
  permission_breaker: PermissionBreakerReport,
  api_breaker: ApiBreakerReport,
  context_clear: ContextClearReport,
  /** docs/analysis.md#costs: per task, its tokens and its calls' cost (null: unknown). */
  tasks: z.array(z.object({ task_id: z.string(), tokens: z.number().nullable(), cost_usd: z.number().nullable() })),
  /** docs/analysis.md#costs: per model, its calls' cost and its price source; by cost, largest first. */
  models: z.array(ModelCost),
  /** docs/analysis.md#verdict: whether a breaker's finding is the run's verdict, what stopping saves, the notes. */
  verdict: z.object({
    tripped: z.boolean(),
    breaker: z.enum(["loop_breaker", "layers", "permission_breaker", "api_breaker"]).nullable(),
    /** Where the verdict's finding fell: its iteration (null for the permission and API breakers) and time. */
    iteration: z.number().nullable(),
    at: z.string().nullable(),
    would_save: z.object({ iterations: z.number(), tokens: z.number(), ms: z.number() }),
    notes: z.array(z.string()),
  }),
  /** The thresholds actually used. */
  settings: AnalysisSettings,
});
export type AnalysisReport = z.infer<typeof AnalysisReport>;
