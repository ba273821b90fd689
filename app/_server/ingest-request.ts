// POST /api/v1/ingest and the upload page share this: an HTTP body (JSONL,
// gzip or not, a JSON array, or a foreign format that lib/import detects and
// maps, docs/import.md) streamed through lib/ingest into the database, batch
// by batch; only a file that is one JSON document is held whole. Size limits (counted after
// gunzip, docs/api.md#limits) → 413 with what was stored, content type
// → 415, nothing valid → 400, database failure → 503 with what was stored.
// `storeUpload` is the part after the transport, also used to load the
// example runs (examples.ts).
import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { placeIterations } from "@/db/place-iterations";
import { nameUnnamedRuns, recordUpload, setRunShapes } from "@/db/uploads";
import { readEnv } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { ByteLimitError, limitBytes } from "@/lib/ingest/byte-limit";
import { IngestAbortedError, ingestItems, type IngestItem, type IngestResult } from "@/lib/ingest/ingest-stream";
import { openImport } from "@/lib/import/open-import";
import type { ImportContext, ImportFormat } from "@/lib/import/types";
import { parseOrThrow } from "@/lib/schemas/errors";
import { IngestQuery, type IngestResponse } from "@/lib/schemas/ingest-api";
import type { RunShape } from "@/lib/schemas/run-outcome";
import { storableText } from "@/lib/schemas/storable";
import { parseTimeUs } from "@/lib/time";
import { isDbUnavailable } from "./respond";

const JSONL_TYPES = new Set([
  "application/x-ndjson",
  "application/ndjson",
  "application/jsonl",
  "application/x-jsonlines",
  "application/jsonlines",
  "text/plain",
  "application/octet-stream",
  "application/gzip",
  "application/x-gzip",
]);

/** The cap on an upload after gunzip: LOOPSCOPE_MAX_UPLOAD_MB, default 1024 MiB. */
export function maxUploadBytes(): number {
  return Math.round(readEnv().LOOPSCOPE_MAX_UPLOAD_MB * 1024 * 1024);
}

/** The cap on an upload that is one JSON document, held whole: LOOPSCOPE_MAX_DOCUMENT_MB, default 64 MiB. */
export function maxDocumentBytes(): number {
  return Math.round(readEnv().LOOPSCOPE_MAX_DOCUMENT_MB * 1024 * 1024);
}

export type IngestRequestOptions = {
  /** The route's own format (e.g. the OpenAI Agents exporter endpoint); `?format=` is not read then. */
  format?: ImportFormat;
  /** The sender may not edit runs (an ingest key): run records fill in a stored run, never change it. */
  keepStoredRuns?: boolean;
};

export async function ingestRequest(
  req: Request,
  source: "api" | "upload",
  opts: IngestRequestOptions = {},
): Promise<IngestResponse> {
  const limit = maxUploadBytes();
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(new ByteLimitError(limit, "upload"));
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !JSONL_TYPES.has(type)) {
    throw new ApiError(
      "unsupported_media_type",
      `content type "${type.slice(0, 100) || "(none)"}" is not accepted: send application/x-ndjson (JSONL, optionally gzip) or application/json (an array of records)`,
    );
  }
  const params = new URL(req.url).searchParams;
  const query = parseOrThrow(
    IngestQuery,
    {
      run_id: params.get("run_id") || req.headers.get("x-loopscope-run") || undefined,
      format: opts.format ?? (params.get("format") || undefined),
      ended_at: params.get("ended_at") || undefined,
      live: params.get("live") || undefined,
      shape: params.get("shape") || undefined,
    },
    { noun: "query parameter" },
  );
  if (!req.body) throw new ApiError("nothing_valid", "the request body is empty");

  const filename = decodeFilename(req.headers.get("x-loopscope-filename"));
  const bytes = limitBytes(drainedBytes(req.body), limit);
  const ctx: ImportContext = {
    runId: query.run_id ?? null,
    endedAtUs: query.ended_at !== undefined ? parseTimeUs(query.ended_at) : null,
    fileName: filename,
    live: query.live ?? false,
    textCaps: readEnv().LOOPSCOPE_TEXT_CAPS,
  };
  const opened = await openImport(bytes, ctx, query.format ?? null, {
    maxBytes: limit,
    maxDocumentBytes: maxDocumentBytes(),
  }).catch((err: unknown) => {
    throw err instanceof ByteLimitError ? tooLarge(err) : err;
  });
  const { db } = await getDb();
  return storeUpload(db, opened, {
    runId: ctx.runId,
    source,
    filename,
    shape: query.shape ?? null,
    keepStoredRuns: opts.keepStoredRuns ?? false,
  });
}

