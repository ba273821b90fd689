// The analysis input (lib/analysis/types.ts) read from the database. The
// per-tool summary is aggregated in SQL; the replays that walk spans in order
// read them in keyset pages per tool (spans_run_name_t0_idx), so a run of a
// million spans is never in memory at once. Iterations, events and tasks are
// small and loaded whole (run-records.ts); the calls' tokens are summed per
// iteration in SQL. Same reading of docs/analysis.md#bottlenecks/docs/analysis.md#task-tokens-and-errors as the memory
// source: calls are spans of kind tool or llm.
import { sql, type SQL } from "drizzle-orm";
import { CACHE_READ_KEYS, CACHE_WRITE_KEYS } from "@/lib/analysis/cache-tokens";
import { MODEL_KEYS, type SpanCostSum } from "@/lib/analysis/costs";
import type { IterationBounds, SpanTokenSum } from "@/lib/analysis/span-tokens";
import { timeoutLimitUs, type TimeoutTotals } from "@/lib/analysis/timeouts";
import type { AnalysisInput, SpanLite, ToolAggregate, ToolCallInput } from "@/lib/analysis/types";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { loadEvents, loadIterations, loadTasks } from "./run-records";

const PAGE = 20_000;
const CALL = sql`kind IN ('tool', 'llm')`;
const us = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::float8`);

export async function loadAnalysisInput(db: Db, runId: string): Promise<AnalysisInput | null> {
  // last_at: the latest span t1, iteration ts or event ts, kept by every writer (run-totals.ts, ingest-writer.ts).
  const [run] = rowsOf<{ start_us: number | null; end_us: number | null }>(
    await db.execute(sql`SELECT ${us("coalesce(started_at, first_at)")} AS start_us,
      ${us("coalesce(last_at, started_at, first_at)")} AS end_us FROM runs WHERE run_id = ${runId}`),
  );
  if (!run) return null;
  const tools = rowsOf<{ tool: string; calls: number; failures: number; total_ms: number }>(
    await db.execute(sql`SELECT name AS tool, count(*)::int AS calls, count(*) FILTER (WHERE NOT ok)::int AS failures,
      (coalesce(sum(round(duration_ms * 1000)), 0) / 1000)::float8 AS total_ms FROM spans WHERE run_id = ${runId} AND ${CALL} GROUP BY name`),
  );
  const [llm] = rowsOf<{ has: boolean }>(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM spans WHERE run_id = ${runId} AND kind = 'llm') AS has`),
  );
  return {
    runId,
    runStartUs: Number(run.start_us ?? 0),
    endUs: Number(run.end_us ?? 0),
    tools: tools.map((t): ToolAggregate => ({
      tool: t.tool,
      calls: Number(t.calls),
      failures: Number(t.failures),
      totalMs: Number(t.total_ms),
    })),
    iterations: await loadIterations(db, runId),
    events: await loadEvents(db, runId),
    tasks: await loadTasks(db, runId),
    spanTokens: (bounds) => loadSpanTokens(db, runId, bounds),
    spanCosts: (bounds) => loadSpanCosts(db, runId, bounds),
    hasLlmSpans: Boolean(llm?.has),
    spansOfTool: (tool, hint) => streamToolSpans(db, runId, tool, hint?.coolS ?? null),
    timeoutTotals: (timeoutS) => loadTimeoutTotals(db, runId, timeoutS),
    rateCallTimes: () => streamCallTimes(db, runId, Boolean(llm?.has)),
    toolCallInputs: () => streamToolCallInputs(db, runId),
  };
}

/**
 * One tool's spans in keyset pages. With `coolS`, only the spans that can
 * move its breaker leave the database: failures, a success right after a
 * failure (it resets the count), and any call starting within cool_s of an
 * earlier failure's end (it may be blocked). Any other success finds the
 * count at 0, or a cooldown already over, and changes nothing (docs/analysis.md#tool-breaker) — on a
 * mostly healthy run that skips almost every span.
 */
async function* streamToolSpans(db: Db, runId: string, tool: string, coolS: number | null): AsyncGenerator<SpanLite> {
  let after: { t0: number; id: string } | null = null;
  const base = sql`FROM spans WHERE run_id = ${runId} AND name = ${tool} AND ${CALL}`;
  for (;;) {
    const keyset: SQL = after ? sql`AND (t0, span_id) > (${formatTimeUs(after.t0)}::timestamptz, ${after.id})` : sql``;
    const query: SQL =
      coolS === null
        ? sql`SELECT span_id, t0, t1, ok, error ${base} ${keyset} ORDER BY t0, span_id LIMIT ${PAGE}`
        : sql`SELECT span_id, t0, t1, ok, error FROM (
            SELECT span_id, t0, t1, ok, error, lag(ok) OVER w AS prev_ok,
              max(CASE WHEN NOT ok THEN t1 END) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS last_fail_t1
            ${base} WINDOW w AS (ORDER BY t0, span_id)) x
          WHERE (NOT ok OR prev_ok = false OR t0 < last_fail_t1 + make_interval(secs => ${coolS})) ${keyset}
          ORDER BY t0, span_id LIMIT ${PAGE}`;
    const rows = rowsOf<{ span_id: string; t0_us: number; t1_us: number; ok: boolean; error: string }>(
      await db.execute(sql`SELECT span_id, ${us("t0")} AS t0_us, ${us("t1")} AS t1_us, ok,
          CASE WHEN ok THEN '' ELSE error END AS error FROM (${query}) page`),
    );
    for (const r of rows)
      yield { spanId: r.span_id, t0Us: Number(r.t0_us), t1Us: Number(r.t1_us), ok: r.ok, error: r.error };
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return;
    after = { t0: Number(last.t0_us), id: last.span_id };
  }
}

