// docs/otlp.md — OTLP/HTTP response bodies, in the encoding of the request
// (the spec: "the response MUST use the same Content-Type as the request").
// Success is an empty Export*ServiceResponse (`{}`), or one with
// `partialSuccess` when some spans / log records were rejected; a request
// with nothing usable gets a google.rpc.Status body with a 400. The route
// picks the status code; this file only encodes.
import type { OtlpEncoding } from "./decode";
import { otlpMessageType } from "./proto-schema";

export type OtlpSignal = "traces" | "logs";
export type OtlpResponseBody = { contentType: string; body: Uint8Array };

const CONTENT_TYPE: Record<OtlpEncoding, string> = {
  json: "application/json",
  protobuf: "application/x-protobuf",
};

function encodeJson(value: unknown): Uint8Array {
  return new Uint8Array(Buffer.from(JSON.stringify(value), "utf8"));
}

/**
 * `200` body: `{}` when `rejected` is 0, else `partialSuccess` with the count
 * (`rejectedSpans` for traces, `rejectedLogRecords` for logs) and a message.
 */
export function encodeExportResponse(
  signal: OtlpSignal,
  encoding: OtlpEncoding,
  rejected = 0,
  errorMessage = "",
): OtlpResponseBody {
  const countKey = signal === "traces" ? "rejectedSpans" : "rejectedLogRecords";
  const response =
    rejected > 0 || errorMessage !== "" ? { partialSuccess: { [countKey]: rejected, errorMessage } } : {};
  if (encoding === "json") return { contentType: CONTENT_TYPE.json, body: encodeJson(response) };
  const type = otlpMessageType(signal === "traces" ? "ExportTraceServiceResponse" : "ExportLogsServiceResponse");
  return { contentType: CONTENT_TYPE.protobuf, body: type.encode(type.fromObject(response)).finish() };
}

/** Error body (`400`, `413`, `415`, `503`): google.rpc.Status `{code, message}`. */
export function encodeStatusResponse(encoding: OtlpEncoding, grpcCode: number, message: string): OtlpResponseBody {
  if (encoding === "json") return { contentType: CONTENT_TYPE.json, body: encodeJson({ code: grpcCode, message }) };
  const type = otlpMessageType("RpcStatus");
  return {
    contentType: CONTENT_TYPE.protobuf,
    body: type.encode(type.fromObject({ code: grpcCode, message })).finish(),
  };
}

/** google.rpc.Code values the OTLP/HTTP spec pairs with HTTP statuses. */
export const GRPC_CODE = { INVALID_ARGUMENT: 3, RESOURCE_EXHAUSTED: 8, UNAVAILABLE: 14 } as const;
