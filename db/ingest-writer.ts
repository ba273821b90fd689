// Writes one ingest batch in one transaction (docs/decisions.md#ingest):
// either every record of the batch is stored or none is. The batch's runs are
// upserted first, so the foreign key every other table has on runs holds (a
// run deleted while it is being uploaded is created again, not failed), and
// each span takes its run's stored_month from the upsert's RETURNING. The
// batch's spans are deduplicated here (the first record of a span id wins, but
// an answered call over its no-result placeholder: lib/ingest/span-precedence.ts),
// then take the COPY fast path of ingest-copy.ts: COPYed straight into
// `spans`, the runs' totals added from aggregates computed in JS. COPY cannot
// skip a stored span, so a batch holding one (a re-upload) fails with a
// unique violation; its transaction is rolled back whole and the batch is
// written again, in a new transaction, on the general path: one statement per
// table whose rows travel as one JSON parameter expanded by json_to_recordset
// (no parameter-count limit, identical on PGlite and postgres.js), ON
// CONFLICT DO NOTHING so a re-upload adds nothing (a stored placeholder the
// batch answers is deleted first, with its totals), and the runs' totals
// updated from the rows really inserted (RETURNING), so they stay exact.
// Each write counts the records that added a row (a span, iteration or event
// not stored yet, a task or run record whose row it created): the ingest
// answer's `stored`, 0 for a re-upload (docs/api.md#ingest).
// The texts the runs list searches (prompts, replies, tool arguments:
// db/run-texts.ts) go in the same transaction, pipelined with the rest, ON
// CONFLICT DO NOTHING on both paths; a batch without text sends no statement.
// Column lists and row types come from db/schema.ts (table-columns.ts,
// ingest-rows.ts). Round trips on postgres.js, fast path: BEGIN, runs, COPY
// (two), the other tables pipelined (one), COMMIT. A batch the database
// refuses for its data is split until the refused records are found
// (ingest-bisect.ts): they are reported, the rest is stored.
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { BatchWriteOutcome, StoredRecord, StoredRun, StoredSpan, StoredTask } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { keptSpans, NO_RESULT_ERROR } from "@/lib/ingest/span-precedence";
import type { Db } from "./client";
import { writeRefusingBadRecords } from "./ingest-bisect";
import { rowsOf } from "./client";
import { addSpanTotals, copySpans, spanTotalsByRun, type SpanTotals, type Tx } from "./ingest-copy";
import { rowsJson, toEventRow, toIterationRow, toSpanRow, toTaskRow, type RunMonths } from "./ingest-rows";
import { isUniqueViolation } from "./pg-errors";
import { runTextsOf } from "@/lib/search/run-texts";
import { insertRunTexts } from "./run-texts";
import { addSpanTotalsFrom, addTokensCapped, SPAN_TOTALS_COLUMNS, spanTotalsOf } from "./run-totals";
import { events, iterations, runs, spans as spansTable, tasks as tasksTable } from "./schema";
import { insertColumnsOf, type InsertColumns } from "./table-columns";

// Column lists from the schema (table-columns.ts), computed once. A run
// record sets only the run's own fields; its totals belong to the writers.
const RUN_RECORD_KEYS = [
  "runId",
  "name",
  "agent",
  "startedAt",
  "labels",
  "config",
  "attrs",
  "shape",
  "outcome",
] as const;
type RunUpsertRow = Required<Pick<typeof runs.$inferInsert, (typeof RUN_RECORD_KEYS)[number]>>;
const RUN_UPSERT = insertColumnsOf(runs, RUN_RECORD_KEYS);
const SPAN_INSERT = insertColumnsOf(spansTable);
const ITERATION_INSERT = insertColumnsOf(iterations);
const EVENT_INSERT = insertColumnsOf(events);
const TASK_INSERT = insertColumnsOf(tasksTable);

/** How a batch's run records treat a run that is already stored (docs/accounts.md#api-keys). */
export type RunWriteOptions = {
  /** Fill in what the stored run lacks, never replace what it says (an ingest key's upload); default false. */
  keepStoredRuns?: boolean;
};

/** Store a batch: whole, or, when the database refuses some of its records, all but those (reported by index). */
export function writeBatch(db: Db, batch: StoredRecord[], opts: RunWriteOptions = {}): Promise<BatchWriteOutcome> {
  return writeRefusingBadRecords(batch, (records) => writeWhole(db, records, opts.keepStoredRuns ?? false));
}

