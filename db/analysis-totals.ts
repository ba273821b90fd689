// Every aggregate the analysis takes over a run's calls (CallTotals in
// lib/analysis/types.ts), in two grouped scans of its spans: per tool — the
// tool table of docs/analysis.md#bottlenecks, whether any call is an llm
// call, and docs/analysis.md#timeouts — and, over the calls that log a cost or
// tokens, per iteration, task_id, tool and model: docs/analysis.md#costs, whose
// groups JS adds up per iteration and task_id for
// docs/analysis.md#task-tokens-and-errors, all and new (tokens are whole numbers, so the
// sums are the ones a GROUP BY of their own would give). Two scans, not one:
// grouping every call by the cost keys costs more than reading the spans twice.
// In an interactive session (prompt_waits_excluded) a third, small scan reads only
// the calls of the tools a person holds (spans_run_name_t0_idx) for
// docs/analysis.md#human-waits: their merged time per iteration.
// Same reading as the memory source: calls are spans of kind tool or llm.
// tests/integration/analysis-sources.test.ts holds each part to the pure rule.
import { sql, type SQL } from "drizzle-orm";
import { CACHE_READ_KEYS, CACHE_WRITE_1H_KEYS, CACHE_WRITE_KEYS } from "@/lib/analysis/cache-tokens";
import { MODEL_KEYS, type SpanCostSum } from "@/lib/analysis/costs";
import { CALL_SIZE_STARTS_TOKENS } from "@/lib/analysis/price-catalog";
import { humanWaitTools, type HumanWaitSum } from "@/lib/analysis/human-waits";
import type { IterationBounds, SpanTokenSum } from "@/lib/analysis/span-tokens";
import { timeoutLimitUs, type TimeoutSettings, type TimeoutTotals } from "@/lib/analysis/timeouts";
import type { CallTotals, CallTotalsQuery } from "@/lib/analysis/types";
import { rowsOf, type Db } from "./client";

const CALL = sql`s.kind IN ('tool', 'llm')`;

type ToolRow = {
  tool: string;
  calls: number;
  failures: number;
  total_ms: number;
  has_llm: boolean;
  exceeded: number;
  excess_ms: number;
};

/**
 * Per tool: calls, failures, summed duration; and the timeout rule of
 * lib/analysis/timeouts.ts — strictly over the limit timeoutLimitUs gives
 * (each tool's own, else the default), the excess in whole microseconds.
 */
function toolsQuery(runId: string, s: TimeoutSettings): SQL {
  const own = Object.entries(s.timeouts).map(([tool, t]) => sql`WHEN ${tool} THEN ${timeoutLimitUs(t)}::float8`);
  const fallback = sql`${timeoutLimitUs(s.default_timeout_s)}::float8`;
  const limitUs = own.length > 0 ? sql`CASE s.name ${sql.join(own, sql` `)} ELSE ${fallback} END` : fallback;
  const overUs = sql`(round(s.duration_ms * 1000) - ${limitUs})`;
  return sql`SELECT s.name AS tool, count(*)::int AS calls, count(*) FILTER (WHERE NOT s.ok)::int AS failures,
      (coalesce(sum(round(s.duration_ms * 1000)), 0) / 1000)::float8 AS total_ms, bool_or(s.kind = 'llm') AS has_llm,
      count(*) FILTER (WHERE ${overUs} > 0)::int AS exceeded,
      (coalesce(sum(${overUs}) FILTER (WHERE ${overUs} > 0), 0) / 1000)::float8 AS excess_ms
    FROM spans s WHERE s.run_id = ${runId} AND ${CALL} GROUP BY s.name`;
}

type CostRow = {
  iteration: number | null;
  task_id: string | null;
  tool: string;
  model: string | null;
  size_band: number;
  logged_usd: number | null;
  tokens_in: number;
  tokens_out: number;
  cache_read: number;
  cache_write: number;
  cache_write_1h: number;
  token_calls: number;
  tokens: number;
  new_tokens: number;
};

/**
 * A call counts at its `iteration`, else at the first iteration whose span
 * ends at or after its t0 (lib/analysis/span-tokens.ts) — width_bucket over the
 * span ends counts the ends before t0 (times are whole microseconds, so
 * "≤ t0 − 1 µs" is "< t0"); past the last the array index is NULL.
 */
function iterationOf(b: IterationBounds): SQL {
  const ends = sql`${`{${b.endsUs.join(",")}}`}::bigint[]`;
  const ns = sql`${`{${b.ns.join(",")}}`}::int[]`;
  return sql`coalesce(s.iteration, (${ns})[1 + width_bucket((extract(epoch from s.t0) * 1000000)::bigint - 1, ${ends})])`;
}

