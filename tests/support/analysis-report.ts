// The analysis report in tests of every kind: the contract's top-level keys
// in their order (docs/api.md), and tiny factories for an empty report with
// default settings, patched per case.
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { ContextClearReport } from "@/lib/analysis/iteration-report-types";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import type { ToolRow } from "@/lib/analysis/tools";
import type { RunSummary } from "@/lib/schemas/api";

/** The report's keys, in the order the contract lists them. */
export const REPORT_KEYS = [
  "run_id",
  "tools",
  "bottlenecks",
  "repeated_calls",
  "tool_breakers",
  "timeouts",
  "layers",
  "stagnation",
  "loop_breaker",
  "rate_limit",
  "token_budget",
  "permission_breaker",
  "api_breaker",
  "context_clear",
  "tasks",
  "models",
  "verdict",
  "settings",
];

export function makeContext(patch: Partial<ContextClearReport> = {}): ContextClearReport {
  return {
    decision: "keep",
    reasons: [],
    factors: {
      token_usage: { value: 12.5, threshold: 60, fired: false, estimated: false },
      task_complexity: { value: 3, threshold: 6, fired: false, task_id: "t-1" },
      completed_tasks: { value: 1, threshold: 5, fired: false },
      error_rate: { value: null, threshold: 30, fired: false }, // fewer than 5 finished tasks
      absolute_limit: { value: 1, threshold: 10, fired: false },
    },
    ...patch,
  };
}

/** A report in which nothing happened: no tools, every breaker CLOSED. */
export function makeReport(patch: Partial<AnalysisReport> = {}): AnalysisReport {
  return {
    run_id: "r",
    tools: [],
    bottlenecks: [],
    repeated_calls: [],
    tool_breakers: [],
    timeouts: [],
    layers: {
      events: [],
      status: "NORMAL",
      action: "NONE",
      after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    },
    stagnation: { iterations: [], detections: [] },
    loop_breaker: {
      transitions: [],
      final_state: "CLOSED",
      savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    },
    rate_limit: { peak_per_hour: 0, waited_calls: 0, max_wait_ms: 0, extra_duration_ms: 0 },
    token_budget: { iterations: [], transitions: [], missed_compaction: [], no_fallback: 0 },
    permission_breaker: { transitions: [], final_state: "CLOSED", denials: 0, grants: 0 },
    api_breaker: {
      transitions: [],
      final_state: "CLOSED",
      counts: { success: 0, retryable: 0, backoff: 0, non_retryable: 0 },
      retries_of_non_retryable: 0,
      backoff_429: { max_streak: 0, early_retries: 0, after_give_up: 0 },
    },
    context_clear: makeContext(),
    tasks: [],
    models: [],
    verdict: {
      tripped: false,
      breaker: null,
      iteration: null,
      at: null,
      would_save: { iterations: 0, tokens: 0, ms: 0 },
      notes: [],
    },
    settings: DEFAULT_SETTINGS,
    ...patch,
  };
}

/** A tool's row of the report, its average and failure rate derived. */
export const makeToolRow = (
  name: string,
  calls: number,
  failures: number,
  total_ms: number,
  cost_usd: number | null = null,
): ToolRow => ({
  tool: name,
  calls,
  failures,
  total_ms,
  avg_ms: total_ms / calls,
  fail_rate: failures / calls,
  cost_usd,
});

/** A run as the runs API lists it: empty, started at the reports' clock. */
export function makeRunSummary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    run_id: "r",
    name: null,
    agent: null,
    labels: {},
    started_at: "2026-02-03T10:00:00.000000Z",
    ended_at: null,
    duration_ms: null,
    cost_usd: 0,
    counts: { spans: 0, failures: 0, iterations: 0, events: 0, tokens: 0, cache_read_tokens: 0 },
    verdict: null,
    review: { status: "open", category: null },
    shape: "loop",
    outcome: null,
    ...overrides,
  };
}
