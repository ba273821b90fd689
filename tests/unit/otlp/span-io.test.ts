// tests/unit/otlp/span-io.test.ts — a tool call's input and output from OTLP
// (docs/otlp.md, docs/format.md#span): GenAI tool-call arguments / result,
// OpenInference input.value / output.value, Claude Code's tool parameters.
import { describe, expect, test } from "vitest";
import { mapLogsRequest } from "@/lib/otlp/logs";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "@/lib/otlp/model";
import { mapTraceRequest } from "@/lib/otlp/traces";
import { SpanRecord } from "@/lib/schemas/records";
import { byType, expectValidWire, kv, logsRequest, makeLog, makeSpan, traceRequest } from "./helpers";

function spanOf(attributes: unknown[]) {
  const result = mapTraceRequest(ExportTraceServiceRequest.parse(traceRequest([makeSpan({ attributes })])));
  expectValidWire(result.records);
  const [span] = byType(result.records, "span");
  if (!span) throw new Error("no span mapped");
  return span;
}

const TOOL = [kv("gen_ai.operation.name", "execute_tool"), kv("gen_ai.tool.name", "search")];

describe("OTLP spans: input and output", () => {
  test("gen_ai.tool.call.arguments sent as JSON text is parsed into the input; the result is the output", () => {
    const span = spanOf([
      ...TOOL,
      kv("gen_ai.tool.call.arguments", '{"query": "weather in Paris", "limit": 3}'),
      kv("gen_ai.tool.call.result", "3 results"),
    ]);
    expect(span.input).toEqual({ query: "weather in Paris", limit: 3 });
    expect(span.output).toBe("3 results");
    expect(span.meta).not.toHaveProperty("gen_ai.tool.call.arguments");
    expect(span.meta).not.toHaveProperty("gen_ai.tool.call.result");
  });

  test("arguments that are not JSON text stay text", () => {
    expect(spanOf([...TOOL, kv("gen_ai.tool.call.arguments", "ls -la")]).input).toBe("ls -la");
  });

  test("structured arguments (a kvlist) arrive as an object", () => {
    const args = { kvlistValue: { values: [kv("q", "x"), kv("n", 2)] } };
    expect(spanOf([...TOOL, kv("gen_ai.tool.call.arguments", args)]).input).toEqual({ q: "x", n: 2 });
  });

  test("OpenInference input.value / output.value are read the same way", () => {
    const span = spanOf([
      kv("openinference.span.kind", "TOOL"),
      kv("tool.name", "sql"),
      kv("input.value", '{"sql":"SELECT 1"}'),
      kv("output.value", "[[1]]"),
    ]);
    expect(span).toMatchObject({ kind: "tool", name: "sql", input: { sql: "SELECT 1" }, output: "[[1]]" });
  });

  test("a span without them has neither", () => {
    const span = spanOf(TOOL);
    expect(span).not.toHaveProperty("input");
    expect(span).not.toHaveProperty("output");
    expect(SpanRecord.parse(span)).toMatchObject({ input: null, output: null });
  });

  test("a long result is stored cut to 2 000 characters", () => {
    const span = spanOf([...TOOL, kv("gen_ai.tool.call.result", "x".repeat(5000))]);
    expect(SpanRecord.parse(span).output).toHaveLength(2000);
  });
});

describe("Claude Code tool_result: input", () => {
  function toolSpan(attrs: Record<string, unknown>) {
    const request = logsRequest([makeLog("tool_result", { tool_name: "Bash", success: "true", ...attrs })]);
    const result = mapLogsRequest(ExportLogsServiceRequest.parse(request));
    expectValidWire(result.records);
    const [span] = byType(result.records, "span");
    if (!span) throw new Error("no span mapped");
    return span;
  }

  test("tool_parameters (JSON text) is the input, and leaves meta", () => {
    const span = toolSpan({ tool_parameters: '{"bash_command":"ls","full_command":"ls -la"}' });
    expect(span.input).toEqual({ bash_command: "ls", full_command: "ls -la" });
    expect(span.meta).not.toHaveProperty("tool_parameters");
  });

  test("tool_input wins over tool_parameters", () => {
    const span = toolSpan({ tool_input: '{"file_path":"a.ts"}', tool_parameters: '{"x":1}' });
    expect(span.input).toEqual({ file_path: "a.ts" });
  });

  test("a tool_result without them has no input", () => {
    expect(toolSpan({})).not.toHaveProperty("input");
  });
});