/** Store records in one transaction (or two: see the header), or throw; resolves with how many were new. */
async function writeWhole(db: Db, batch: StoredRecord[], keepStoredRuns: boolean): Promise<number> {
  const byType = splitByType(batch);
  const spans = firstOfEachSpan(byType.spans);
  const totals = spans.length ? spanTotalsByRun(spans) : null;
  if (totals) {
    try {
      return await db.transaction((tx) => writeRecords(tx, byType, spans, totals, keepStoredRuns));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A span of the batch is already stored: nothing of this attempt was kept.
    }
  }
  return db.transaction((tx) => writeRecords(tx, byType, spans, null, keepStoredRuns));
}

type ByType = ReturnType<typeof splitByType>;

/** With `copyTotals`, the spans go by COPY and those are their runs' totals; else by INSERT … ON CONFLICT. */
async function writeRecords(
  tx: Tx,
  byType: ByType,
  spans: StoredSpan[],
  copyTotals: SpanTotals[] | null,
  keepStoredRuns: boolean,
): Promise<number> {
  // First, and not pipelined: the upsert locks (or creates) each run row, so
  // a concurrent DELETE of the run waits for this transaction and cascades
  // to what it wrote, and the foreign key checks below always find the run.
  const { newRuns, months } = await upsertRuns(tx, byType.runIds, byType.runs, keepStoredRuns);
  // COPY stores every span or fails whole: on this path every span is new.
  if (copyTotals) await copySpans(tx, spans, months);
  const copied = copyTotals ? addSpanTotals(tx, copyTotals).then(() => spans.length) : null;
  const texts = runTextsOf(spans, byType.iterations);
  // Independent statements, pipelined on the transaction's connection.
  const counts = await settleAll([
    texts.length ? insertRunTexts(tx, texts).then(() => 0) : null,
    copied ?? (spans.length ? insertSpans(tx, spanRowsJson(spans, months)) : null),
    byType.iterations.length ? insertIterations(tx, rowsJson(byType.iterations, toIterationRow)) : null,
    byType.events.length ? insertEvents(tx, rowsJson(byType.events, toEventRow)) : null,
    byType.tasks.length ? upsertTasks(tx, mergeTasks(byType.tasks)) : null,
  ]);
  return newRuns + counts.reduce((a, b) => a + b, 0);
}

/**
 * Wait for every statement, then throw the first failure in statement order
 * (later ones only report the aborted transaction): the transaction must not
 * end while a statement of it is still in flight.
 */
async function settleAll(statements: (Promise<number> | null)[]): Promise<number[]> {
  const results = await Promise.allSettled(statements);
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((r) => (r.status === "fulfilled" ? (r.value ?? 0) : 0));
}

/** The sum of a RETURNING column `n` (one row per run): how many rows a statement added. */
const sumOf = (result: unknown): number => rowsOf<{ n: number | string }>(result).reduce((a, r) => a + Number(r.n), 0);

/** The spans' rows for insertSpans, each with its run's stored_month. */
const spanRowsJson = (spans: StoredSpan[], months: RunMonths) => rowsJson(spans, (s) => toSpanRow(s, months));

/** The first record of each (run, span) id, in batch order — or the answered call over its placeholder (span-precedence.ts). */
function firstOfEachSpan(spans: StoredSpan[]): StoredSpan[] {
  return keptSpans(spans, (s) => `${s.runId}\u0000${s.spanId}`);
}

function splitByType(batch: StoredRecord[]) {
  const out = {
    runIds: new Set<string>(),
    runs: new Map<string, StoredRun>(),
    spans: [] as Extract<StoredRecord, { type: "span" }>[],
    iterations: [] as Extract<StoredRecord, { type: "iteration" }>[],
    events: [] as Extract<StoredRecord, { type: "event" }>[],
    tasks: [] as StoredTask[],
  };
  for (const r of batch) {
    out.runIds.add(r.runId);
    if (r.type === "run") out.runs.set(r.runId, mergeRun(out.runs.get(r.runId), r));
    else if (r.type === "span") out.spans.push(r);
    else if (r.type === "iteration") out.iterations.push(r);
    else if (r.type === "event") out.events.push(r);
    else out.tasks.push(r);
  }
  return out;
}

/** Later run records merge into earlier ones: labels/config merged, a present name wins. */
function mergeRun(prev: StoredRun | undefined, next: StoredRun): StoredRun {
  if (!prev) return next;
  return {
    ...next,
    name: next.name ?? prev.name,
    agent: next.agent ?? prev.agent,
    startedAtUs: next.startedAtUs ?? prev.startedAtUs,
    shape: next.shape ?? prev.shape,
    outcome: next.outcome ?? prev.outcome,
    labels: { ...prev.labels, ...next.labels },
    config: { ...prev.config, ...next.config },
    attrs: { ...prev.attrs, ...next.attrs },
  };
}

