// OTLP request bodies for the receiver tests: the repository's example
// payloads (examples/otlp/) as OTLP/JSON, and the same data encoded as
// protobuf by the official OpenTelemetry JS serializers
// (@opentelemetry/otlp-transformer), from SDK-shaped spans and log records
// built out of the example.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ProtobufLogsSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { keyValuesToObject } from "@/lib/otlp/any-value";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples", "otlp");

type SdkSpans = Parameters<typeof ProtobufTraceSerializer.serializeRequest>[0];
type SdkLogs = Parameters<typeof ProtobufLogsSerializer.serializeRequest>[0];
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

export const TRACE_RUN = "conv-example-0001";
export const LOGS_RUN = "5f0c6a1e-3b7d-4e2a-9c81-7d2e4b6a9f30";

export function exampleTraces(): ExampleTraces {
  return JSON.parse(readFileSync(path.join(EXAMPLES, "traces.json"), "utf8")) as ExampleTraces;
}

export function exampleLogs(): ExampleLogs {
  return JSON.parse(readFileSync(path.join(EXAMPLES, "logs-claude-code.json"), "utf8")) as ExampleLogs;
}

export const jsonBytes = (value: unknown): Uint8Array => new Uint8Array(Buffer.from(JSON.stringify(value)));
export const gzip = (bytes: Uint8Array): Uint8Array => new Uint8Array(gzipSync(bytes));

const hrTime = (nanos: string): [number, number] => [
  Number(BigInt(nanos) / 10n ** 9n),
  Number(BigInt(nanos) % 10n ** 9n),
];

/** The example's spans as protobuf, as an SDK exporter would send them. */
export function protobufTraces(example: ExampleTraces): Uint8Array {
  const spans = example.resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) =>
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
        resource: { attributes: keyValuesToObject(rs.resource.attributes) },
        instrumentationScope: ss.scope,
        droppedAttributesCount: 0,
        droppedEventsCount: 0,
        droppedLinksCount: 0,
        ended: true,
        duration: [0, 0],
      })),
    ),
  );
  return ProtobufTraceSerializer.serializeRequest(spans as unknown as SdkSpans) ?? new Uint8Array(0);
}

/** The example's log records as protobuf. */
export function protobufLogs(example: ExampleLogs): Uint8Array {
  const records = example.resourceLogs.flatMap((rl) =>
    rl.scopeLogs.flatMap((sl) =>
      sl.logRecords.map((r) => ({
        hrTime: hrTime(r.timeUnixNano),
        hrTimeObserved: hrTime(r.observedTimeUnixNano ?? r.timeUnixNano),
        body: r.body.stringValue,
        attributes: keyValuesToObject(r.attributes),
        resource: { attributes: keyValuesToObject(rl.resource.attributes) },
        instrumentationScope: sl.scope,
        droppedAttributesCount: 0,
      })),
    ),
  );
  return ProtobufLogsSerializer.serializeRequest(records as unknown as SdkLogs) ?? new Uint8Array(0);
}

/** A copy of the trace example with every run moved to `runId` (so one database holds several copies). */
export function tracesForRun(runId: string): ExampleTraces {
  const example = exampleTraces();
  for (const rs of example.resourceSpans)
    rs.resource.attributes.push({ key: "loopscope.run_id", value: { stringValue: runId } });
  return example;
}

export function logsForRun(runId: string): ExampleLogs {
  const example = exampleLogs();
  for (const rl of example.resourceLogs) {
    for (const sl of rl.scopeLogs) {
      for (const r of sl.logRecords) r.attributes.push({ key: "loopscope.run_id", value: { stringValue: runId } });
    }
  }
  return example;
}
