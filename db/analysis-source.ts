// The analysis input (lib/analysis/types.ts) read from the database. A run's
// spans are read four times, whatever its size: twice grouped
// (analysis-totals.ts), once by tool for the breaker replays, once by time
// for the rate limit and the identical calls — each stream in keyset pages,
// so a run of a million spans is never in memory at once, and each page
// starts where the last one ended (no page reads the spans before it).
// Iterations, events and tasks are small and loaded whole (run-records.ts).
// Same reading of docs/analysis.md#bottlenecks as the memory source: calls
// are spans of kind tool or llm.
import { sql, type SQL } from "drizzle-orm";
import type { AnalysisInput, TimedCall, ToolSpan } from "@/lib/analysis/types";
import { formatTimeUs } from "@/lib/time";
import { loadCallTotals } from "./analysis-totals";
import { rowsOf, type Db } from "./client";
import { loadEvents, loadIterations, loadTasks } from "./run-records";

/** Rows a page of a stream holds; a tenth of it after a page that carried inputs (an input may be large). */
const PAGE_ROWS = 20_000;
const CALL = sql`kind IN ('tool', 'llm')`;
const us = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::float8`);
const at = (tUs: number) => sql`${formatTimeUs(tUs)}::timestamptz`;

/** `pageRows`: the streams' page size (tests make it small, to cross many page boundaries; in process, smaller pages hold a request back less). */
export async function loadAnalysisInput(
  db: Db,
  runId: string,
  { pageRows = PAGE_ROWS }: { pageRows?: number } = {},
): Promise<AnalysisInput | null> {
  // last_at: the latest span t1, iteration ts or event ts, kept by every writer (run-totals.ts, ingest-writer.ts).
  const [runRows, iterations, events, tasks] = await Promise.all([
    db.execute(sql`SELECT ${us("coalesce(started_at, first_at)")} AS start_us,
      ${us("coalesce(last_at, started_at, first_at)")} AS end_us FROM runs WHERE run_id = ${runId}`),
    loadIterations(db, runId),
    loadEvents(db, runId),
    loadTasks(db, runId),
  ]);
  const [run] = rowsOf<{ start_us: number | null; end_us: number | null }>(runRows);
  if (!run) return null;
  return {
    runId,
    runStartUs: Number(run.start_us ?? 0),
    endUs: Number(run.end_us ?? 0),
    iterations,
    events,
    tasks,
    callTotals: (q) => loadCallTotals(db, runId, q),
    toolSpans: (hint) => streamToolSpans(db, runId, hint?.coolS ?? null, pageRows),
    timedCalls: ({ llmOnly }) => streamTimedCalls(db, runId, llmOnly, pageRows),
  };
}

/** Where a tool's stream stands: its last span, and the latest end of its failures so far. */
type ToolCursor = { tool: string; t0Us: number; spanId: string; failT1Us: number | null };

/**
 * One page of the calls by (name, t0, span_id) — spans_run_name_t0_idx — from
 * after the cursor. With `coolS`, only the spans that can move their tool's
 * breaker: failures, a success right after a failure (it resets the count),
 * and any call starting within cool_s of an earlier failure's end (it may be
 * blocked). Any other success finds the count at 0, or a cooldown already
 * over, and changes nothing (docs/analysis.md#tool-breaker). The window starts
 * at the cursor's own span, so the next one sees it as its predecessor; the
 * failures before it are carried in as the cursor's latest failure end.
 */
function toolPageQuery(runId: string, coolS: number | null, c: ToolCursor | null, rows: number): SQL {
  const key = sql`(name, t0, span_id)`;
  const cursor = c ? sql`(${c.tool}, ${at(c.t0Us)}, ${c.spanId})` : null;
  const after = cursor ? sql`AND ${key} > ${cursor}` : sql``;
  // Named as ToolSpan's fields: a row is the span, no copy made (both drivers give float8 as a number).
  const columns = sql`name AS tool, span_id AS "spanId", ${us("t0")} AS "t0Us", ${us("t1")} AS "t1Us", ok`;
  const base = sql`FROM spans WHERE run_id = ${runId} AND ${CALL}`;
  if (coolS === null) return sql`SELECT ${columns} ${base} ${after} ORDER BY name, t0, span_id LIMIT ${rows}`;
  const carried = c?.failT1Us == null ? sql`NULL` : sql`CASE WHEN name = ${c.tool} THEN ${at(c.failT1Us)} END`;
  return sql`SELECT ${columns} FROM (
      SELECT name, span_id, t0, t1, ok, last_value(ok) OVER w AS prev_ok,
        greatest(max(CASE WHEN NOT ok THEN t1 END) OVER w, ${carried}) AS last_fail_t1
      ${base} ${cursor ? sql`AND ${key} >= ${cursor}` : sql``}
      WINDOW w AS (PARTITION BY name ORDER BY t0, span_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) x
    WHERE (NOT ok OR prev_ok = false OR t0 < last_fail_t1 + make_interval(secs => ${coolS})) ${after}
    ORDER BY name, t0, span_id LIMIT ${rows}`;
}

function advance(c: ToolCursor | null, span: ToolSpan): ToolCursor {
  const failT1Us = c?.tool === span.tool ? c.failT1Us : null;
  const latest = span.ok || (failT1Us !== null && failT1Us >= span.t1Us) ? failT1Us : span.t1Us;
  return { tool: span.tool, t0Us: span.t0Us, spanId: span.spanId, failT1Us: latest };
}

/**
 * Keyset pages, each asked for as soon as the one before it arrives — the
 * database works out the next while this process goes through the current.
 * `read` gives a page and the cursor after it (null after the last page).
 * Between pages the event loop gets a turn: PGlite answers in the server's
 * own thread, so a stream that never waits on real I/O would hold back every
 * request that arrives while a big run is analysed (a page's first spans
 * waited for the whole analysis).
 */
async function* prefetched<T, C>(
  first: C,
  read: (cursor: C) => Promise<{ rows: T[]; next: C | null }>,
): AsyncGenerator<readonly T[]> {
  let pending: Promise<{ rows: T[]; next: C | null }> | null = read(first);
  while (pending) {
    const page: { rows: T[]; next: C | null } = await pending;
    pending = page.next === null ? null : read(page.next);
    pending?.catch(() => {}); // awaited on the next turn; dropped when the consumer stops early
    await new Promise((resolve) => setImmediate(resolve));
    if (page.rows.length > 0) yield page.rows;
  }
}

function streamToolSpans(
  db: Db,
  runId: string,
  coolS: number | null,
  pageRows: number,
): AsyncGenerator<readonly ToolSpan[]> {
  return prefetched<ToolSpan, ToolCursor | null>(null, async (cursor) => {
    const spans = rowsOf<ToolSpan>(await db.execute(toolPageQuery(runId, coolS, cursor, pageRows)));
    let next = cursor;
    for (const span of spans) next = advance(next, span);
    return { rows: spans, next: spans.length < pageRows ? null : next };
  });
}

type TimedCursor = { after: { t0Us: number; spanId: string } | null; page: number };

/**
 * The rate calls and the `tool` calls with input in keyset pages by (t0,
 * span_id) — spans_run_t0_idx. A call with input leaves as one JSON array
 * (name, iteration, input, output) the driver parses; the input in it is the stored
 * jsonb's text, so the same value JSON.parse gave the memory source, and
 * docs/analysis.md#identical-calls makes its key in JS from it. A row without
 * one is a rate call; one with one is a rate call too unless only llm calls are.
 */
function streamTimedCalls(
  db: Db,
  runId: string,
  llmOnly: boolean,
  pageRows: number,
): AsyncGenerator<readonly TimedCall[]> {
  const inputPage = Math.max(1, Math.floor(pageRows / 10));
  const rate = llmOnly ? sql`kind = 'llm'` : CALL;
  const withInput = sql`kind = 'tool' AND input IS NOT NULL`;
  return prefetched<TimedCall, TimedCursor>({ after: null, page: inputPage }, async ({ after, page }) => {
    const keyset = after ? sql`AND (t0, span_id) > (${at(after.t0Us)}, ${after.spanId})` : sql``;
    const rows = rowsOf<{
      span_id: string;
      t0_us: number;
      call: [string, number | null, unknown, string | null] | null;
    }>(
      await db.execute(sql`SELECT span_id, ${us("t0")} AS t0_us,
          CASE WHEN ${withInput} THEN json_build_array(name, iteration, input, output) END AS call
        FROM spans WHERE run_id = ${runId} AND (${rate} OR ${withInput}) ${keyset}
        ORDER BY t0, span_id LIMIT ${page}`),
    );
    let inputs = 0;
    const calls = rows.map((r): TimedCall => {
      if (r.call === null) return { t0Us: r.t0_us, rate: true, withInput: null };
      inputs += 1;
      const [name, iteration, input, output] = r.call;
      return { t0Us: r.t0_us, rate: !llmOnly, withInput: { name, t0Us: r.t0_us, iteration, input, output } };
    });
    const last = rows[rows.length - 1];
    const next = last
      ? { after: { t0Us: last.t0_us, spanId: last.span_id }, page: inputs > 0 ? inputPage : pageRows }
      : null;
    return { rows: calls, next: rows.length < page ? null : next };
  });
}
