// docs/otlp.md — the OTLP/HTTP receiver behind POST /v1/traces, /v1/logs
// and /v1/metrics. Transport only: the body is streamed (gzip or not, chunked
// or not) with a cap on its decompressed size, decoded and mapped by lib/otlp,
// and the docs/format.md wire objects are stored by otlp-store.ts through the same
// ingest pipeline as a JSONL upload (validated by the same schemas, upserted by
// id, so an exporter's retry stores nothing twice; spans grouped with the
// requests that arrive while one is written, docs/otlp.md#group-commit). Responses follow the OTLP/HTTP
// spec, in the request's encoding: 200 (maybe with partialSuccess), 400
// nothing usable, 401 refused by auth.ts, 403 sent by a browser page of another
// origin (same-origin.ts), 413 too large, 415 wrong type,
// 503 + Retry-After when the database is unavailable (the one an exporter retries).
// Metrics are read and discarded. Export batches are not recorded as uploads.
import { getDb, type Db } from "@/db/client";
import { readEnv } from "@/lib/env";
import { checkSameOrigin } from "@/lib/http/same-origin";
import { IngestAbortedError } from "@/lib/ingest/ingest-stream";
import {
  decodeLogsRequest,
  decodeTraceRequest,
  encodeExportResponse,
  encodeStatusResponse,
  GRPC_CODE,
  mapLogsRequest,
  mapTraceRequest,
  otlpEncodingOf,
  type OtlpDecodeError,
  type OtlpEncoding,
  type OtlpMapResult,
  type OtlpResponseBody,
  type OtlpSignal,
  type OtlpTraceMapResult,
} from "@/lib/otlp";
import { authorizeIngest } from "./auth";
import { storeOtlp, type OtlpStored } from "./otlp-store";
import { isDbUnavailable, logError, RETRY_AFTER_S } from "./respond";

export type OtlpEndpoint = OtlpSignal | "metrics";

const GRPC_UNAUTHENTICATED = 16;
const GRPC_PERMISSION_DENIED = 7;
const GRPC_INTERNAL = 13;
const REPORTED_REJECTIONS = 5;

/** The cap on a decompressed OTLP body: LOOPSCOPE_OTLP_MAX_MB, default 64 MiB. */
export function maxOtlpBytes(): number {
  return Math.round(readEnv().LOOPSCOPE_OTLP_MAX_MB * 1024 * 1024);
}

/** Handle one POST to /v1/{traces,logs,metrics}: every outcome is an OTLP response, a bug a 500 Status. */
export async function receiveOtlp(endpoint: OtlpEndpoint, req: Request): Promise<Response> {
  try {
    return await receive(endpoint, req);
  } catch (err) {
    const id = logError(err);
    const encoding = otlpEncodingOf(req.headers.get("content-type")) ?? "json";
    return status(500, encoding, GRPC_INTERNAL, `internal error (request_id ${id})`);
  }
}

async function receive(endpoint: OtlpEndpoint, req: Request): Promise<Response> {
  const contentType = req.headers.get("content-type");
  const encoding = otlpEncodingOf(contentType);
  const origin = checkSameOrigin(req.method, req.headers, req.url);
  if (!origin.ok) return status(403, encoding ?? "json", GRPC_PERMISSION_DENIED, origin.reason);
  const auth = await authorizeIngest(req);
  if (!auth.ok)
    return status(
      auth.status,
      encoding ?? "json",
      auth.status === 401 ? GRPC_UNAUTHENTICATED : GRPC_PERMISSION_DENIED,
      auth.reason,
    );
  if (endpoint === "metrics") return discardMetrics(req, encoding, maxOtlpBytes());
  if (encoding === null)
    return status(
      415,
      "json",
      GRPC_CODE.INVALID_ARGUMENT,
      `unsupported content type ${JSON.stringify(contentType ?? "")}: use application/json or application/x-protobuf`,
    );

  const body = await readBody(req, maxOtlpBytes());
  if (!body.ok)
    return status(
      body.status,
      encoding,
      body.status === 413 ? GRPC_CODE.RESOURCE_EXHAUSTED : GRPC_CODE.INVALID_ARGUMENT,
      body.message,
    );
  const mapped = decodeAndMap(endpoint, body.bytes, contentType);
  if (!mapped.ok)
    return status(
      mapped.code === "unsupported_media_type" ? 415 : 400,
      encoding,
      GRPC_CODE.INVALID_ARGUMENT,
      mapped.message,
    );
  const usable = mapped.records.filter((r) => r.type !== "run").length;
  if (usable === 0 && mapped.rejected.length > 0)
    return status(400, encoding, GRPC_CODE.INVALID_ARGUMENT, rejectionMessage(endpoint, mapped, null));
  if (usable === 0) return reply(200, encodeExportResponse(endpoint, encoding));

  let db: Db;
  try {
    ({ db } = await getDb());
  } catch (err) {
    console.error("OTLP receiver: the database cannot be opened:", err);
    return unavailable(encoding);
  }
  let result: OtlpStored;
  try {
    result = await storeOtlp(db, mapped);
  } catch (err) {
    // Records the database refuses are rejected one by one (db/ingest-bisect.ts): what is left
    // is a lost database (503, the one status an exporter retries) or a bug (500).
    if (!isDbUnavailable(err)) throw err instanceof IngestAbortedError ? err.cause : err;
    logError(err);
    return unavailable(encoding);
  }
  const rejected = mapped.rejected.length + result.rejected;
  if (rejected === 0) return reply(200, encodeExportResponse(endpoint, encoding));
  const message = rejectionMessage(endpoint, mapped, result);
  if (usable - result.rejected <= 0) return status(400, encoding, GRPC_CODE.INVALID_ARGUMENT, message);
  return reply(200, encodeExportResponse(endpoint, encoding, rejected, message));
}

