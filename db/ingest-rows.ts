// Records → the JSON text of their table rows (snake_case, times as ISO
// strings with microseconds) for json_to_recordset in ingest-writer.ts.
// Built by string concatenation per row: this is the ingest hot path.
import type { StoredEvent, StoredIteration, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";

export function toSpanRows(spans: StoredSpan[]): string {
  return JSON.stringify(
    spans.map((s) => ({
      run_id: s.runId,
      span_id: s.spanId,
      parent_id: s.parentId,
      name: s.name,
      kind: s.kind,
      t0: formatTimeUs(s.t0Us),
      t1: formatTimeUs(s.t1Us),
      duration_ms: (s.t1Us - s.t0Us) / 1000,
      ok: s.ok,
      error: s.error,
      iteration: s.iteration,
      task_id: s.taskId,
      tokens_in: s.tokensIn,
      tokens_out: s.tokensOut,
      cost_usd: s.costUsd,
      meta: s.meta,
    })),
  );
}

export function toIterationRows(items: StoredIteration[]): string {
  return JSON.stringify(
    items.map((i) => ({
      run_id: i.runId,
      n: i.n,
      ts: formatTimeUs(i.tsUs),
      task_id: i.taskId,
      tasks_completed: i.tasksCompleted,
      files_modified: i.filesModified,
      lines_added: i.linesAdded,
      lines_removed: i.linesRemoved,
      tests: i.tests,
      newly_passing: i.newlyPassing,
      build_errors_resolved: i.buildErrorsResolved,
      errors: i.errors,
      reverted: i.reverted,
      output_lines: i.outputLines,
      api_calls: i.apiCalls,
      tokens_used: i.tokensUsed,
      context_tokens: i.contextTokens,
      context_window: i.contextWindow,
      approach: i.approach,
      work_kind: i.workKind,
      attrs: i.attrs,
    })),
  );
}

export function toEventRows(items: StoredEvent[]): string {
  return JSON.stringify(
    items.map((e) => ({
      run_id: e.runId,
      event_id: e.eventId,
      ts: formatTimeUs(e.tsUs),
      kind: e.kind,
      tool: e.tool,
      detail: e.detail,
      status: e.status,
      state: e.state,
      reason: e.reason,
      task_id: e.taskId,
      attrs: e.attrs,
    })),
  );
}
