// POST /api/v1/ingest and the upload page share this: an HTTP body (JSONL,
// gzip or not, or a JSON array) streamed through lib/ingest into the
// database, batch by batch, never held whole. Size limit → 413, content type
// → 415, nothing valid → 400, database failure → 503 with what was stored.
import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { nameUnnamedRuns, recordUpload } from "@/db/uploads";
import { ApiError } from "@/lib/errors";
import { IngestAbortedError, ingestItems, type IngestItem, type IngestResult } from "@/lib/ingest/ingest-stream";
import { maybeGunzip, readLines } from "@/lib/ingest/line-reader";

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

export type IngestResponse = IngestResult & { upload_id: string };

export function maxUploadBytes(): number {
  return Number(process.env.LOOPSCOPE_MAX_UPLOAD_MB ?? 1024) * 1024 * 1024;
}

export async function ingestRequest(req: Request, source: "api" | "upload"): Promise<IngestResponse> {
  const limit = maxUploadBytes();
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !JSONL_TYPES.has(type)) {
    throw new ApiError(
      "unsupported_media_type",
      `content type "${type || "(none)"}" is not accepted: send application/x-ndjson (JSONL, optionally gzip) or application/json (an array of records)`,
    );
  }
  const url = new URL(req.url);
  const runId = url.searchParams.get("run_id") || req.headers.get("x-loopscope-run") || null;
  if (runId !== null && runId.length > 512)
    throw new ApiError("invalid_parameter", "run_id is longer than 512 characters", { param: "run_id" });
  if (!req.body) throw new ApiError("nothing_valid", "the request body is empty");

  const bytes = countBytes(req.body as unknown as AsyncIterable<Uint8Array>, limit);
  const items = type === "application/json" ? await jsonItems(bytes) : readLines(maybeGunzip(bytes));
  const { db } = await getDb();
  let result: IngestResult;
  try {
    result = await ingestItems(items, { runId, writeBatch: (batch) => writeBatch(db, batch) });
  } catch (err) {
    if (err instanceof IngestAbortedError) {
      throw new ApiError(
        "db_unavailable",
        `the database failed while storing: ${(err.cause as Error)?.message ?? err.cause}`,
        { ...err.partial },
      );
    }
    throw err;
  }
  if (result.accepted === 0) {
    const message =
      result.rejected === 0 ? "the body holds no records" : `no valid record: ${result.rejected} line(s) rejected`;
    throw new ApiError("nothing_valid", message, { ...result });
  }
  const upload_id = randomUUID();
  const filename = decodeFilename(req.headers.get("x-loopscope-filename"));
  await recordUpload(db, { uploadId: upload_id, source, filename, ...result });
  if (filename) await nameUnnamedRuns(db, result.runs, filename);
  return { ...result, upload_id };
}

function tooLarge(limit: number) {
  return new ApiError(
    "payload_too_large",
    `the upload is over the ${Math.round(limit / 1048576)} MiB limit (LOOPSCOPE_MAX_UPLOAD_MB)`,
  );
}

async function* countBytes(body: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) throw tooLarge(limit);
    yield chunk;
  }
}

/** A JSON body: an array of records (line = index + 1), one record, or JSONL sent as JSON. */
async function jsonItems(bytes: AsyncIterable<Uint8Array>): Promise<Iterable<IngestItem> | AsyncIterable<IngestItem>> {
  const chunks: Buffer[] = [];
  for await (const c of maybeGunzip(bytes)) chunks.push(Buffer.from(c));
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return readLines(
      (async function* () {
        yield Buffer.from(text);
      })(),
    );
  }
  const values = Array.isArray(value) ? value : [value];
  return values.map((v, i) => ({ lineNo: i + 1, value: v }));
}

function decodeFilename(header: string | null): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header).slice(0, 300);
  } catch {
    return header.slice(0, 300);
  }
}
