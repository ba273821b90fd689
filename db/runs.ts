// Queries over runs (docs/api.md): the filtered, sorted, keyset-paginated list,
// one run with its counts, and delete. Times are read as float epoch
// microseconds (exact below 2^53) so both drivers return the same numbers.
import { eq, sql, type SQL } from "drizzle-orm";
import {
  decodeRunCursor,
  encodeCursor,
  type RunDetail,
  type RunListItem,
  type RunListQuery,
  type RunSummary,
  type RunVerdict,
} from "@/lib/schemas/api";
import { ANALYSIS_VERSION } from "@/lib/analysis/version";
import { resolveOutcome, type Outcome, type RunShape } from "@/lib/schemas/run-outcome";
import { hasNoNul } from "@/lib/schemas/storable";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { textMatches, withTextMatches } from "./run-texts";
import { runs } from "./schema";

type RunRow = {
  run_id: string;
  name: string | null;
  agent: string | null;
  labels: Record<string, string>;
  config: Record<string, unknown>;
  start_us: number | null;
  end_us: number | null;
  span_count: number | string;
  failure_count: number | string;
  iteration_count: number;
  event_count: number;
  tokens: number | string;
  cache_read_tokens: number | string;
  cost_usd: number;
  data_version: number;
  verdict: RunVerdict | null;
  verdict_fresh: boolean;
  review_status: RunSummary["review"]["status"] | null;
  review_category: RunSummary["review"]["category"];
  shape: RunShape;
  outcome: Outcome | null;
  sort_key: number | string;
};

const START = sql`coalesce(r.started_at, r.first_at)`;
/** The run's shape: its own, else from its iterations (lib/schemas/run-outcome.ts defaultShapeOf: the same rule). */
export const SHAPE = sql`coalesce(r.shape, CASE WHEN r.iteration_count > 0 THEN 'loop' ELSE 'spans' END)`;
/** The run's outcome status: its own unless unknown, else a done review's, else unknown (resolveOutcome). */
const OUTCOME_STATUS = sql`CASE
    WHEN r.outcome ->> 'status' IN ('success', 'failure') THEN r.outcome ->> 'status'
    WHEN v.status = 'done' AND v.category = 'none' THEN 'success'
    WHEN v.status = 'done' AND v.category IS NOT NULL THEN 'failure'
    ELSE 'unknown' END`;
/**
 * The run's Tokens (lib/analysis/run-tokens.ts runTokensOf: the same rule, held to it by
 * tests/integration/run-tokens.test.ts): its calls' tokens less their cache reads, else its iterations'.
 * A read of its row's running totals, so sorting by it never scans spans.
 */
const TOKENS = sql`(CASE WHEN r.span_tokens > 0 THEN greatest(r.span_tokens - r.span_cache_read_tokens, 0)
    ELSE r.iteration_tokens END)`;
/** The cache reads shown beside the Tokens (runTokensOf): the calls', none when the iterations' count. */
const CACHE_READ_TOKENS = sql`(CASE WHEN r.span_tokens > 0 THEN r.span_cache_read_tokens ELSE 0 END)`;
const SORT_EXPR: Record<RunListQuery["sort"], SQL> = {
  started: sql`coalesce(extract(epoch from ${START}) * 1000000, 0)::float8`,
  duration: sql`coalesce(extract(epoch from (r.last_at - ${START})) * 1000, 0)::float8`,
  spans: sql`r.span_count::float8`,
  failures: sql`r.failure_count::float8`,
  tokens: sql`${TOKENS}::float8`,
  name: sql`coalesce(r.name, r.run_id)`,
};

const SELECT = sql`
  SELECT r.run_id, r.name, r.agent, r.labels, r.config,
    (extract(epoch from ${START}) * 1000000)::float8 AS start_us,
    (extract(epoch from r.last_at) * 1000000)::float8 AS end_us,
    r.span_count, r.failure_count, r.iteration_count, r.event_count, ${TOKENS} AS tokens,
    ${CACHE_READ_TOKENS} AS cache_read_tokens,
    r.cost_usd, r.data_version, r.verdict, (r.verdict_version = r.data_version AND r.verdict_rules = ${ANALYSIS_VERSION}) AS verdict_fresh,
    v.status AS review_status, v.category AS review_category, ${SHAPE} AS shape, r.outcome`;
/** Every runs query joins the run's review (none: open). */
const FROM = sql`FROM runs r LEFT JOIN reviews v ON v.run_id = r.run_id`;

