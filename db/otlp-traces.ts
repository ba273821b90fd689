// Which run an OTLP trace belongs to, across requests (docs/otlp.md, "One
// trace, one run"). Exporters send spans in batches as they end, so a trace's
// tool spans usually arrive before the agent span that names the run
// (gen_ai.conversation.id): they first land in a run named after the trace
// id. `otlp_traces` remembers the run a trace's spans named; a later request
// without a run attribute for that trace joins it, and when the name comes
// after the spans, those already stored under the trace id are moved — both
// runs' totals fixed, the trace-id run deleted once empty. All of it and the
// request's own write happen in one transaction that holds an advisory lock
// per trace id, so two requests of one trace never interleave and a retry
// adds nothing. The move is O(spans of the trace) and runs once per trace.
import { sql } from "drizzle-orm";
import { addSpanTotalsFrom, cacheReadTokensSql, spanTotalsOf } from "./run-totals";
import { rowsOf, type Db } from "./client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type TraceRunPair = { traceId: string; runId: string };
export type TraceRunsOfRequest = {
  /** Traces whose spans in this request named no run (their run is the trace id for now). */
  unnamed: string[];
  /** Traces whose spans named a run, and that run. */
  named: TraceRunPair[];
};

/** First key of pg_advisory_xact_lock(int, int) for trace locks ("OTLP"), so they meet no other lock. */
const TRACE_LOCK_NAMESPACE = 0x4f544c50;

/**
 * In one transaction: lock the request's traces, remember the named ones (the
 * first run named for a trace wins) and move spans stored under their trace id,
 * look up the runs remembered for its unnamed traces, then
 * `write(tx, knownRuns)` — knownRuns maps an unnamed trace id to its run.
 */
export async function withTraceRuns<T>(
  db: Db,
  traces: TraceRunsOfRequest,
  write: (tx: Db, knownRuns: Map<string, string>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockTraces(tx, [...traces.unnamed, ...traces.named.map((t) => t.traceId)]);
    const toMove = await rememberTraceRuns(tx, traces.named);
    if (toMove.length > 0) await moveTraceSpans(tx, toMove);
    // After remembering: in a group of requests (docs/otlp.md#group-commit) one may name a trace another leaves unnamed.
    const knownRuns = await findTraceRuns(tx, traces.unnamed);
    return write(tx, knownRuns);
  });
}

