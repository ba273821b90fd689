// The OTLP/HTTP receiver's routes in the OpenAPI document (openapi.ts): at
// the conventional paths, so OTEL_EXPORTER_OTLP_ENDPOINT=http://host:port
// works; docs/otlp.md maps what each carries onto runs, spans and events.
import type { z } from "zod";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "../otlp/model";
import { PROTOBUF, type OperationDoc, type RouteDocs } from "./openapi-components";
import { OtlpLogsExportResponse, OtlpTraceExportResponse } from "./otlp-api";

const ERRORS = {
  400: "OtlpError",
  401: "OtlpError",
  403: "OtlpError",
  413: "OtlpError",
  415: "OtlpError",
  500: "OtlpError",
} as const;

function receiver(signal: "Trace" | "Logs", request: z.ZodType, response: z.ZodType): OperationDoc {
  return {
    operationId: `otlpExport${signal === "Trace" ? "Traces" : "Logs"}`,
    summary: `Receive OTLP/HTTP ${signal === "Trace" ? "traces" : "logs"}`,
    description:
      "JSON or protobuf, gzip or not (Content-Encoding), at most LOOPSCOPE_OTLP_MAX_MB decompressed. " +
      "Items become spans, events and iterations, stored like an upload (a retry stores nothing twice); " +
      "the response is in the request's encoding.",
    tag: "otlp",
    ingestAuth: true,
    body: {
      description: `An Export${signal}ServiceRequest.`,
      content: { "application/json": request, "application/x-protobuf": PROTOBUF },
    },
    responses: {
      200: {
        description: "Stored; `partialSuccess` counts the items that were rejected, and says why.",
        content: { "application/json": response, "application/x-protobuf": PROTOBUF },
      },
      ...ERRORS,
      503: "OtlpUnavailable",
    },
  };
}

export const OTLP_ROUTES: RouteDocs = {
  "/v1/traces": { post: receiver("Trace", ExportTraceServiceRequest, OtlpTraceExportResponse) },
  "/v1/logs": { post: receiver("Logs", ExportLogsServiceRequest, OtlpLogsExportResponse) },
  "/v1/metrics": {
    post: {
      operationId: "otlpExportMetrics",
      summary: "Accept OTLP/HTTP metrics and discard them",
      description: "Read and dropped, so that exporters with metrics enabled do not log errors.",
      tag: "otlp",
      ingestAuth: true,
      body: {
        description: "An ExportMetricsServiceRequest; not read.",
        content: { "application/json": { type: "object" }, "application/x-protobuf": PROTOBUF },
      },
      responses: {
        200: {
          description: "Discarded: `{}`, or an empty protobuf message.",
          content: { "application/json": { type: "object" }, "application/x-protobuf": PROTOBUF },
        },
        401: "OtlpError",
        403: "OtlpError",
        413: "OtlpError",
        500: "OtlpError",
      },
    },
  },
};