type Mapped = OtlpMapResult | OtlpTraceMapResult;

function decodeAndMap(
  endpoint: OtlpSignal,
  bytes: Uint8Array,
  contentType: string | null,
): ({ ok: true } & Mapped) | ({ ok: false } & OtlpDecodeError) {
  if (endpoint === "traces") {
    const decoded = decodeTraceRequest(bytes, contentType);
    return decoded.ok ? { ok: true, ...mapTraceRequest(decoded.request) } : decoded;
  }
  const decoded = decodeLogsRequest(bytes, contentType);
  return decoded.ok ? { ok: true, ...mapLogsRequest(decoded.request) } : decoded;
}

/** "2 of 7 spans rejected: item 3: …; record 9: …" — mapper rejections by item index, schema ones by record number. */
function rejectionMessage(endpoint: OtlpSignal, mapped: OtlpMapResult, result: OtlpStored | null): string {
  const parts = [
    ...mapped.rejected.map((r) => `item ${r.index}: ${r.message}`),
    ...(result?.errors ?? []).map((e) => `record ${e.line}: ${e.message}`),
  ];
  const total = mapped.rejected.length + (result?.errors_total ?? 0);
  const noun = endpoint === "traces" ? "span(s)" : "log record(s)";
  const more = total > REPORTED_REJECTIONS ? `; and ${total - REPORTED_REJECTIONS} more` : "";
  return `${total} ${noun} rejected: ${parts.slice(0, REPORTED_REJECTIONS).join("; ")}${more}`;
}

type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; status: 400 | 413 | 415; message: string };

/** The whole body, gunzipped when Content-Encoding says so, or why not; stops reading at the cap. */
async function readBody(req: Request, limit: number): Promise<BodyRead> {
  const coding = (req.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  const gzip = coding === "gzip" || coding === "x-gzip";
  if (!gzip && coding !== "identity" && coding !== "") {
    return { ok: false, status: 415, message: `unsupported content encoding "${coding}": send gzip or none` };
  }
  const tooLarge = {
    ok: false,
    status: 413,
    message: `the decompressed body is over the ${(limit / 1048576).toFixed(0)} MiB limit (LOOPSCOPE_OTLP_MAX_MB)`,
  } as const;
  if (Number(req.headers.get("content-length") ?? NaN) > limit) return tooLarge;
  if (req.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const stream = gzip ? req.body.pipeThrough(new DecompressionStream("gzip")) : req.body;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      total += next.value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return tooLarge;
      }
      chunks.push(next.value);
    }
  } catch (err) {
    return {
      ok: false,
      status: 400,
      message: `the body could not be read${gzip ? " as gzip" : ""}: ${(err as Error).message}`,
    };
  }
  const [only] = chunks;
  return { ok: true, bytes: chunks.length === 1 && only ? only : Buffer.concat(chunks) };
}

/** POST /v1/metrics: read (up to the cap) and drop, so exporters with metrics on do not log errors. */
async function discardMetrics(req: Request, encoding: OtlpEncoding | null, limit: number): Promise<Response> {
  let total = 0;
  if (req.body !== null)
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > limit)
        return status(413, encoding ?? "json", GRPC_CODE.RESOURCE_EXHAUSTED, "the body is over the size limit");
    }
  if (encoding === "protobuf") return reply(200, { contentType: "application/x-protobuf", body: new Uint8Array(0) });
  return reply(200, { contentType: "application/json", body: new TextEncoder().encode("{}") });
}

/** 503 without its cause: an error's text may quote SQL or the records. */
function unavailable(encoding: OtlpEncoding): Response {
  return status(503, encoding, GRPC_CODE.UNAVAILABLE, "the database is unavailable, retry later", {
    "Retry-After": String(RETRY_AFTER_S),
  });
}

function status(
  code: number,
  encoding: OtlpEncoding,
  grpcCode: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return reply(code, encodeStatusResponse(encoding, grpcCode, message), headers);
}

function reply(code: number, body: OtlpResponseBody, headers: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(body.body), {
    status: code,
    headers: { "content-type": body.contentType, ...headers },
  });
}
