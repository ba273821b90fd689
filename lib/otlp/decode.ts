// docs/otlp.md — an OTLP/HTTP request body (already gunzipped) → the OTLP
// JSON object model of lib/otlp/model.ts, for both content types:
// `application/json` is parsed as is; `application/x-protobuf` is decoded by
// protobufjs with the opentelemetry-proto messages of proto-schema.ts and
// converted to the JSON shape (ids as hex, 64-bit integers as decimal
// strings, enums as numbers, bytes values as base64), so one mapper reads
// both. Any other content type is `unsupported_media_type` (415); a body that
// does not decode or is not an export request is `invalid_body` (400).
// Pure: no I/O, no size limit (the route caps the body before calling).
import type { z } from "zod";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "./model";
import { otlpMessageType, type OtlpMessageName } from "./proto-schema";

export type OtlpEncoding = "json" | "protobuf";
export type OtlpDecodeError = { code: "unsupported_media_type" | "invalid_body"; message: string };
export type OtlpDecoded<T> = { ok: true; encoding: OtlpEncoding; request: T } | ({ ok: false } & OtlpDecodeError);

/** The OTLP encoding named by a Content-Type header (parameters ignored), or null. */
export function otlpEncodingOf(contentType: string | null | undefined): OtlpEncoding | null {
  const mime = (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (mime === "application/json") return "json";
  if (mime === "application/x-protobuf" || mime === "application/protobuf") return "protobuf";
  return null;
}

const ID_FIELDS = new Set(["traceId", "spanId", "parentSpanId"]);

/** protobufjs renders `bytes` as base64; OTLP/JSON ids are hex. Iterative: traces nest. */
function idsToHex(root: unknown): unknown {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === "object" && item !== null) stack.push(item);
      continue;
    }
    if (typeof node !== "object" || node === null) continue;
    const obj = node as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const v = obj[key];
      if (ID_FIELDS.has(key) && typeof v === "string") obj[key] = Buffer.from(v, "base64").toString("hex");
      else if (typeof v === "object" && v !== null) stack.push(v);
    }
  }
  return root;
}

function decodeProtobuf(name: OtlpMessageName, body: Uint8Array): unknown {
  const type = otlpMessageType(name);
  const message = type.decode(body);
  const plain = type.toObject(message, { longs: String, enums: Number, bytes: String, defaults: false });
  return idsToHex(plain);
}

function decodeJson(body: Uint8Array): unknown {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  return text.trim() === "" ? {} : JSON.parse(text);
}

function decodeRequest<S extends z.ZodType>(
  schema: S,
  message: OtlpMessageName,
  body: Uint8Array,
  contentType: string | null | undefined,
): OtlpDecoded<z.infer<S>> {
  const encoding = otlpEncodingOf(contentType);
  if (encoding === null) {
    return {
      ok: false,
      code: "unsupported_media_type",
      message: `unsupported content type ${JSON.stringify(contentType ?? "")}: use application/json or application/x-protobuf`,
    };
  }
  let raw: unknown;
  try {
    raw = encoding === "json" ? decodeJson(body) : decodeProtobuf(message, body);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, code: "invalid_body", message: `unreadable ${encoding} ${message}: ${reason}` };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "body";
    return { ok: false, code: "invalid_body", message: `not an ${message}: ${where}: ${issue?.message ?? "invalid"}` };
  }
  return { ok: true, encoding, request: parsed.data };
}

/** POST /v1/traces body → ExportTraceServiceRequest (JSON model). */
export function decodeTraceRequest(
  body: Uint8Array,
  contentType: string | null | undefined,
): OtlpDecoded<ExportTraceServiceRequest> {
  return decodeRequest(ExportTraceServiceRequest, "ExportTraceServiceRequest", body, contentType);
}

/** POST /v1/logs body → ExportLogsServiceRequest (JSON model). */
export function decodeLogsRequest(
  body: Uint8Array,
  contentType: string | null | undefined,
): OtlpDecoded<ExportLogsServiceRequest> {
  return decodeRequest(ExportLogsServiceRequest, "ExportLogsServiceRequest", body, contentType);
}