function mergeTasks(tasks: StoredTask[]): StoredTask[] {
  const byKey = new Map<string, StoredTask>();
  for (const t of tasks) {
    const key = `${t.runId}\u0000${t.taskId}`;
    const prev = byKey.get(key);
    byKey.set(
      key,
      prev
        ? {
            ...t,
            title: t.title ?? prev.title,
            status: t.status ?? prev.status,
            errorCount: t.errorCount ?? prev.errorCount,
            tokensUsed: t.tokensUsed ?? prev.tokensUsed,
            attrs: { ...prev.attrs, ...t.attrs },
          }
        : t,
    );
  }
  return [...byKey.values()];
}

/**
 * Upsert the batch's runs; resolves with how many run records created their
 * run, and every run's stored_month (set when its row was created, never here).
 */
async function upsertRuns(
  tx: Tx,
  runIds: Set<string>,
  records: Map<string, StoredRun>,
  keepStoredRuns: boolean,
): Promise<{ newRuns: number; months: RunMonths }> {
  // Sorted: concurrent batches that share runs lock their rows in one order, never in a deadlock.
  const rows = [...runIds].sort().map((runId): RunUpsertRow => {
    const r = records.get(runId);
    return {
      runId,
      name: r?.name ?? null,
      agent: r?.agent ?? null,
      startedAt: r?.startedAtUs != null ? formatTimeUs(r.startedAtUs) : null,
      labels: r?.labels ?? {},
      config: r?.config ?? {},
      attrs: r?.attrs ?? {},
      shape: r?.shape ?? null,
      outcome: r?.outcome ?? null,
    };
  });
  const result = await tx.execute(sql`
    INSERT INTO runs (${RUN_UPSERT.names})
    SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(${RUN_UPSERT.recordset})
    ON CONFLICT (run_id) DO UPDATE SET
      ${keepStoredRuns ? FILL_IN_RUN : REPLACE_IN_RUN},
      -- A file's outcome never replaces a grader's (docs/import.md#shapes-and-outcomes).
      outcome = CASE WHEN excluded.outcome IS NULL OR runs.outcome->>'source' = 'api' THEN runs.outcome
        ELSE excluded.outcome END,
      data_version = runs.data_version + 1,
      updated_at = now()
    RETURNING run_id, (xmax = 0) AS inserted, to_char(stored_month, 'YYYY-MM-DD') AS stored_month`);
  const upserted = rowsOf<{ run_id: string; inserted: boolean; stored_month: string }>(result);
  return {
    newRuns: upserted.filter((r) => r.inserted && records.has(r.run_id)).length,
    months: new Map(upserted.map((r) => [r.run_id, r.stored_month])),
  };
}

// A run record's columns: a value that is present wins over an absent one; objects merge, the
// winner's keys on top. Which side wins: the record's (REPLACE_IN_RUN), or for an ingest key the
// stored run's (FILL_IN_RUN) — it names a new run, never renames or relabels one.
const RUN_VALUES = ["name", "agent", "started_at", "shape"] as const;
const RUN_OBJECTS = ["labels", "config", "attrs"] as const;

function mergeRunColumns(winner: "excluded" | "runs"): SQL {
  const loser = winner === "excluded" ? "runs" : "excluded";
  return sql.raw(
    [
      ...RUN_VALUES.map((c) => `${c} = coalesce(${winner}.${c}, ${loser}.${c})`),
      ...RUN_OBJECTS.map((c) => `${c} = ${loser}.${c} || ${winner}.${c}`),
    ].join(",\n      "),
  );
}
const REPLACE_IN_RUN = mergeRunColumns("excluded");
const FILL_IN_RUN = mergeRunColumns("runs");

/** INSERT the rows of `rowsJson` not stored yet (a re-upload adds nothing), RETURNING what the totals need. */
function insertNewRows(table: PgTable, columns: InsertColumns, rowsJson: string, returning: SQL): SQL {
  return sql`INSERT INTO ${table} (${columns.names})
      SELECT * FROM json_to_recordset(${rowsJson}::json) AS x(${columns.recordset})
      ON CONFLICT DO NOTHING
      RETURNING ${returning}`;
}

