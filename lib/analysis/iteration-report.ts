// SPEC §3.4–§3.6, §3.8, §3.10: the iteration side of the analysis report.
// Entry point only: derives the shared per-iteration context once, then hands
// it to one builder per report key. O(iterations + events) overall.
// Deliberately does not read spans (their tokens arrive summed per task).
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import type { IterationReport } from "./iteration-report-types";

export type * from "./iteration-report-types";

export type IterationInput = {
  runStartUs: number;
  /** Sorted by n. */
  iterations: StoredIteration[];
  /** Sorted by ts, then arrival. */
  events: StoredEvent[];
  tasks: StoredTask[];
  /** tokens_in + tokens_out of spans per task_id (§3.12.8). */
  taskSpanTokens: Record<string, number>;
};

export function buildIterationReport(input: IterationInput, s: AnalysisSettings): IterationReport {
  void input;
  void s;
  return {
    layers: { events: [], status: "NORMAL", action: "NONE" },
    stagnation: { iterations: [], detections: [] },
    loop_breaker: { transitions: [], final_state: "CLOSED", savings: { iterations: 0, tokens: 0, ms: 0 } },
    token_budget: { iterations: [], transitions: [], missed_compaction: [], no_fallback: 0 },
    context_clear: {
      decision: "keep",
      reasons: [],
      factors: {
        token_usage: { value: 0, threshold: s.context_fill_pct, fired: false },
        task_complexity: { value: 1, threshold: s.context_complexity, fired: false },
        completed_tasks: { value: 0, threshold: s.context_completed_tasks, fired: false },
        error_rate: { value: 0, threshold: s.context_error_rate_pct, fired: false },
        absolute_limit: { value: 0, threshold: s.context_absolute_limit, fired: false },
      },
    },
  };
}