/** Transaction-scoped locks, taken in key order so that two requests cannot deadlock. */
async function lockTraces(tx: Tx, traceIds: string[]): Promise<void> {
  if (traceIds.length === 0) return;
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(${TRACE_LOCK_NAMESPACE}::int, k)
    FROM (SELECT DISTINCT hashtext(t) AS k FROM json_array_elements_text(${JSON.stringify(traceIds)}::json) AS t ORDER BY k) AS keys`);
}

async function findTraceRuns(tx: Tx, traceIds: string[]): Promise<Map<string, string>> {
  if (traceIds.length === 0) return new Map();
  const rows = rowsOf<{ trace_id: string; run_id: string }>(
    await tx.execute(sql`
    SELECT trace_id, run_id FROM otlp_traces
    WHERE trace_id IN (SELECT json_array_elements_text(${JSON.stringify(traceIds)}::json))`),
  );
  return new Map(rows.map((r) => [r.trace_id, r.run_id]));
}

/**
 * Remember each trace's run unless one is known (the first run the request
 * names for a trace wins); the newly remembered ones that have spans under
 * their trace id. Their runs are created (or locked, so a concurrent delete
 * waits) in the same statement, before the foreign key of otlp_traces on runs
 * is checked at its end: the request's write, which upserts them too, comes
 * later in the transaction.
 */
async function rememberTraceRuns(tx: Tx, pairs: TraceRunPair[]): Promise<TraceRunPair[]> {
  if (pairs.length === 0) return [];
  const firstOfTrace = new Map<string, TraceRunPair>();
  for (const p of pairs) if (!firstOfTrace.has(p.traceId)) firstOfTrace.set(p.traceId, p);
  const rows = rowsOf<{ trace_id: string; run_id: string }>(
    await tx.execute(sql`
    WITH pairs AS (
      SELECT trace_id, run_id
      FROM json_to_recordset(${JSON.stringify(pairJson([...firstOfTrace.values()]))}::json) AS x(trace_id text, run_id text)
    ), new_runs AS (
      INSERT INTO runs (run_id)
      SELECT DISTINCT p.run_id FROM pairs p
      WHERE NOT EXISTS (SELECT 1 FROM otlp_traces t WHERE t.trace_id = p.trace_id)
      ORDER BY p.run_id -- rows locked in one order by every request: no deadlock between two
      ON CONFLICT (run_id) DO UPDATE SET updated_at = now()
    ), added AS (
      INSERT INTO otlp_traces (trace_id, run_id)
      SELECT trace_id, run_id FROM pairs
      ON CONFLICT (trace_id) DO NOTHING
      RETURNING trace_id, run_id
    )
    SELECT trace_id, run_id FROM added a
    WHERE a.run_id <> a.trace_id AND EXISTS (SELECT 1 FROM spans s WHERE s.run_id = a.trace_id)`),
  );
  return rows.map((r) => ({ traceId: r.trace_id, runId: r.run_id }));
}

/**
 * Move each trace's spans from the run named after its trace id to its run:
 * spans that run already holds are deleted instead (no primary-key conflict),
 * the moved ones added to its totals as an insert would, and the trace-id run
 * recounted from what is left — or deleted when nothing is left.
 */
async function moveTraceSpans(tx: Tx, pairs: TraceRunPair[]): Promise<void> {
  const json = JSON.stringify(pairJson(pairs));
  const pairsCte = sql`pairs AS (SELECT * FROM json_to_recordset(${json}::json) AS x(trace_id text, run_id text))`;
  // The target run (rememberTraceRuns made it) keeps the trace-id run's agent when it names none.
  await tx.execute(sql`
    WITH ${pairsCte}
    UPDATE runs r SET agent = t.agent FROM pairs p JOIN runs t ON t.run_id = p.trace_id
    WHERE r.run_id = p.run_id AND r.agent IS NULL AND t.agent IS NOT NULL`);
  // The moving spans' texts (db/run-texts.ts) go with them; one the target run already holds stays its own.
  await tx.execute(sql`
    WITH ${pairsCte}, moving AS (
      DELETE FROM run_texts t USING pairs p, spans s
      WHERE t.run_id = p.trace_id AND t.kind <> 'prompt' AND s.run_id = p.trace_id AND s.span_id = t.ref
        AND s.meta->>'trace_id' = p.trace_id
      RETURNING p.run_id, t.kind, t.ref, t.text
    )
    INSERT INTO run_texts (run_id, kind, ref, text) SELECT * FROM moving ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    WITH ${pairsCte}, duplicates AS (
      DELETE FROM spans s USING pairs p
      WHERE s.run_id = p.trace_id AND s.meta->>'trace_id' = p.trace_id
        AND EXISTS (SELECT 1 FROM spans d WHERE d.run_id = p.run_id AND d.span_id = s.span_id)
    ), moved AS (
      -- A moved span takes its new run's stored_month (and so its partition, db/partitions.ts).
      UPDATE spans s SET run_id = p.run_id, stored_month = r.stored_month FROM pairs p JOIN runs r ON r.run_id = p.run_id
      WHERE s.run_id = p.trace_id AND s.meta->>'trace_id' = p.trace_id
        AND NOT EXISTS (SELECT 1 FROM spans d WHERE d.run_id = p.run_id AND d.span_id = s.span_id)
      RETURNING s.run_id, s.kind, s.ok, s.tokens_in, s.tokens_out, s.cost_usd, s.t0, s.t1, s.meta
    ), agg AS (${spanTotalsOf(sql`moved`)})
    ${addSpanTotalsFrom(sql`agg x`)}`);
  // An emptied trace-id run goes; its cached reports follow by the foreign key's cascade.
  await tx.execute(sql`
    WITH ${pairsCte}
    DELETE FROM runs r USING pairs p
    WHERE r.run_id = p.trace_id
      AND NOT EXISTS (SELECT 1 FROM spans x WHERE x.run_id = r.run_id)
      AND NOT EXISTS (SELECT 1 FROM iterations x WHERE x.run_id = r.run_id)
      AND NOT EXISTS (SELECT 1 FROM events x WHERE x.run_id = r.run_id)
      AND NOT EXISTS (SELECT 1 FROM tasks x WHERE x.run_id = r.run_id)
      AND NOT EXISTS (SELECT 1 FROM comments x WHERE x.run_id = r.run_id)`);
  await recountRuns(tx, json);
}

/** A run's span totals and time range, recounted from its rows (subtracting cost would drift). */
async function recountRuns(tx: Tx, pairsJson: string): Promise<void> {
  await tx.execute(sql`
    UPDATE runs r SET span_count = s.n, failure_count = s.failures, span_tokens = s.tokens,
      span_cache_read_tokens = s.cache_read, cost_usd = s.cost,
      first_at = least(s.first_at, i.first_at, e.first_at), last_at = greatest(s.last_at, i.last_at, e.last_at),
      data_version = r.data_version + 1, updated_at = now()
    FROM json_to_recordset(${pairsJson}::json) AS p(trace_id text, run_id text),
      LATERAL (
        SELECT count(*) AS n, count(*) FILTER (WHERE NOT ok) AS failures,
               coalesce(sum(tokens_in) FILTER (WHERE kind IN ('tool', 'llm')), 0)
                 + coalesce(sum(tokens_out) FILTER (WHERE kind IN ('tool', 'llm')), 0) AS tokens,
               coalesce(sum(${cacheReadTokensSql(sql`meta`, sql`tokens_in`)}) FILTER (WHERE kind IN ('tool', 'llm')), 0)
                 AS cache_read,
               coalesce(sum(cost_usd) FILTER (WHERE kind IN ('tool', 'llm')), 0) AS cost,
               min(t0) AS first_at, max(t1) AS last_at
        FROM spans WHERE run_id = p.trace_id) s,
      LATERAL (SELECT min(ts) AS first_at, max(ts) AS last_at FROM iterations WHERE run_id = p.trace_id) i,
      LATERAL (SELECT min(ts) AS first_at, max(ts) AS last_at FROM events WHERE run_id = p.trace_id) e
    WHERE r.run_id = p.trace_id`);
}

function pairJson(pairs: TraceRunPair[]): { trace_id: string; run_id: string }[] {
  return pairs.map((p) => ({ trace_id: p.traceId, run_id: p.runId }));
}