/** UPDATE runs from `agg` (run_id, first_at, last_at and what `counts` adds), bumping data_version. */
function addToRuns(counts: SQL): SQL {
  return sql`UPDATE runs SET ${counts},
      first_at = least(runs.first_at, agg.first_at), last_at = greatest(runs.last_at, agg.last_at),
      data_version = data_version + 1, updated_at = now()
    FROM agg WHERE runs.run_id = agg.run_id
    RETURNING agg.n`;
}

async function insertSpans(tx: Tx, rowsJson: string): Promise<number> {
  await dropAnsweredPlaceholders(tx, rowsJson);
  return sumOf(
    await tx.execute(sql`
    WITH ins AS (${insertNewRows(spansTable, SPAN_INSERT, rowsJson, SPAN_TOTALS_COLUMNS)}),
    agg AS (${spanTotalsOf(sql`ins`)})
    ${addSpanTotalsFrom(sql`agg x`)}
    RETURNING x.n`),
  );
}

/**
 * A stored placeholder for a call without its result (lib/ingest/span-precedence.ts)
 * that the batch sends answered is deleted first, with its run's totals, so the
 * insert then stores the answered call. Only here: the COPY path stores new spans only.
 */
async function dropAnsweredPlaceholders(tx: Tx, rowsJson: string): Promise<void> {
  await tx.execute(sql`
    WITH answered AS (
      SELECT "runId" AS run_id, "spanId" AS span_id
      FROM json_to_recordset(${rowsJson}::json) AS x("runId" text, "spanId" text, ok boolean, error text)
      WHERE ok OR error IS DISTINCT FROM ${NO_RESULT_ERROR}
    ), gone AS (
      DELETE FROM spans s USING answered a
      WHERE s.run_id = a.run_id AND s.span_id = a.span_id AND NOT s.ok AND s.error = ${NO_RESULT_ERROR}
      RETURNING s.run_id, s.kind, s.ok, s.tokens_in, s.tokens_out, s.cost_usd, s.t0, s.t1, s.meta
    ), x AS (${spanTotalsOf(sql`gone`)})
    UPDATE runs SET span_count = span_count - x.n, failure_count = failure_count - x.failures,
      span_tokens = greatest(span_tokens - x.tokens, 0),
      span_cache_read_tokens = greatest(span_cache_read_tokens - x.cache_read, 0),
      cost_usd = greatest(runs.cost_usd - x.cost, 0), updated_at = now()
    FROM x WHERE runs.run_id = x.run_id`);
}

async function insertIterations(tx: Tx, rowsJson: string): Promise<number> {
  const result = await tx.execute(sql`
    WITH ins AS (${insertNewRows(iterations, ITERATION_INSERT, rowsJson, sql`run_id, ts, tokens_used`)}),
    agg AS (
      SELECT run_id, count(*) AS n, coalesce(sum(tokens_used), 0) AS tokens, min(ts) AS first_at, max(ts) AS last_at
      FROM ins GROUP BY run_id
    )
    ${addToRuns(sql`iteration_count = iteration_count + agg.n, iteration_tokens = ${addTokensCapped(sql`iteration_tokens`, sql`agg.tokens`)}`)}`);
  return sumOf(result);
}

async function insertEvents(tx: Tx, rowsJson: string): Promise<number> {
  const result = await tx.execute(sql`
    WITH ins AS (${insertNewRows(events, EVENT_INSERT, rowsJson, sql`run_id, ts`)}),
    agg AS (SELECT run_id, count(*) AS n, min(ts) AS first_at, max(ts) AS last_at FROM ins GROUP BY run_id)
    ${addToRuns(sql`event_count = event_count + agg.n`)}`);
  return sumOf(result);
}

/** Upsert the batch's tasks; resolves with how many were not stored before. */
async function upsertTasks(tx: Tx, tasks: StoredTask[]): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO tasks (${TASK_INSERT.names})
    SELECT * FROM json_to_recordset(${rowsJson(tasks, toTaskRow)}::json) AS x(${TASK_INSERT.recordset})
    ON CONFLICT (run_id, task_id) DO UPDATE SET
      title = coalesce(excluded.title, tasks.title), status = coalesce(excluded.status, tasks.status),
      error_count = coalesce(excluded.error_count, tasks.error_count),
      tokens_used = coalesce(excluded.tokens_used, tasks.tokens_used),
      attrs = tasks.attrs || excluded.attrs
    RETURNING (xmax = 0) AS inserted`);
  return rowsOf<{ inserted: boolean }>(result).filter((r) => r.inserted).length;
}
