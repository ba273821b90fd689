// Records → table rows for the ingest's raw SQL: JSON for json_to_recordset
// in ingest-writer.ts, and the span rows ingest-copy.ts turns into COPY text.
// A row is the drizzle insert type of its table with every column present,
// keyed by property (`runId`, the recordset definitions of table-columns.ts
// read those keys): a column added to db/schema.ts is a compile error here
// until its value is mapped, and nothing else needs an edit. Times are ISO
// strings with microseconds. A span row carries its run's stored_month, read
// from the run's row the batch's transaction upserted first (RunMonths), so a
// run's spans share one partition (db/partitions.ts). O(records); this is the
// ingest hot path.
import type { StoredEvent, StoredIteration, StoredSpan, StoredTask } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import type { events, iterations, spans, tasks } from "./schema";

export type SpanRow = Required<typeof spans.$inferInsert>;
export type IterationRow = Required<typeof iterations.$inferInsert>;
export type EventRow = Required<typeof events.$inferInsert>;
export type TaskRow = Required<typeof tasks.$inferInsert>;

/** Each run's stored_month ('YYYY-MM-DD') by run id, as the runs upsert returned it. */
export type RunMonths = ReadonlyMap<string, string>;

/** `formatTime` lets the COPY path use its faster formatter of the same text. */
export function toSpanRow(
  s: StoredSpan,
  months: RunMonths,
  formatTime: (us: number) => string = formatTimeUs,
): SpanRow {
  const storedMonth = months.get(s.runId);
  if (storedMonth === undefined) throw new Error(`no stored_month for run ${s.runId}: upsert the run first`);
  return {
    runId: s.runId,
    spanId: s.spanId,
    parentId: s.parentId,
    name: s.name,
    kind: s.kind,
    t0: formatTime(s.t0Us),
    t1: formatTime(s.t1Us),
    durationMs: (s.t1Us - s.t0Us) / 1000,
    ok: s.ok,
    error: s.error,
    iteration: s.iteration,
    taskId: s.taskId,
    tokensIn: s.tokensIn,
    tokensOut: s.tokensOut,
    costUsd: s.costUsd,
    input: s.input,
    output: s.output,
    meta: s.meta,
    storedMonth,
  };
}

export function toIterationRow(i: StoredIteration): IterationRow {
  return {
    runId: i.runId,
    n: i.n,
    ts: formatTimeUs(i.tsUs),
    taskId: i.taskId,
    tasksCompleted: i.tasksCompleted,
    filesModified: i.filesModified,
    linesAdded: i.linesAdded,
    linesRemoved: i.linesRemoved,
    tests: i.tests,
    newlyPassing: i.newlyPassing,
    buildErrorsResolved: i.buildErrorsResolved,
    errors: i.errors,
    reverted: i.reverted,
    outputLines: i.outputLines,
    apiCalls: i.apiCalls,
    tokensUsed: i.tokensUsed,
    contextTokens: i.contextTokens,
    contextWindow: i.contextWindow,
    approach: i.approach,
    workKind: i.workKind,
    attrs: i.attrs,
  };
}

export function toEventRow(e: StoredEvent): EventRow {
  return {
    runId: e.runId,
    eventId: e.eventId,
    ts: formatTimeUs(e.tsUs),
    kind: e.kind,
    tool: e.tool,
    detail: e.detail,
    status: e.status,
    state: e.state,
    reason: e.reason,
    taskId: e.taskId,
    attrs: e.attrs,
  };
}

export function toTaskRow(t: StoredTask): TaskRow {
  return {
    runId: t.runId,
    taskId: t.taskId,
    title: t.title,
    status: t.status,
    errorCount: t.errorCount,
    tokensUsed: t.tokensUsed,
    attrs: t.attrs,
  };
}

/** The JSON text of the items' rows, for one json_to_recordset parameter. */
export function rowsJson<R>(items: readonly R[], toRow: (item: R) => object): string {
  return JSON.stringify(items.map((item) => toRow(item)));
}
