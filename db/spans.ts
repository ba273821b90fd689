// Spans of a run in time order, keyset-paginated on (t0, span_id) — served by
// spans_run_t0_idx. Times leave as float epoch microseconds and are
// formatted here, identically for both drivers.
import { sql } from "drizzle-orm";
import { decodeSpanCursor, encodeCursor, type SpanListQuery, type SpanOut } from "@/lib/schemas/api";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";

type SpanRow = Omit<SpanOut, "t0" | "t1"> & { t0_us: number; t1_us: number };

export async function listSpans(
  db: Db,
  runId: string,
  q: SpanListQuery,
): Promise<{ spans: SpanOut[]; next_cursor: string | null }> {
  const after = q.cursor ? decodeSpanCursor(q.cursor) : null;
  const keyset = after ? sql`AND (t0, span_id) > (${formatTimeUs(after[0])}::timestamptz, ${after[1]})` : sql``;
  const rows = rowsOf<SpanRow>(
    await db.execute(sql`
      SELECT span_id, parent_id, name, kind,
        (extract(epoch from t0) * 1000000)::float8 AS t0_us, (extract(epoch from t1) * 1000000)::float8 AS t1_us,
        duration_ms, ok, error, iteration, task_id, tokens_in::float8 AS tokens_in, tokens_out::float8 AS tokens_out,
        cost_usd, input, output, meta
      FROM spans WHERE run_id = ${runId} ${keyset}
      ORDER BY t0, span_id LIMIT ${q.limit + 1}`),
  );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    spans: page.map(toSpanOut),
    next_cursor: rows.length > q.limit && last ? encodeCursor([last.t0_us, last.span_id]) : null,
  };
}

function toSpanOut({ t0_us, t1_us, ...row }: SpanRow): SpanOut {
  return {
    ...row,
    t0: formatTimeUs(Number(t0_us)),
    t1: formatTimeUs(Number(t1_us)),
    duration_ms: Number(row.duration_ms),
    tokens_in: row.tokens_in == null ? null : Number(row.tokens_in),
    tokens_out: row.tokens_out == null ? null : Number(row.tokens_out),
  };
}