/** Whether meta has any of `keys`: one look-up, where most calls have none of them. */
const hasAnyKey = (keys: readonly string[]) =>
  sql`s.meta ?| ARRAY[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

/** The first of `keys` whose meta value is a number, at least 0; 0 when none is (cache-tokens.ts). */
function metaCount(keys: readonly string[]): SQL {
  const numbers = keys.map(
    (k) => sql`CASE WHEN jsonb_typeof(s.meta -> ${k}) = 'number' THEN (s.meta ->> ${k})::float8 END`,
  );
  return sql`CASE WHEN ${hasAnyKey(keys)} THEN greatest(coalesce(${sql.join(numbers, sql`, `)}, 0), 0) ELSE 0 END`;
}

/**
 * Logged costs summed, and the tokens of the calls that log none. The model is
 * the first string of meta's model keys, else an llm span's name (costs.ts).
 * The cache shares of tokens_in follow cache-tokens.ts per call — the read
 * part clamped to tokens_in, the write part to what the read leaves — before
 * they are summed, the 1-hour part clamped to the write part. The size band
 * counts the catalog's tier starts below tokens_in (price-catalog.ts
 * callSizeBand). token_calls and tokens: the calls that log tokens; new_tokens
 * their tokens less each call's clamped cache-read share, whether it logs a
 * cost or not (span-tokens.ts).
 */
function costsQuery(runId: string, b: IterationBounds): SQL {
  const metaModels = MODEL_KEYS.map(
    (k) => sql`CASE WHEN jsonb_typeof(s.meta -> ${k}) = 'string' THEN nullif(s.meta ->> ${k}, '') END`,
  );
  const llmName = sql`CASE WHEN s.kind = 'llm' THEN s.name END`;
  const model = sql`CASE WHEN ${hasAnyKey(MODEL_KEYS)} THEN coalesce(${sql.join(metaModels, sql`, `)}, ${llmName}) ELSE ${llmName} END`;
  const tokensIn = sql`coalesce(s.tokens_in, 0)::float8`;
  const logsTokens = sql`(s.tokens_in IS NOT NULL OR s.tokens_out IS NOT NULL)`;
  const sizeBand = sql.join(
    CALL_SIZE_STARTS_TOKENS.map((start) => sql`(coalesce(s.tokens_in, 0) > ${sql.raw(String(start))})::int`),
    sql` + `,
  );
  return sql`SELECT ${iterationOf(b)} AS iteration, s.task_id, s.name AS tool, ${model} AS model,
      ${sizeBand} AS size_band, sum(s.cost_usd)::float8 AS logged_usd,
      coalesce(sum(coalesce(s.tokens_in, 0)) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS tokens_in,
      coalesce(sum(coalesce(s.tokens_out, 0)) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS tokens_out,
      coalesce(sum(cr.cache_read) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS cache_read,
      coalesce(sum(cw.cache_write) FILTER (WHERE s.cost_usd IS NULL), 0)::float8 AS cache_write,
      coalesce(sum(least(${metaCount(CACHE_WRITE_1H_KEYS)}, cw.cache_write)) FILTER (WHERE s.cost_usd IS NULL), 0)::float8
        AS cache_write_1h,
      count(*) FILTER (WHERE ${logsTokens})::int AS token_calls,
      sum(coalesce(s.tokens_in, 0) + coalesce(s.tokens_out, 0))::float8 AS tokens,
      sum(coalesce(s.tokens_in, 0) + coalesce(s.tokens_out, 0) - cr.cache_read)::float8 AS new_tokens
    FROM spans s
      CROSS JOIN LATERAL (SELECT least(${metaCount(CACHE_READ_KEYS)}, ${tokensIn}) AS cache_read) cr
      CROSS JOIN LATERAL (SELECT least(${metaCount(CACHE_WRITE_KEYS)}, ${tokensIn} - cr.cache_read) AS cache_write) cw
    WHERE s.run_id = ${runId} AND ${CALL} AND (s.cost_usd IS NOT NULL OR ${logsTokens})
    GROUP BY 1, 2, 3, 4, 5`;
}

/**
 * lib/analysis/human-waits.ts in SQL: per iteration (placed as iterationOf
 * says; none after the last), the union of the wait tools' calls' [t0, t1] in
 * whole microseconds — in t0 order, each call adds what it reaches past the
 * latest end of the calls before it; a call with t1 before t0 lasts 0.
 */
function waitsQuery(runId: string, b: IterationBounds, tools: readonly string[]): SQL {
  const names = sql.join(
    tools.map((t) => sql`${t}`),
    sql`, `,
  );
  const t0Us = sql`(extract(epoch from s.t0) * 1000000)::bigint`;
  const t1Us = sql`(extract(epoch from s.t1) * 1000000)::bigint`;
  return sql`SELECT iteration, sum(greatest(0, t1_us - greatest(t0_us, coalesce(prev_end_us, t0_us))))::float8 AS wait_us
    FROM (
      SELECT iteration, t0_us, t1_us, max(t1_us) OVER (PARTITION BY iteration ORDER BY t0_us, t1_us
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end_us
      FROM (SELECT ${iterationOf(b)} AS iteration, ${t0Us} AS t0_us, greatest(${t1Us}, ${t0Us}) AS t1_us
        FROM spans s WHERE s.run_id = ${runId} AND ${CALL} AND s.name IN (${names})) w
    ) x
    WHERE iteration IS NOT NULL GROUP BY iteration ORDER BY iteration`;
}

async function loadHumanWaits(db: Db, runId: string, q: CallTotalsQuery): Promise<HumanWaitSum[]> {
  const tools = humanWaitTools(q.waits);
  if (tools.length === 0) return [];
  const rows = rowsOf<{ iteration: number; wait_us: number }>(await db.execute(waitsQuery(runId, q.bounds, tools)));
  return rows.map((r) => ({ iteration: Number(r.iteration), ms: Number(r.wait_us) / 1000 }));
}

/** The calls' tokens, all and new, per iteration and task_id, from the cost groups. */
function sumTokens(rows: readonly CostRow[]): SpanTokenSum[] {
  const sums = new Map<string, SpanTokenSum>();
  for (const r of rows) {
    if (Number(r.token_calls) === 0) continue;
    const iteration = r.iteration === null ? null : Number(r.iteration);
    const key = JSON.stringify([iteration, r.task_id]);
    const sum = sums.get(key) ?? { iteration, taskId: r.task_id, tokens: 0, newTokens: 0 };
    sum.tokens += Number(r.tokens);
    sum.newTokens += Number(r.new_tokens);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

const toCostSum = (r: CostRow): SpanCostSum => ({
  iteration: r.iteration === null ? null : Number(r.iteration),
  taskId: r.task_id,
  tool: r.tool,
  model: r.model,
  sizeBand: Number(r.size_band),
  loggedUsd: r.logged_usd === null ? null : Number(r.logged_usd),
  tokensIn: Number(r.tokens_in),
  tokensOut: Number(r.tokens_out),
  cacheRead: Number(r.cache_read),
  cacheWrite: Number(r.cache_write),
  cacheWrite1h: Number(r.cache_write_1h),
});

/**
 * Each scan in a transaction of its own, planned for what it is. The cost
 * groups' keys are expressions Postgres has no statistics for, so it guesses
 * a group per call: it would sort every call to group a few per iteration, or
 * plan a hash table too small and spill it to disk — a run of 20 000
 * iterations makes about 20 000 groups, some 8 MB. And compiling the
 * expressions (JIT) takes longer than one scan of one run. Two transactions,
 * not one: on PGlite a request gets its turn between them (pglite-gate.ts).
 * The waits' scan needs neither: it reads a few tools' calls by index, and
 * its window must sort them.
 */
export async function loadCallTotals(db: Db, runId: string, q: CallTotalsQuery): Promise<CallTotals> {
  const planned = <T>(query: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('enable_sort', 'off', true), set_config('work_mem', '32MB', true),
        set_config('jit', 'off', true)`);
      return rowsOf<T>(await tx.execute(query));
    });
  const toolRows = await planned<ToolRow>(toolsQuery(runId, q.timeouts));
  const costRows = await planned<CostRow>(costsQuery(runId, q.bounds));
  const humanWaits = await loadHumanWaits(db, runId, q);
  const timeouts = toolRows
    .filter((r) => Number(r.exceeded) > 0)
    .map((r): [string, TimeoutTotals] => [r.tool, { exceeded: Number(r.exceeded), excessMs: Number(r.excess_ms) }]);
  return {
    tools: toolRows.map((r) => ({
      tool: r.tool,
      calls: Number(r.calls),
      failures: Number(r.failures),
      totalMs: Number(r.total_ms),
      llm: Boolean(r.has_llm),
    })),
    hasLlmSpans: toolRows.some((r) => Boolean(r.has_llm)),
    timeouts: Object.fromEntries(timeouts),
    spanTokens: sumTokens(costRows),
    spanCosts: costRows.map(toCostSum),
    humanWaits,
  };
}
