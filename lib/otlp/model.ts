// docs/otlp.md — the OTLP JSON object model the mappers read, as zod
// schemas. Lenient on purpose, as OTLP/JSON receivers must be: 64-bit
// integers as strings or numbers, enums as numbers or names, unknown fields
// ignored (zod strips them), `null` treated as absent. The envelope is
// validated here; each span and log record only as `unknown`, so one bad item
// is rejected by the mapper with its index instead of failing the request.
// AnyValue trees are not validated by zod: lib/otlp/any-value.ts narrows them
// (a 60 KB string or a deep kvlist should not be walked twice).
import { z } from "zod";

/** fixed64 / int64 in OTLP/JSON: a decimal string, or a number from lax clients. */
export const Int64 = z.union([z.string(), z.number()]);
/** An enum: its number, or its name (`STATUS_CODE_ERROR`). */
export const EnumValue = z.union([z.number(), z.string()]);

const Attributes = z.array(z.unknown()).nullish();
const Items = z.array(z.unknown()).nullish();

const Resource = z.object({ attributes: Attributes }).nullish();
const Scope = z.object({ name: z.string().nullish(), version: z.string().nullish() }).nullish();

/** `{ [key]: schema }`, keeping the key's literal type. */
const field = <K extends string, S extends z.ZodType>(key: K, schema: S) => ({ [key]: schema }) as { [P in K]: S };

/** resource → scope → items: the envelope traces and logs share, only its names differ. */
function exportRequest<R extends string, S extends string, I extends string>(resources: R, scopes: S, items: I) {
  const scope = z.object({ scope: Scope, ...field(items, Items) });
  const resource = z.object({ resource: Resource, ...field(scopes, z.array(scope).nullish()) });
  return z.object(field(resources, z.array(resource).nullish()));
}

export const OtlpSpanEvent = z.object({
  timeUnixNano: Int64.nullish(),
  name: z.string().nullish(),
  attributes: Attributes,
});
export type OtlpSpanEvent = z.infer<typeof OtlpSpanEvent>;

export const OtlpSpan = z.object({
  traceId: z.string().nullish(),
  spanId: z.string().nullish(),
  parentSpanId: z.string().nullish(),
  name: z.string().nullish(),
  kind: EnumValue.nullish(),
  startTimeUnixNano: Int64.nullish(),
  endTimeUnixNano: Int64.nullish(),
  attributes: Attributes,
  events: Items,
  status: z.object({ code: EnumValue.nullish(), message: z.string().nullish() }).nullish(),
});
export type OtlpSpan = z.infer<typeof OtlpSpan>;

export const ExportTraceServiceRequest = exportRequest("resourceSpans", "scopeSpans", "spans");
export type ExportTraceServiceRequest = z.infer<typeof ExportTraceServiceRequest>;

export const OtlpLogRecord = z.object({
  timeUnixNano: Int64.nullish(),
  observedTimeUnixNano: Int64.nullish(),
  severityNumber: EnumValue.nullish(),
  severityText: z.string().nullish(),
  body: z.unknown().optional(),
  eventName: z.string().nullish(),
  attributes: Attributes,
  traceId: z.string().nullish(),
  spanId: z.string().nullish(),
});
export type OtlpLogRecord = z.infer<typeof OtlpLogRecord>;

export const ExportLogsServiceRequest = exportRequest("resourceLogs", "scopeLogs", "logRecords");
export type ExportLogsServiceRequest = z.infer<typeof ExportLogsServiceRequest>;

/** Why one span or log record of a request was not usable (OTLP partial success). */
export type OtlpRejection = { index: number; message: string };