/**
 * The body's bytes. When the reader stops early (a cap, a database failure),
 * the rest of the body is read and thrown away: cancelling it would reset the
 * connection before the 413 or 503 is written, and leaving it unread would
 * stall the next request on a kept-alive connection (docs/api.md#limits).
 */
async function* drainedBytes(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) yield r.value;
    done = true;
  } finally {
    if (!done) void discardRest(reader);
  }
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client went away: nothing left to discard.
  }
}

export type UploadOptions = {
  /** The run for records that name none; null: a new run id. */
  runId: string | null;
  /** Where the upload came from, as the upload log records it. */
  source: string;
  /** Names the runs the upload created without a name. */
  filename: string | null;
  /** `?shape=`: the shape of every run the upload touched, over the importer's. */
  shape?: RunShape | null;
  /** Run records fill in what a stored run lacks, never replace it (docs/accounts.md#api-keys). */
  keepStoredRuns?: boolean;
};

/**
 * Store an upload's items, log the upload, and name its new runs after the
 * file. A database failure is a 503 carrying what was already stored (the
 * cause is logged, never sent: it may quote SQL or the records).
 */
export async function storeUpload(
  db: Db,
  { format, items }: { format: ImportFormat; items: AsyncIterable<IngestItem> | Iterable<IngestItem> },
  { runId, source, filename, shape = null, keepStoredRuns = false }: UploadOptions,
): Promise<IngestResponse> {
  let result: IngestResult;
  try {
    result = await ingestItems(items, { runId, writeBatch: (batch) => writeBatch(db, batch, { keepStoredRuns }) });
  } catch (err) {
    if (err instanceof IngestAbortedError && err.stage === "read") {
      throw err.cause instanceof ByteLimitError ? tooLarge(err.cause, err.partial) : err.cause;
    }
    // A write that failed for its data refuses its records instead (db/ingest-bisect.ts): this is
    // a lost database (503, logged by errorResponse) or a bug (500).
    if (err instanceof IngestAbortedError && isDbUnavailable(err.cause)) {
      throw Object.assign(
        new ApiError(
          "db_unavailable",
          `the database failed while storing; ${err.partial.accepted} record(s) were stored before it stopped`,
          { ...err.partial },
        ),
        { cause: err.cause },
      );
    }
    throw err instanceof IngestAbortedError ? err.cause : err;
  }
  // A file whose every line was read and skipped on purpose (a Claude Code file of summary lines
  // only) stored nothing, rightly: said in its counts, not an error.
  const readNothingToStore = result.rejected === 0 && result.skipped > 0;
  if (result.accepted === 0 && !readNothingToStore) {
    const message =
      result.rejected === 0
        ? `the body holds no records (read as ${format})`
        : `no valid record: ${result.rejected} line(s) rejected (read as ${format})`;
    throw new ApiError("nothing_valid", message, { ...result, format });
  }
  const upload_id = randomUUID();
  await recordUpload(db, { uploadId: upload_id, source, filename, ...result });
  if (filename) await nameUnnamedRuns(db, result.runs, filename);
  if (shape) await setRunShapes(db, result.runs, shape);
  // An iteration read again from a transcript replaces the stored one: not new (docs/api.md#ingest).
  if (format !== "loopscope") result.stored = Math.max(0, result.stored - (await placeIterations(db, result.runs)));
  return { ...result, upload_id, format };
}

/** The 413 of a passed cap; `partial`: what was stored before the body was cut off. */
function tooLarge(err: ByteLimitError, partial?: IngestResult) {
  const mib = `${Math.round((err.limitBytes / 1048576) * 100) / 100} MiB`;
  if (err.kind === "document")
    return new ApiError(
      "payload_too_large",
      `the body is one JSON document, held in memory while it is read, and it is over the ${mib} limit for that ` +
        `(LOOPSCOPE_MAX_DOCUMENT_MB): send the records as JSONL, one per line, which is streamed`,
      { limit_bytes: err.limitBytes },
    );
  const stored = partial ? `; ${partial.accepted} record(s) were stored before it was cut off` : "";
  return new ApiError(
    "payload_too_large",
    `the upload is over the ${mib} limit once unpacked (LOOPSCOPE_MAX_UPLOAD_MB)${stored}`,
    { limit_bytes: err.limitBytes, ...partial },
  );
}

/** The file name, storable (it names runs): a `%00` in it is spelled out. */
function decodeFilename(header: string | null): string | null {
  if (!header) return null;
  try {
    return storableText(decodeURIComponent(header)).slice(0, 300);
  } catch {
    return header.slice(0, 300);
  }
}
