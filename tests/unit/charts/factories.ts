// Tiny factories for the chart preparers' tests: an empty analysis report
// with default settings, patched per case.
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { ContextClearReport, StagnationIteration } from "@/lib/analysis/iteration-report-types";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";

export function makeContext(patch: Partial<ContextClearReport> = {}): ContextClearReport {
  return {
    decision: "keep",
    reasons: [],
    factors: {
      token_usage: { value: 12.5, threshold: 60, fired: false, estimated: false },
      task_complexity: { value: 3, threshold: 6, fired: false, task_id: "t-1" },
      completed_tasks: { value: 1, threshold: 5, fired: false },
      error_rate: { value: 0, threshold: 30, fired: false },
      absolute_limit: { value: 1, threshold: 10, fired: false },
    },
    ...patch,
  };
}

export function makeReport(patch: Partial<AnalysisReport> = {}): AnalysisReport {
  return {
    run_id: "r",
    tools: [],
    bottlenecks: [],
    tool_breakers: [],
    timeouts: [],
    layers: { events: [], status: "NORMAL", action: "NONE" },
    stagnation: { iterations: [], detections: [] },
    loop_breaker: { transitions: [], final_state: "CLOSED", savings: { iterations: 0, tokens: 0, ms: 0 } },
    rate_limit: { peak_per_hour: 0, waited_calls: 0, total_wait_ms: 0 },
    token_budget: { iterations: [], transitions: [], missed_compaction: [], no_fallback: 0 },
    permission_breaker: { transitions: [], final_state: "CLOSED", denials: 0, grants: 0 },
    api_breaker: {
      transitions: [],
      final_state: "CLOSED",
      counts: { success: 0, retryable: 0, backoff: 0, non_retryable: 0 },
      retries_of_non_retryable: 0,
    },
    context_clear: makeContext(),
    settings: DEFAULT_SETTINGS,
    ...patch,
  };
}

export const scored = (
  n: number,
  score: number,
  window_score: number,
  risk: StagnationIteration["risk"] = "LOW",
): StagnationIteration => ({ n, score, window_score, risk, signals: [] });

/** ISO time `s` seconds after 2025-11-30T10:00:00Z. */
export const at = (s: number): string => new Date(Date.UTC(2025, 10, 30, 10, 0, 0) + s * 1000).toISOString();
export const RUN_START = at(0);
