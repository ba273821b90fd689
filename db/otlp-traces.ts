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
import { addSpanTotalsFrom, spanTotalsOf } from "./run-totals";
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
 * In one transaction: lock the request's traces, look up the runs remembered
 * for its unnamed traces, remember the named ones (the first run named for a
 * trace wins) and move spans stored under their trace id, then
 * `write(tx, knownRuns)` — knownRuns maps an unnamed trace id to its run.
 */
export async function withTraceRuns<T>(
  db: Db,
  traces: TraceRunsOfRequest,
  write: (tx: Db, knownRuns: Map<string, string>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockTraces(tx, [...traces.unnamed, ...traces.named.map((t) => t.traceId)]);
    const knownRuns = await findTraceRuns(tx, traces.unnamed);
    const toMove = await rememberTraceRuns(tx, traces.named);
    if (toMove.length > 0) await moveTraceSpans(tx, toMove);
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

/** Remember each trace's run unless one is known; the newly remembered ones that have spans under their trace id. */
async function rememberTraceRuns(tx: Tx, pairs: TraceRunPair[]): Promise<TraceRunPair[]> {
  if (pairs.length === 0) return [];
  const rows = rowsOf<{ trace_id: string; run_id: string }>(
    await tx.execute(sql`
    WITH added AS (
      INSERT INTO otlp_traces (trace_id, run_id)
      SELECT trace_id, run_id FROM json_to_recordset(${JSON.stringify(pairJson(pairs))}::json) AS x(trace_id text, run_id text)
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
  // The target run may not exist yet (its spans come in this request's write): create it, agent kept.
  await tx.execute(sql`
    WITH ${pairsCte}
    INSERT INTO runs (run_id, agent)
    SELECT DISTINCT ON (p.run_id) p.run_id, t.agent FROM pairs p JOIN runs t ON t.run_id = p.trace_id ORDER BY p.run_id
    ON CONFLICT (run_id) DO UPDATE SET agent = coalesce(runs.agent, excluded.agent)`);
  await tx.execute(sql`
    WITH ${pairsCte}, duplicates AS (
      DELETE FROM spans s USING pairs p
      WHERE s.run_id = p.trace_id AND s.meta->>'trace_id' = p.trace_id
        AND EXISTS (SELECT 1 FROM spans d WHERE d.run_id = p.run_id AND d.span_id = s.span_id)
    ), moved AS (
      UPDATE spans s SET run_id = p.run_id FROM pairs p
      WHERE s.run_id = p.trace_id AND s.meta->>'trace_id' = p.trace_id
        AND NOT EXISTS (SELECT 1 FROM spans d WHERE d.run_id = p.run_id AND d.span_id = s.span_id)
      RETURNING s.run_id, s.kind, s.ok, s.tokens_in, s.tokens_out, s.cost_usd, s.t0, s.t1
    ), agg AS (${spanTotalsOf(sql`moved`)})
    ${addSpanTotalsFrom(sql`agg x`)}`);
  await tx.execute(sql`
    WITH ${pairsCte}, emptied AS (
      DELETE FROM runs r USING pairs p
      WHERE r.run_id = p.trace_id
        AND NOT EXISTS (SELECT 1 FROM spans x WHERE x.run_id = r.run_id)
        AND NOT EXISTS (SELECT 1 FROM iterations x WHERE x.run_id = r.run_id)
        AND NOT EXISTS (SELECT 1 FROM events x WHERE x.run_id = r.run_id)
        AND NOT EXISTS (SELECT 1 FROM tasks x WHERE x.run_id = r.run_id)
        AND NOT EXISTS (SELECT 1 FROM comments x WHERE x.run_id = r.run_id)
      RETURNING r.run_id
    )
    DELETE FROM analysis_cache a USING emptied e WHERE a.run_id = e.run_id`);
  await recountRuns(tx, json);
}

/** A run's span totals and time range, recounted from its rows (subtracting cost would drift). */
async function recountRuns(tx: Tx, pairsJson: string): Promise<void> {
  await tx.execute(sql`
    UPDATE runs r SET span_count = s.n, failure_count = s.failures, span_tokens = s.tokens, cost_usd = s.cost,
      first_at = least(s.first_at, i.first_at, e.first_at), last_at = greatest(s.last_at, i.last_at, e.last_at),
      data_version = r.data_version + 1, updated_at = now()
    FROM json_to_recordset(${pairsJson}::json) AS p(trace_id text, run_id text),
      LATERAL (
        SELECT count(*) AS n, count(*) FILTER (WHERE NOT ok) AS failures,
               coalesce(sum(tokens_in) FILTER (WHERE kind IN ('tool', 'llm')), 0)
                 + coalesce(sum(tokens_out) FILTER (WHERE kind IN ('tool', 'llm')), 0) AS tokens,
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