/** A page of runs; with `q`, those whose name or id holds it or whose conversation's text matches it (db/run-texts.ts). */
export async function listRuns(db: Db, q: RunListQuery): Promise<{ runs: RunListItem[]; next_cursor: string | null }> {
  const sortExpr = SORT_EXPR[q.sort];
  const where: SQL[] = [sql`true`];
  if (q.q) where.push(sql`(r.name ILIKE ${`%${q.q}%`} OR r.run_id ILIKE ${`%${q.q}%`} OR ${textMatches(q.q)})`);
  if (q.agent) where.push(sql`r.agent = ${q.agent}`);
  if (q.label) where.push(labelFilter(q.label));
  if (q.from) where.push(sql`${START} >= ${q.from}::timestamptz`);
  if (q.to) where.push(sql`${START} <= ${q.to}::timestamptz`);
  if (q.status) where.push(statusFilter(q.status));
  if (q.review) where.push(sql`coalesce(v.status, 'open') = ${q.review}`);
  if (q.category) where.push(sql`v.category = ${q.category}`);
  if (q.shape) where.push(sql`${SHAPE} = ${q.shape}`);
  if (q.outcome) where.push(sql`${OUTCOME_STATUS} = ${q.outcome}`);
  const after = q.cursor ? decodeRunCursor(q.cursor, q.sort) : null;
  if (after) {
    const cmp = q.order === "desc" ? sql`<` : sql`>`;
    where.push(sql`(${sortExpr}, r.run_id) ${cmp} (${after[0]}, ${after[1]})`);
  }
  const dir = q.order === "desc" ? sql`DESC` : sql`ASC`;
  const rows = rowsOf<RunRow>(
    await db.execute(sql`${SELECT}, ${sortExpr} AS sort_key ${FROM}
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY sort_key ${dir}, r.run_id ${dir} LIMIT ${q.limit + 1}`),
  );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const next_cursor = rows.length > q.limit && last ? encodeCursor([last.sort_key, last.run_id]) : null;
  return { runs: await withTextMatches(db, page.map(toSummary), q.q), next_cursor };
}

export async function getRun(db: Db, runId: string): Promise<RunDetail | null> {
  if (!hasNoNul(runId)) return null; // no run id holds NUL; the database would refuse the comparison
  const rows = rowsOf<RunRow & { updated_us: number }>(
    await db.execute(sql`${SELECT}, (extract(epoch from r.updated_at) * 1000000)::float8 AS updated_us,
      0 AS sort_key ${FROM} WHERE r.run_id = ${runId}`),
  );
  const row = rows[0];
  if (!row) return null;
  const updated_at = formatTimeUs(Math.round(Number(row.updated_us)));
  return { ...toSummary(row), config: row.config, data_version: row.data_version, updated_at };
}

/** Delete a run; everything in it goes with it (every run table references runs ON DELETE CASCADE). */
export async function deleteRun(db: Db, runId: string): Promise<boolean> {
  if (!hasNoNul(runId)) return false;
  const gone = await db.delete(runs).where(eq(runs.runId, runId)).returning({ runId: runs.runId });
  return gone.length > 0;
}

/** Distinct agents and label keys, for the runs page's filters. */
export async function listRunFacets(db: Db): Promise<{ agents: string[]; labels: string[] }> {
  const agents = rowsOf<{ agent: string }>(
    await db.execute(sql`SELECT DISTINCT agent FROM runs WHERE agent IS NOT NULL ORDER BY agent LIMIT 200`),
  );
  const labels = rowsOf<{ label: string }>(
    await db.execute(
      sql`SELECT DISTINCT l.key || ':' || l.value AS label FROM runs, jsonb_each_text(runs.labels) l ORDER BY 1 LIMIT 500`,
    ),
  );
  return { agents: agents.map((a) => a.agent), labels: labels.map((l) => l.label) };
}

function labelFilter(label: string): SQL {
  const m = /^([^:=]+)[:=](.*)$/.exec(label);
  if (!m) return sql`r.labels ? ${label}`;
  const [, key = "", value = ""] = m;
  return sql`r.labels @> ${JSON.stringify({ [key.trim()]: value.trim() })}::jsonb`;
}

function statusFilter(status: NonNullable<RunListQuery["status"]>): SQL {
  switch (status) {
    case "tripped":
      return sql`(r.verdict ->> 'tripped')::boolean IS TRUE`;
    case "clean":
      return sql`(r.verdict ->> 'tripped')::boolean IS FALSE`;
    case "failing":
      return sql`r.failure_count > 0`;
    case "unanalysed":
      return sql`r.verdict IS NULL`;
  }
}

function toSummary(row: RunRow): RunSummary {
  const start = row.start_us == null ? null : Number(row.start_us);
  const end = row.end_us == null ? null : Number(row.end_us);
  return {
    run_id: row.run_id,
    name: row.name,
    agent: row.agent,
    labels: row.labels ?? {},
    started_at: start == null ? null : formatTimeUs(start),
    ended_at: end == null ? null : formatTimeUs(end),
    duration_ms: start != null && end != null ? Math.max(0, (end - start) / 1000) : null,
    cost_usd: Number(row.cost_usd),
    counts: {
      spans: Number(row.span_count),
      failures: Number(row.failure_count),
      iterations: Number(row.iteration_count),
      events: Number(row.event_count),
      tokens: Number(row.tokens),
      cache_read_tokens: Number(row.cache_read_tokens),
    },
    verdict: row.verdict && row.verdict_fresh ? row.verdict : null,
    review: { status: row.review_status ?? "open", category: row.review_category },
    shape: row.shape,
    outcome: resolveOutcome(
      row.outcome,
      row.review_status ? { status: row.review_status, category: row.review_category } : null,
    ),
  };
}
