// The timeline's queries: columnar span pages keyset-paginated on (t0,
// span_id) — served by spans_run_t0_idx — plus, on the first page, the run's
// start/end, its iterations and events (events_run_ts_idx), and one whole
// span for the side panel. The first page labels each iteration's turn row
// with its prompt, or the command of its first shell call (one DISTINCT ON
// over the run's tool spans, only when some iteration needs it). Times leave
// as ms offsets from the run start, computed from float epoch µs, identically
// for both drivers.
import { sql } from "drizzle-orm";
import { decodeSpanCursor, encodeCursor, type SpanOut } from "@/lib/schemas/api";
import { hasNoNul } from "@/lib/schemas/storable";
import { formatTimeUs } from "@/lib/time";
import { turnLabelOf } from "@/lib/timeline/turn-labels";
import { turnNounOf, type TurnNoun } from "@/lib/timeline/turns";
import {
  emptyColumns,
  TIMELINE_ERROR_CHARS,
  TIMELINE_PAGE_BUDGET_BYTES,
  type TimelinePage,
  type TimelineQuery,
  type TimelineRunInfo,
  type TimelineSpanColumns,
} from "@/lib/timeline/wire";
import { rowsOf, type Db } from "./client";

const US = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::float8`);
type PageRow = {
  span_id: string;
  parent_id: string | null;
  name: string;
  kind: string;
  t0_us: number;
  t1_us: number;
  ok: boolean;
  error: string;
  iteration: number | null;
};
/** Fixed JSON cost of one span besides its id strings: numbers, commas, a few digits each. */
const ROW_OVERHEAD_BYTES = 54;
/** A prompt is read this far for its label (which keeps TURN_LABEL_CHARS of it). */
const PROMPT_READ_CHARS = 1000;
/** A command given as an argv longer than this (its JSON) labels nothing: a label needs its first words only. */
const COMMAND_ARGV_MAX_BYTES = 4000;

/** The run start in epoch µs, or null when the run does not exist. */
async function runBounds(db: Db, runId: string): Promise<Bounds | null> {
  const rows = rowsOf<{
    start_us: number | null;
    end_us: number | null;
    span_count: number | string;
    shape: string | null;
  }>(
    await db.execute(sql`SELECT ${US("coalesce(started_at, first_at)")} AS start_us, ${US("last_at")} AS end_us, span_count,
        shape
      FROM runs WHERE run_id = ${runId}`),
  );
  const r = rows[0];
  if (!r) return null;
  const start = Number(r.start_us ?? 0);
  return { start_us: start, end_us: Number(r.end_us ?? start), span_count: Number(r.span_count), shape: r.shape };
}
type Bounds = { start_us: number; end_us: number; span_count: number; shape: string | null };

async function runInfo(db: Db, runId: string, b: Bounds): Promise<TimelineRunInfo> {
  const its = rowsOf<{ n: number; ts_us: number; task_id: string | null; errors: unknown; prompt: string | null }>(
    await db.execute(
      sql`SELECT n, ${US("ts")} AS ts_us, task_id, errors,
          CASE WHEN jsonb_typeof(attrs -> 'prompt') = 'string' THEN left(attrs ->> 'prompt', ${PROMPT_READ_CHARS}) END
            AS prompt
        FROM iterations WHERE run_id = ${runId} ORDER BY n`,
    ),
  );
  const noun = turnNounOf(b.shape);
  const commands = await iterationCommands(db, runId, noun, its);
  const evs = rowsOf<{
    ts_us: number;
    kind: string;
    tool: string | null;
    detail: string | null;
    status: number | null;
  }>(
    await db.execute(sql`SELECT ${US("ts")} AS ts_us, kind, tool, left(detail, ${TIMELINE_ERROR_CHARS}) AS detail, status
      FROM events WHERE run_id = ${runId} ORDER BY ts, seq`),
  );
  const ms = (us: number) => roundMs((Number(us) - b.start_us) / 1000);
  return {
    start_us: b.start_us,
    end_ms: ms(b.end_us),
    span_count: b.span_count,
    shape: b.shape,
    iterations: its.map((i) => ({
      n: Number(i.n),
      ts_ms: ms(i.ts_us),
      task_id: i.task_id,
      errors: iterationErrors(i.errors),
      label: turnLabelOf(i.prompt, commands.get(Number(i.n)) ?? null, noun),
    })),
    events: evs.map((e) => ({
      ts_ms: ms(e.ts_us),
      kind: e.kind,
      tool: e.tool,
      detail: e.detail,
      status: e.status == null ? null : Number(e.status),
    })),
  };
}

/**
 * The command input (`{command}` as its first shell call gave it, strings cut
 * short) by iteration n, for the iterations whose label may be their command:
 * every step, a turn only without a prompt. Empty when none needs one.
 */
async function iterationCommands(
  db: Db,
  runId: string,
  noun: TurnNoun,
  its: readonly { prompt: string | null }[],
): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  if (noun === "iteration" || !its.some((i) => noun === "step" || i.prompt === null)) return out;
  const rows = rowsOf<{ n: number; command: string }>(
    await db.execute(sql`SELECT DISTINCT ON (iteration) iteration AS n,
        (CASE WHEN jsonb_typeof(c) = 'string' THEN to_jsonb(left(c #>> '{}', ${PROMPT_READ_CHARS})) ELSE c END)::text
          AS command
      FROM (SELECT iteration, t0, span_id, coalesce(input -> 'command', input -> 'cmd') AS c
        FROM spans WHERE run_id = ${runId} AND kind = 'tool' AND iteration IS NOT NULL) calls
      WHERE jsonb_typeof(c) = 'string' OR (jsonb_typeof(c) = 'array' AND octet_length(c::text) <= ${COMMAND_ARGV_MAX_BYTES})
      ORDER BY iteration, t0, span_id`),
  );
  for (const r of rows) out.set(Number(r.n), { command: JSON.parse(r.command) as unknown });
  return out;
}

/** An iteration's logged errors as the search reads them: strings, each cut short, at most ten. */
function iterationErrors(raw: unknown): string[] {
  const list = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is string => typeof e === "string")
    .slice(0, 10)
    .map((e) => e.slice(0, TIMELINE_ERROR_CHARS));
}

/** One page of the timeline, or null when the run does not exist. */
export async function getTimelinePage(db: Db, runId: string, q: TimelineQuery): Promise<TimelinePage | null> {
  if (!hasNoNul(runId)) return null; // no run id holds NUL; the database would refuse the comparison
  const bounds = await runBounds(db, runId);
  if (!bounds) return null;
  const after = q.cursor ? decodeSpanCursor(q.cursor) : null;
  const keyset = after ? sql`AND (t0, span_id) > (${formatTimeUs(after[0])}::timestamptz, ${after[1]})` : sql``;
  const rows = rowsOf<PageRow>(
    await db.execute(sql`SELECT span_id, parent_id, name, kind, ${US("t0")} AS t0_us, ${US("t1")} AS t1_us, ok,
        left(error, ${TIMELINE_ERROR_CHARS}) AS error, iteration
      FROM spans WHERE run_id = ${runId} ${keyset} ORDER BY t0, span_id LIMIT ${q.limit + 1}`),
  );
  const { spans, taken } = toColumns(rows.slice(0, q.limit), bounds.start_us);
  const last = rows[taken - 1];
  const more = taken < rows.length;
  return {
    run_id: runId,
    spans,
    next_cursor: more && last ? encodeCursor([Number(last.t0_us), last.span_id]) : null,
    ...(q.cursor ? {} : { run: await runInfo(db, runId, bounds) }),
  };
}

/** Rows → parallel arrays, stopping once the page's estimated JSON passes the budget. */
function toColumns(rows: PageRow[], startUs: number): { spans: TimelineSpanColumns; taken: number } {
  const c = emptyColumns();
  const parents = indexer(c.parent_ids);
  const names = indexer(c.names);
  const kinds = indexer(c.kinds);
  const errors = indexer(c.errors);
  let bytes = 0;
  let taken = 0;
  for (const r of rows) {
    if (taken > 0 && bytes > TIMELINE_PAGE_BUDGET_BYTES) break;
    const pBefore = c.parent_ids.length;
    const eBefore = c.errors.length;
    c.ids.push(r.span_id);
    c.parent.push(r.parent_id == null ? -1 : parents(r.parent_id));
    c.name.push(names(r.name));
    c.kind.push(kinds(r.kind));
    c.t0.push(roundMs((Number(r.t0_us) - startUs) / 1000));
    c.t1.push(roundMs((Number(r.t1_us) - startUs) / 1000));
    c.ok.push(r.ok ? 1 : 0);
    c.error.push(r.error ? errors(r.error) : -1);
    c.iteration.push(r.iteration == null ? -1 : Number(r.iteration));
    bytes += ROW_OVERHEAD_BYTES + r.span_id.length;
    if (c.parent_ids.length > pBefore) bytes += (r.parent_id ?? "").length + 3;
    if (c.errors.length > eBefore) bytes += r.error.length * 3 + 3; // worst case: \u escapes or 3-byte UTF-8
    taken++;
  }
  return { spans: c, taken };
}

/** Interns strings into a table, returning each one's index. */
function indexer(table: string[]): (s: string) => number {
  const seen = new Map<string, number>();
  return (s) => {
    let i = seen.get(s);
    if (i === undefined) {
      i = table.push(s) - 1;
      seen.set(s, i);
    }
    return i;
  };
}

/** ms with microsecond precision, so the JSON stays short. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** One whole span (full error, meta, tokens) for the side panel. */
export async function getTimelineSpan(db: Db, runId: string, spanId: string): Promise<SpanOut | null> {
  if (!hasNoNul(runId) || !hasNoNul(spanId)) return null;
  const rows = rowsOf<Omit<SpanOut, "t0" | "t1"> & { t0_us: number; t1_us: number }>(
    await db.execute(sql`SELECT span_id, parent_id, name, kind, ${US("t0")} AS t0_us, ${US("t1")} AS t1_us, duration_ms, ok, error,
        iteration, task_id, tokens_in::float8 AS tokens_in, tokens_out::float8 AS tokens_out, cost_usd, input, output, meta
      FROM spans WHERE run_id = ${runId} AND span_id = ${spanId}`),
  );
  const r = rows[0];
  if (!r) return null;
  const { t0_us, t1_us, ...rest } = r;
  return {
    ...rest,
    t0: formatTimeUs(Number(t0_us)),
    t1: formatTimeUs(Number(t1_us)),
    duration_ms: Number(r.duration_ms),
    tokens_in: r.tokens_in == null ? null : Number(r.tokens_in),
    tokens_out: r.tokens_out == null ? null : Number(r.tokens_out),
    cost_usd: r.cost_usd == null ? null : Number(r.cost_usd),
  };
}
