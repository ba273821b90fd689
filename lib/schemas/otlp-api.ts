// What the OTLP/HTTP receiver (POST /v1/traces, /v1/logs, /v1/metrics)
// answers in JSON, as the OTLP/HTTP specification defines it: an
// Export*ServiceResponse, with `partialSuccess` when some items were
// rejected, or a google.rpc.Status with an error status. lib/otlp/response.ts
// encodes them (also as protobuf, for a protobuf request).
import { z } from "zod";

const PartialSuccess = (countKey: "rejectedSpans" | "rejectedLogRecords") =>
  z.object({ [countKey]: z.number().int().optional(), errorMessage: z.string().optional() });

/** 200 of POST /v1/traces: `{}`, or `partialSuccess` with the spans rejected and why. */
export const OtlpTraceExportResponse = z.object({ partialSuccess: PartialSuccess("rejectedSpans").optional() });
export type OtlpTraceExportResponse = z.infer<typeof OtlpTraceExportResponse>;

/** 200 of POST /v1/logs: `{}`, or `partialSuccess` with the log records rejected and why. */
export const OtlpLogsExportResponse = z.object({ partialSuccess: PartialSuccess("rejectedLogRecords").optional() });
export type OtlpLogsExportResponse = z.infer<typeof OtlpLogsExportResponse>;

/** Every OTLP error status: a google.rpc.Status (`code` is a gRPC code: 3 invalid argument, 14 unavailable, …). */
export const OtlpStatus = z.object({ code: z.number().int(), message: z.string() });
export type OtlpStatus = z.infer<typeof OtlpStatus>;
