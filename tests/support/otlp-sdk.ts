// The repository's OTLP example payloads (examples/otlp/) as the OpenTelemetry
// JS SDK holds them before export: ReadableSpans and log records, one
// resource object per ResourceSpans/ResourceLogs as a real exporter shares
// it. The official serializers of @opentelemetry/otlp-transformer turn these
// into the protobuf (or JSON) bodies the receiver tests send.
import type { ProtobufLogsSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { keyValuesToObject } from "@/lib/otlp/any-value";

export type SdkSpans = Parameters<typeof ProtobufTraceSerializer.serializeRequest>[0];
export type SdkLogs = Parameters<typeof ProtobufLogsSerializer.serializeRequest>[0];

type Scope = { name: string; version?: string };
type ExampleSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: unknown[];
  events?: { name: string; timeUnixNano: string; attributes?: unknown[] }[];
  status?: { code?: number; message?: string };
};
export type ExampleTraces = {
  resourceSpans: { resource: { attributes: unknown[] }; scopeSpans: { scope: Scope; spans: ExampleSpan[] }[] }[];
};
type ExampleLog = {
  timeUnixNano: string;
  observedTimeUnixNano?: string;
  body: { stringValue: string };
  attributes: unknown[];
};
export type ExampleLogs = {
  resourceLogs: { resource: { attributes: unknown[] }; scopeLogs: { scope: Scope; logRecords: ExampleLog[] }[] }[];
};

const hrTime = (nanos: string): [number, number] => [
  Number(BigInt(nanos) / 10n ** 9n),
  Number(BigInt(nanos) % 10n ** 9n),
];

/** The example's spans as the SDK's ReadableSpan objects (what an exporter serializes). */
export function sdkSpansOf(example: ExampleTraces): SdkSpans {
  const spans = example.resourceSpans.flatMap((rs) => {
    const resource = { attributes: keyValuesToObject(rs.resource.attributes) };
    return rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s) => ({
        name: s.name,
        kind: s.kind - 1,
        spanContext: () => ({ traceId: s.traceId, spanId: s.spanId, traceFlags: 1 }),
        parentSpanContext: s.parentSpanId
          ? { traceId: s.traceId, spanId: s.parentSpanId, traceFlags: 1, isRemote: false }
          : undefined,
        startTime: hrTime(s.startTimeUnixNano),
        endTime: hrTime(s.endTimeUnixNano),
        status: { code: s.status?.code ?? 0, message: s.status?.message },
        attributes: keyValuesToObject(s.attributes),
        links: [],
        events: (s.events ?? []).map((e) => ({
          name: e.name,
          time: hrTime(e.timeUnixNano),
          attributes: keyValuesToObject(e.attributes),
        })),
        resource,
        instrumentationScope: ss.scope,
        droppedAttributesCount: 0,
        droppedEventsCount: 0,
        droppedLinksCount: 0,
        ended: true,
        duration: [0, 0],
      })),
    );
  });
  return spans as unknown as SdkSpans;
}

/** The example's log records as the SDK's log records. */
export function sdkLogsOf(example: ExampleLogs): SdkLogs {
  const records = example.resourceLogs.flatMap((rl) => {
    const resource = { attributes: keyValuesToObject(rl.resource.attributes) };
    return rl.scopeLogs.flatMap((sl) =>
      sl.logRecords.map((r) => ({
        hrTime: hrTime(r.timeUnixNano),
        hrTimeObserved: hrTime(r.observedTimeUnixNano ?? r.timeUnixNano),
        body: r.body.stringValue,
        attributes: keyValuesToObject(r.attributes),
        resource,
        instrumentationScope: sl.scope,
        droppedAttributesCount: 0,
      })),
    );
  });
  return records as unknown as SdkLogs;
}