/**
 * The timeout rule of lib/analysis/timeouts.ts (docs/analysis.md#timeouts) as
 * one aggregate, so a run's spans never leave the database: per tool, calls
 * over the limit (strictly) and the summed excess, in whole microseconds from
 * the same limits timeoutLimitUs gives the in-memory source. Only tools with
 * an exceeding call. tests/integration/analysis-sources.test.ts checks it
 * against the pure rule.
 */
async function loadTimeoutTotals(
  db: Db,
  runId: string,
  timeoutS: Record<string, number>,
): Promise<Record<string, TimeoutTotals>> {
  const limitsUs = Object.fromEntries(Object.entries(timeoutS).map(([tool, s]) => [tool, timeoutLimitUs(s)]));
  const rows = rowsOf<{ tool: string; exceeded: number; excess_ms: number }>(
    await db.execute(sql`SELECT s.name AS tool, count(*)::int AS exceeded,
        (sum(round(s.duration_ms * 1000) - l.limit_us) / 1000)::float8 AS excess_ms
      FROM spans s JOIN json_each_text(${JSON.stringify(limitsUs)}::json) j ON j.key = s.name
        CROSS JOIN LATERAL (SELECT j.value::numeric AS limit_us) l
      WHERE s.run_id = ${runId} AND ${CALL} AND round(s.duration_ms * 1000) > l.limit_us
      GROUP BY s.name`),
  );
  return Object.fromEntries(rows.map((r) => [r.tool, { exceeded: Number(r.exceeded), excessMs: Number(r.excess_ms) }]));
}

/**
 * The calls' tokens per iteration and task_id as one aggregate (the rule of
 * lib/analysis/span-tokens.ts, docs/analysis.md#task-tokens-and-errors): a
 * call counts at its `iteration`, else at the first iteration whose span ends
 * at or after its t0 — width_bucket over the span ends counts the ends before
 * t0 (times are whole microseconds, so "≤ t0 − 1 µs" is "< t0"); past the last
 * the array index is NULL. tests/integration/analysis-sources.test.ts checks
 * it against the pure rule.
 */
function boundsCte(b: IterationBounds): SQL {
  const array = (values: number[], type: SQL) =>
    sql`ARRAY(SELECT x::${type} FROM json_array_elements_text(${JSON.stringify(values)}::json)
      WITH ORDINALITY AS t(x, i) ORDER BY i)`;
  return sql`b AS (SELECT ${array(b.endsUs, sql.raw("bigint"))} AS ends, ${array(b.ns, sql.raw("int"))} AS ns)`;
}
const ITERATION = sql`coalesce(s.iteration, b.ns[1 + width_bucket((extract(epoch from s.t0) * 1000000)::bigint - 1, b.ends)])`;

async function loadSpanTokens(db: Db, runId: string, b: IterationBounds): Promise<SpanTokenSum[]> {
  const rows = rowsOf<{ iteration: number | null; task_id: string | null; tokens: number }>(
    await db.execute(sql`WITH ${boundsCte(b)}
      SELECT ${ITERATION} AS iteration, s.task_id, sum(coalesce(s.tokens_in, 0) + coalesce(s.tokens_out, 0))::float8 AS tokens
      FROM spans s CROSS JOIN b
      WHERE s.run_id = ${runId} AND ${CALL} AND (s.tokens_in IS NOT NULL OR s.tokens_out IS NOT NULL)
      GROUP BY 1, 2`),
  );
  return rows.map((r) => ({
    iteration: r.iteration === null ? null : Number(r.iteration),
    taskId: r.task_id,
    tokens: Number(r.tokens),
  }));
}

/**
 * The calls' costs per iteration, task_id, tool and model as one aggregate (the
 * rule of lib/analysis/costs.ts, docs/analysis.md#costs): logged costs summed,
 * and the tokens of the calls that log none; placed like loadSpanTokens. The
 * model is the first string of meta's model keys, else an llm span's name. The
 * cache shares of tokens_in follow lib/analysis/cache-tokens.ts per call — the
 * first number of its meta keys, at least 0, the read part clamped to
 * tokens_in and the write part to what the read leaves — before they are
 * summed. tests/integration/analysis-sources.test.ts checks it against the
 * pure rule.
 */
