// tests/unit/otlp/protobuf.test.ts — the protobuf path gives the JSON path's
// model. The example payloads (examples/otlp/), as SDK objects
// (tests/support/otlp-sdk.ts), are re-encoded by the official
// OpenTelemetry JS serializers (@opentelemetry/otlp-transformer), decoded by
// lib/otlp/decode.ts, mapped, and compared with the mapping of the JSON example.
// This also pins the field numbers of lib/otlp/proto-schema.ts.
import {
  JsonLogsSerializer,
  JsonTraceSerializer,
  ProtobufLogsSerializer,
  ProtobufTraceSerializer,
} from "@opentelemetry/otlp-transformer";
import { describe, expect, test } from "vitest";
import { decodeLogsRequest, decodeTraceRequest } from "@/lib/otlp/decode";
import { mapLogsRequest } from "@/lib/otlp/logs";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "@/lib/otlp/model";
import { otlpMessageType } from "@/lib/otlp/proto-schema";
import { encodeExportResponse, encodeStatusResponse } from "@/lib/otlp/response";
import { mapTraceRequest } from "@/lib/otlp/traces";
import { sdkLogsOf, sdkSpansOf, type ExampleLogs, type ExampleTraces } from "@/tests/support/otlp-sdk";
import { loadExample } from "./helpers";

describe("protobuf and JSON bodies map alike", () => {
  const traces = loadExample("traces.json") as ExampleTraces;
  const logs = loadExample("logs-claude-code.json") as ExampleLogs;
  const fromExample = mapTraceRequest(ExportTraceServiceRequest.parse(traces));
  const logsFromExample = mapLogsRequest(ExportLogsServiceRequest.parse(logs));

  test("traces encoded by ProtobufTraceSerializer", () => {
    const body = ProtobufTraceSerializer.serializeRequest(sdkSpansOf(traces));
    const decoded = decodeTraceRequest(body!, "application/x-protobuf");
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.encoding).toBe("protobuf");
    expect(mapTraceRequest(decoded.request)).toEqual(fromExample);
  });

  test("traces encoded by JsonTraceSerializer", () => {
    const body = JsonTraceSerializer.serializeRequest(sdkSpansOf(traces));
    const decoded = decodeTraceRequest(body!, "application/json");
    if (!decoded.ok) throw new Error(decoded.message);
    expect(mapTraceRequest(decoded.request)).toEqual(fromExample);
  });

  test("logs encoded by ProtobufLogsSerializer and JsonLogsSerializer", () => {
    for (const [serializer, type] of [
      [ProtobufLogsSerializer, "application/x-protobuf"],
      [JsonLogsSerializer, "application/json"],
    ] as const) {
      const decoded = decodeLogsRequest(serializer.serializeRequest(sdkLogsOf(logs))!, type);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(mapLogsRequest(decoded.request)).toEqual(logsFromExample);
    }
  });

  test("protobuf ids come out as hex, 64-bit times as decimal strings", () => {
    const decoded = decodeTraceRequest(
      ProtobufTraceSerializer.serializeRequest(sdkSpansOf(traces))!,
      "application/x-protobuf",
    );
    if (!decoded.ok) throw new Error(decoded.message);
    const span = decoded.request.resourceSpans?.[0]?.scopeSpans?.[0]?.spans?.[1];
    expect(span).toMatchObject({
      traceId: "6c6f6f7073636f70652d6578616d706c",
      parentSpanId: "6167656e742d3031",
      startTimeUnixNano: "1770195601200000000",
    });
  });

  test("a body that is not protobuf is invalid, not a crash", () => {
    const decoded = decodeTraceRequest(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), "application/x-protobuf");
    expect(decoded).toMatchObject({ ok: false, code: "invalid_body" });
  });
});

describe("responses", () => {
  test("success is {} in JSON and an empty message in protobuf", () => {
    expect(new TextDecoder().decode(encodeExportResponse("traces", "json").body)).toBe("{}");
    const proto = encodeExportResponse("logs", "protobuf");
    expect(proto.contentType).toBe("application/x-protobuf");
    expect(proto.body.byteLength).toBe(0);
  });

  test("partial success carries the rejected count in both encodings", () => {
    const json = JSON.parse(new TextDecoder().decode(encodeExportResponse("logs", "json", 2, "2 bad").body));
    expect(json).toEqual({ partialSuccess: { rejectedLogRecords: 2, errorMessage: "2 bad" } });
    const type = otlpMessageType("ExportTraceServiceResponse");
    const proto = type.toObject(type.decode(encodeExportResponse("traces", "protobuf", 3, "3 bad").body), {
      longs: Number,
    });
    expect(proto).toEqual({ partialSuccess: { rejectedSpans: 3, errorMessage: "3 bad" } });
  });

  test("an error is a google.rpc.Status", () => {
    const type = otlpMessageType("RpcStatus");
    expect(type.toObject(type.decode(encodeStatusResponse("protobuf", 3, "nothing usable").body))).toEqual({
      code: 3,
      message: "nothing usable",
    });
  });
});
