// OTLP request bodies for the receiver tests: the repository's example
// payloads (examples/otlp/) as OTLP/JSON, and the same data encoded as
// protobuf by the official OpenTelemetry JS serializers
// (@opentelemetry/otlp-transformer), from SDK-shaped spans and log records
// built out of the example (tests/support/otlp-sdk.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ProtobufLogsSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { sdkLogsOf, sdkSpansOf, type ExampleLogs, type ExampleTraces } from "@/tests/support/otlp-sdk";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples", "otlp");

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

/** The example's spans as protobuf, as an SDK exporter would send them. */
export function protobufTraces(example: ExampleTraces): Uint8Array {
  return ProtobufTraceSerializer.serializeRequest(sdkSpansOf(example)) ?? new Uint8Array(0);
}

/** The example's log records as protobuf. */
export function protobufLogs(example: ExampleLogs): Uint8Array {
  return ProtobufLogsSerializer.serializeRequest(sdkLogsOf(example)) ?? new Uint8Array(0);
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
