// The COPY fast path for the spans of one ingest batch (docs/decisions.md#ingest).
// The batch's spans (deduplicated by the caller: the first record wins) are
// COPYed straight into `spans` inside the batch's transaction, and their runs'
// totals are added from aggregates computed here — the same sums insertSpans'
// SQL takes over its RETURNING rows. COPY cannot skip a stored row: a span
// already stored (a re-upload) fails it with a unique violation, and the
// caller then writes the batch again on the ON CONFLICT path. The column list
// and each field's text encoding come from the drizzle schema (table-columns.ts),
// the values from ingest-rows.ts's toSpanRow, shared with that path (each
// span's stored_month from its run's row: RunMonths).
// O(spans) in JS. This is the only file that reaches past drizzle into the
// drivers, to stream COPY data (postgres.js) or hand it over as a blob (PGlite).
import type { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { cacheReadTokensOf } from "@/lib/analysis/run-tokens";
import type { StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import type { Db } from "./client";
import { toSpanRow, type RunMonths, type SpanRow } from "./ingest-rows";
import { addSpanTotalsFrom } from "./run-totals";
import { spans as spansTable } from "./schema";
import { insertColumnsOf } from "./table-columns";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type SpanTotals = {
  run_id: string;
  n: number;
  failures: number;
  tokens: number;
  cache_read: number;
  cost: number;
  first_at: string;
  last_at: string;
};

const SPAN_COLUMNS = insertColumnsOf(spansTable);
/** postgres.js 3.4 sends each write as one CopyData message: keep them modest. */
const COPY_CHUNK_BYTES = 256 * 1024;

/**
 * Per run: spans, failures, tokens, cache reads (run-tokens.ts) and cost of calls (tool, llm) only, first
 * t0 and last t1. Null when a token sum leaves the integers a double holds
 * exactly: the SQL path then adds them as bigint.
 */
export function spanTotalsByRun(spans: StoredSpan[]): SpanTotals[] | null {
  type Acc = {
    n: number;
    failures: number;
    tokens: number;
    cache_read: number;
    cost: number;
    t0Us: number;
    t1Us: number;
  };
  const byRun = new Map<string, Acc>();
  for (const s of spans) {
    let t = byRun.get(s.runId);
    if (!t)
      byRun.set(s.runId, (t = { n: 0, failures: 0, tokens: 0, cache_read: 0, cost: 0, t0Us: s.t0Us, t1Us: s.t1Us }));
    t.n += 1;
    if (!s.ok) t.failures += 1;
    if (s.kind === "tool" || s.kind === "llm") {
      t.tokens += (s.tokensIn ?? 0) + (s.tokensOut ?? 0);
      t.cache_read += cacheReadTokensOf(s.tokensIn, s.meta);
      t.cost += s.costUsd ?? 0;
    }
    if (s.t0Us < t.t0Us) t.t0Us = s.t0Us;
    if (s.t1Us > t.t1Us) t.t1Us = s.t1Us;
  }
  const out: SpanTotals[] = [];
  for (const [runId, { t0Us, t1Us, ...t }] of byRun) {
    if (!Number.isSafeInteger(t.tokens) || !Number.isSafeInteger(t.cache_read)) return null;
    out.push({ run_id: runId, ...t, first_at: formatTimeUs(t0Us), last_at: formatTimeUs(t1Us) });
  }
  return out;
}

/** COPY the spans into `spans`; nothing else may run on the transaction meanwhile. */
export async function copySpans(tx: Tx, spans: StoredSpan[], months: RunMonths): Promise<void> {
  await copyText(tx, `spans (${SPAN_COLUMNS.namesText})`, toSpanCopyText(spans, months));
}

/** The runs' running totals after copySpans (insertSpans does this from RETURNING). */
export async function addSpanTotals(tx: Tx, totals: SpanTotals[]): Promise<void> {
  await tx.execute(
    addSpanTotalsFrom(sql`json_to_recordset(${JSON.stringify(totals)}::json) AS x(
    run_id text, n bigint, failures bigint, tokens bigint, cache_read bigint, cost double precision, first_at timestamptz, last_at timestamptz)`),
  );
}

/** COPY text format: a line a row, tab-separated, `\N` for NULL, backslash escapes. */
export function toSpanCopyText(spans: StoredSpan[], months: RunMonths): string {
  let out = "";
  for (const s of spans) {
    const row = toSpanRow(s, months, copyTime);
    let line = "";
    for (const field of SPAN_FIELDS) line += `${field.encode(row[field.key])}\t`;
    out += `${line.slice(0, -1)}\n`;
  }
  return out;
}

/** A column's value → COPY text, chosen once per column from its drizzle data type. */
function copyEncoderOf(column: PgColumn): (value: unknown) => string {
  const encode = ENCODERS[column.dataType];
  if (!encode) throw new Error(`COPY: no text encoding for ${column.name} (${column.dataType})`);
  return (value) => (value === null || value === undefined ? "\\N" : encode(value));
}

const ENCODERS: Record<string, ((value: unknown) => string) | undefined> = {
  string: (v) => copyField(v as string),
  number: (v) => String(v),
  boolean: (v) => (v ? "t" : "f"),
  json: (v) => copyField(JSON.stringify(v)),
};

/** Each span column's key and COPY text encoder, in the order of SPAN_COLUMNS. */
const SPAN_FIELDS = SPAN_COLUMNS.columns.map(({ key, column }) => ({
  key: key as keyof SpanRow,
  encode: copyEncoderOf(column),
}));

/**
 * formatTimeUs's text (ISO-8601, UTC, microseconds), with the part up to the
 * minute formatted once a minute: consecutive spans mostly share one, and
 * Date#toISOString was a tenth of the ingest's CPU time.
 */
let minuteCached = Number.NaN;
let minutePrefix = "";
function copyTime(us: number): string {
  const minute = Math.floor(us / 60e6);
  if (minute !== minuteCached) {
    minuteCached = minute;
    minutePrefix = formatTimeUs(minute * 60e6).slice(0, -10); // "…THH:MM:" without "SS.ffffffZ"
  }
  const inMinuteUs = us - minute * 60e6;
  const seconds = Math.floor(inMinuteUs / 1e6);
  return `${minutePrefix}${seconds < 10 ? "0" : ""}${seconds}.${String(inMinuteUs - seconds * 1e6).padStart(6, "0")}Z`;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function copyField(value: string): string {
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c) : value;
}

type PostgresJsCopy = { writable: () => Promise<Writable>; reject: (e: unknown) => void };
type PostgresJsClient = { unsafe: (query: string) => PostgresJsCopy };
type PgliteClient = { query: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };

/**
 * The driver's own client under a drizzle transaction. drizzle-orm 0.45 keeps
 * it, untyped, as `tx.session.client`: a postgres.js TransactionSql (a tagged
 * template function) or a PGlite Transaction (an object with `query`). Both
 * run on the transaction's connection, so a COPY through them is part of it.
 */
function driverClientOf(tx: Tx): { postgres: PostgresJsClient } | { pglite: PgliteClient } {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (typeof client === "function" && "unsafe" in client) return { postgres: client as unknown as PostgresJsClient };
  if (client && typeof (client as PgliteClient).query === "function") return { pglite: client as PgliteClient };
  throw new Error("COPY: no postgres.js or PGlite client under this drizzle transaction");
}

async function copyText(tx: Tx, target: string, text: string): Promise<void> {
  const client = driverClientOf(tx);
  if ("pglite" in client) {
    await client.pglite.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  const query = client.postgres.unsafe(`COPY ${target} FROM STDIN`);
  const stream = await query.writable();
  const done = new Promise<void>((resolve, reject) => {
    stream.once("finish", () => {
      // The stream destroys itself after 'finish', and postgres.js 3.4 answers
      // that with a CopyFail the server ignores; that tiny write then holds the
      // next statement ~40 ms for a delayed ACK (Nagle). Skip it.
      stream._destroy = (err, callback) => callback(err);
      resolve();
    });
    stream.on("error", reject);
    // An error that arrives after the data ended (a unique violation found as
    // COPY flushes its last rows) reaches only the query's `reject`, spent on
    // resolving to the stream: without this, 'finish' would never come.
    query.reject = reject;
  });
  done.catch(() => {}); // awaited below; a failed write must not also surface as unhandled
  const bytes = Buffer.from(text);
  try {
    for (let at = 0; at < bytes.length; at += COPY_CHUNK_BYTES) {
      if (!stream.write(bytes.subarray(at, at + COPY_CHUNK_BYTES))) await Promise.race([drained(stream), done]);
    }
    stream.end();
  } catch {
    // the stream failed: `done` carries the server's error
  }
  await done;
}

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => stream.once("drain", () => resolve()));
}
