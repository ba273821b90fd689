// docs/otlp.md — the OTLP protobuf message definitions, for protobufjs.
// The messages, field names and field numbers of opentelemetry-proto v1.7
// (common, resource, trace, logs and the two collector requests/responses),
// reduced to what a traces+logs receiver reads; metrics are accepted and
// discarded by the route, so they are not decoded. No npm package that is
// maintained today ships the .proto files (the OTel JS packages dropped them
// when their serializer stopped using protobufjs), so the definitions live
// here as proto text and protobufjs parses them once, lazily. Their field
// numbers are pinned by tests/unit/otlp/protobuf.test.ts, which decodes what
// the official @opentelemetry/otlp-transformer serializer writes.
import protobuf from "protobufjs";

const OTLP_PROTO = `
syntax = "proto3";
package opentelemetry.proto;

message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
    KeyValueList kvlist_value = 6;
    bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
message InstrumentationScope {
  string name = 1;
  string version = 2;
  repeated KeyValue attributes = 3;
  uint32 dropped_attributes_count = 4;
}
message Resource {
  repeated KeyValue attributes = 1;
  uint32 dropped_attributes_count = 2;
}

message ResourceSpans {
  Resource resource = 1;
  repeated ScopeSpans scope_spans = 2;
  string schema_url = 3;
}
message ScopeSpans {
  InstrumentationScope scope = 1;
  repeated Span spans = 2;
  string schema_url = 3;
}
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  string trace_state = 3;
  bytes parent_span_id = 4;
  fixed32 flags = 16;
  string name = 5;
  int32 kind = 6;
  fixed64 start_time_unix_nano = 7;
  fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9;
  uint32 dropped_attributes_count = 10;
  message Event {
    fixed64 time_unix_nano = 1;
    string name = 2;
    repeated KeyValue attributes = 3;
    uint32 dropped_attributes_count = 4;
  }
  repeated Event events = 11;
  uint32 dropped_events_count = 12;
  message Link {
    bytes trace_id = 1;
    bytes span_id = 2;
    string trace_state = 3;
    repeated KeyValue attributes = 4;
    uint32 dropped_attributes_count = 5;
    fixed32 flags = 6;
  }
  repeated Link links = 13;
  uint32 dropped_links_count = 14;
  Status status = 15;
}
message Status {
  string message = 2;
  int32 code = 3;
}

message ResourceLogs {
  Resource resource = 1;
  repeated ScopeLogs scope_logs = 2;
  string schema_url = 3;
}
message ScopeLogs {
  InstrumentationScope scope = 1;
  repeated LogRecord log_records = 2;
  string schema_url = 3;
}
message LogRecord {
  fixed64 time_unix_nano = 1;
  fixed64 observed_time_unix_nano = 11;
  int32 severity_number = 2;
  string severity_text = 3;
  AnyValue body = 5;
  repeated KeyValue attributes = 6;
  uint32 dropped_attributes_count = 7;
  fixed32 flags = 8;
  bytes trace_id = 9;
  bytes span_id = 10;
  string event_name = 12;
}

message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ExportTracePartialSuccess { int64 rejected_spans = 1; string error_message = 2; }
message ExportTraceServiceResponse { ExportTracePartialSuccess partial_success = 1; }
message ExportLogsServiceRequest { repeated ResourceLogs resource_logs = 1; }
message ExportLogsPartialSuccess { int64 rejected_log_records = 1; string error_message = 2; }
message ExportLogsServiceResponse { ExportLogsPartialSuccess partial_success = 1; }
// google.rpc.Status, the body of an OTLP/HTTP error response (details omitted).
message RpcStatus { int32 code = 1; string message = 2; }
`;
// Enums (SpanKind, StatusCode, SeverityNumber) are declared as int32 above:
// the wire encoding of a proto3 enum is the varint of its number, and the
// JSON mapper reads numbers, so the named enum types would add nothing.

export type OtlpMessageName =
  | "ExportTraceServiceRequest"
  | "ExportTraceServiceResponse"
  | "ExportLogsServiceRequest"
  | "ExportLogsServiceResponse"
  | "RpcStatus";

let root: protobuf.Root | null = null;

/** The protobufjs type of one OTLP collector message (parsed on first use). */
export function otlpMessageType(name: OtlpMessageName): protobuf.Type {
  root ??= protobuf.parse(OTLP_PROTO, { keepCase: false }).root;
  return root.lookupType(`opentelemetry.proto.${name}`);
}