async function loadSpanCosts(db: Db, runId: string, b: IterationBounds): Promise<SpanCostSum[]> {
  const metaModels = MODEL_KEYS.map(
    (k) => sql`CASE WHEN jsonb_typeof(s.meta -> ${k}) = 'string' THEN nullif(s.meta ->> ${k}, '') END`,
  );
  const model = sql`coalesce(${sql.join(metaModels, sql`, `)}, CASE WHEN s.kind = 'llm' THEN s.name END)`;
  const tokensIn = sql`coalesce(s.tokens_in, 0)::float8`;
  const rows = rowsOf<{
    iteration: number | null;
    task_id: string | null;
    tool: string;
    model: string | null;
    logged_usd: number | null;
    tokens_in: number;
    tokens_out: number;
    cache_read: number;
    cache_write: number;
  }>(
    await db.execute(sql`WITH ${boundsCte(b)}
      SELECT ${ITERATION} AS iteration, s.task_id, s.name AS tool, ${model} AS model,
        sum(s.cost_usd)::float8 AS logged_usd,
        coalesce(sum(coalesce(s.tokens_in, 0)) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS tokens_in,
        coalesce(sum(coalesce(s.tokens_out, 0)) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS tokens_out,
        coalesce(sum(cr.cache_read) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS cache_read,
        coalesce(sum(cw.cache_write) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS cache_write
      FROM spans s CROSS JOIN b
        CROSS JOIN LATERAL (SELECT least(${metaCount(CACHE_READ_KEYS)}, ${tokensIn}) AS cache_read) cr
        CROSS JOIN LATERAL (SELECT least(${metaCount(CACHE_WRITE_KEYS)}, ${tokensIn} - cr.cache_read) AS cache_write) cw
      WHERE s.run_id = ${runId} AND ${CALL}
        AND (s.cost_usd IS NOT NULL OR s.tokens_in IS NOT NULL OR s.tokens_out IS NOT NULL)
      GROUP BY 1, 2, 3, 4`),
  );
  return rows.map((r) => ({
    iteration: r.iteration === null ? null : Number(r.iteration),
    taskId: r.task_id,
    tool: r.tool,
    model: r.model,
    loggedUsd: r.logged_usd === null ? null : Number(r.logged_usd),
    tokensIn: Number(r.tokens_in),
    tokensOut: Number(r.tokens_out),
    cacheRead: Number(r.cache_read),
    cacheWrite: Number(r.cache_write),
  }));
}

/** The first of `keys` whose meta value is a number, at least 0; 0 when none is (cache-tokens.ts). */
function metaCount(keys: readonly string[]): SQL {
  const numbers = keys.map(
    (k) => sql`CASE WHEN jsonb_typeof(s.meta -> ${k}) = 'number' THEN (s.meta ->> ${k})::float8 END`,
  );
  return sql`greatest(coalesce(${sql.join(numbers, sql`, `)}, 0), 0)`;
}

async function* streamCallTimes(db: Db, runId: string, llmOnly: boolean): AsyncGenerator<number> {
  const kinds = llmOnly ? sql`kind = 'llm'` : CALL;
  let after: { t0: number; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql`AND (t0, span_id) > (${formatTimeUs(after.t0)}::timestamptz, ${after.id})` : sql``;
    const rows = rowsOf<{ span_id: string; t0_us: number }>(
      await db.execute(sql`SELECT span_id, ${us("t0")} AS t0_us FROM spans
        WHERE run_id = ${runId} AND ${kinds} ${keyset} ORDER BY t0, span_id LIMIT ${PAGE * 5}`),
    );
    for (const r of rows) yield Number(r.t0_us);
    const last = rows[rows.length - 1];
    if (rows.length < PAGE * 5 || !last) return;
    after = { t0: Number(last.t0_us), id: last.span_id };
  }
}

/**
 * `tool` spans with an input in keyset pages by (t0, span_id) — spans_run_t0_idx
 * — for docs/analysis.md#identical-calls. Smaller pages than the other streams:
 * an input may be large. The input leaves as the driver parses jsonb, the same
 * value JSON.parse gave the memory source; the key is made in JS from it.
 */
async function* streamToolCallInputs(db: Db, runId: string): AsyncGenerator<ToolCallInput> {
  const page = PAGE / 10;
  let after: { t0: number; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql`AND (t0, span_id) > (${formatTimeUs(after.t0)}::timestamptz, ${after.id})` : sql``;
    const rows = rowsOf<{ span_id: string; name: string; t0_us: number; iteration: number | null; input: unknown }>(
      await db.execute(sql`SELECT span_id, name, ${us("t0")} AS t0_us, iteration, input FROM spans
        WHERE run_id = ${runId} AND kind = 'tool' AND input IS NOT NULL ${keyset} ORDER BY t0, span_id LIMIT ${page}`),
    );
    for (const r of rows) yield { name: r.name, t0Us: Number(r.t0_us), iteration: r.iteration, input: r.input };
    const last = rows[rows.length - 1];
    if (rows.length < page || !last) return;
    after = { t0: Number(last.t0_us), id: last.span_id };
  }
}
