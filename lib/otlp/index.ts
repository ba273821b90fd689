// docs/otlp.md — the pure OTLP receiver, for the /v1/* route handlers:
// decode the body, map it to docs/format.md wire objects, encode the response. The
// route validates each wire object with lib/schemas/records.ts like JSONL.
export { decodeLogsRequest, decodeTraceRequest, otlpEncodingOf } from "./decode";
export type { OtlpDecoded, OtlpDecodeError, OtlpEncoding } from "./decode";
export { mapLogsRequest } from "./logs";
export { mapTraceRequest } from "./traces";
export { assignKnownRuns, namedTraceRuns, unnamedTraceIds } from "./trace-runs";
export { encodeExportResponse, encodeStatusResponse, GRPC_CODE } from "./response";
export type { OtlpResponseBody, OtlpSignal } from "./response";
export type { ExportLogsServiceRequest, ExportTraceServiceRequest, OtlpRejection } from "./model";
export type { OtlpMapResult, OtlpTraceMapResult, OtlpWireRecord, TraceRun } from "./wire";
