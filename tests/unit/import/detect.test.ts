// docs/import.md#detection: a file's format from its first lines.
import { describe, expect, test } from "vitest";
import { classifyValue, detectFormat } from "@/lib/import/detect";

const jsonl = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join("\n") + "\n";

describe("detectFormat", () => {
  test.each([
    ["loopscope span", jsonl({ type: "span", name: "read", t0: 1 }), "loopscope"],
    ["bare span", jsonl({ name: "read", t0: 1, t1: 2 }), "loopscope"],
    [
      "Claude Code session opening with snapshot and summary lines",
      jsonl(
        { type: "file-history-snapshot", messageId: "m", snapshot: {} },
        { type: "user", sessionId: "s", uuid: "u", message: { role: "user", content: "hi" } },
      ),
      "claude-code",
    ],
    ["Claude Code summary line", jsonl({ type: "summary", summary: "Fix", leafUuid: "u" }), "claude-code"],
    [
      "claude -p stream-json",
      jsonl({ type: "system", subtype: "init", session_id: "s", model: "claude-sonnet-4-5" }),
      "claude-code-stream",
    ],
    ["claude -p json result", jsonl({ type: "result", subtype: "success", session_id: "s" }), "claude-code-stream"],
    [
      "Codex rollout",
      jsonl({ timestamp: "2026-01-01T00:00:00Z", type: "session_meta", payload: { id: "x" } }),
      "codex",
    ],
    ["OpenAI Agents item", jsonl({ object: "trace", id: "trace_1", workflow_name: "w" }), "openai-agents"],
    ["OpenAI Agents body", jsonl({ data: [{ object: "trace.span", id: "span_1" }] }), "openai-agents"],
    ["Langfuse batch", jsonl({ batch: [{ id: "1", type: "trace-create", body: {} }] }), "langfuse"],
    ["Langfuse trace download", jsonl({ trace: { id: "t" }, observations: [] }), "langfuse"],
    ["Jaeger file", jsonl({ data: [{ traceID: "ab", spans: [], processes: {} }] }), "jaeger"],
    ["OpenInference nested", jsonl({ name: "llm", span_kind: "LLM", context: { span_id: "1" } }), "openinference"],
    ["OpenInference flat", jsonl({ name: "llm", span_kind: "LLM", "context.span_id": "1" }), "openinference"],
    ["OTLP traces", jsonl({ resourceSpans: [] }), "otlp-json"],
    ["OTLP logs", jsonl({ resourceLogs: [] }), "otlp-json"],
    [
      "iteration log",
      "# Loop status\n\n## Iteration 1 — 2026-03-04T10:20:00Z\n- Circuit state: CLOSED\n",
      "iteration-log",
    ],
  ])("%s", (_case, head, format) => {
    expect(detectFormat(head).format).toBe(format);
  });

  test("a pretty-printed JSON file is one document, its format read from its keys", () => {
    const pretty = JSON.stringify({ data: [{ traceID: "ab", spans: [], processes: {} }] }, null, 2);
    expect(detectFormat(pretty)).toEqual({ format: "jaeger", shape: "document" });
  });

  test("a one-line JSON array is a document, not a line", () => {
    expect(detectFormat(JSON.stringify([{ type: "span", name: "a", t0: 1 }]))).toEqual({
      format: "loopscope",
      shape: "document",
    });
  });

  test("lines that say nothing recognisable are read as Loopscope JSONL (whose errors say what is wrong)", () => {
    expect(detectFormat(jsonl({ hello: 1 }, { world: 2 }))).toEqual({ format: "loopscope", shape: "lines" });
    expect(detectFormat("plain text\n")).toEqual({ format: "loopscope", shape: "lines" });
  });

  test("a broken first line followed by records is a bad JSONL line, not a one-document file", () => {
    const record = JSON.stringify({ type: "span", run_id: "r", name: "read_file", t0: 1 });
    expect(detectFormat(`${record.slice(0, 30)}\n${record}\n`)).toEqual({ format: "loopscope", shape: "lines" });
    expect(detectFormat(`{"type":"task","run_id":"r\u0000"}\n${record}\n`)).toEqual({
      format: "loopscope",
      shape: "lines",
    });
  });

  test("a pretty-printed document whose lines include an empty object is still a document", () => {
    const pretty = JSON.stringify({ data: [{ traceID: "ab", spans: [{}], processes: {} }] }, null, 2);
    expect(detectFormat(pretty).shape).toBe("document");
  });

  test("a pretty-printed OTLP document with attributes on one line each is still a document", () => {
    const attr = (key: string) => `          { "key": "${key}", "value": { "stringValue": "x" } }`;
    const pretty = [
      '{ "resourceSpans": [',
      "  {",
      '    "resource": {',
      '      "attributes": [',
      attr("a") + ",",
      attr("b"),
    ];
    expect(detectFormat(`${pretty.join("\n")}\n      ]\n    }\n  }\n]}\n`)).toEqual({
      format: "otlp-json",
      shape: "document",
    });
  });

  test("an unparsable first line among JSONL still lets later lines decide", () => {
    const head = `${JSON.stringify({ hello: 1 })}\n{broken\n${JSON.stringify({ resourceSpans: [] })}\n`;
    expect(detectFormat(head).format).toBe("otlp-json");
  });
});

test("classifyValue reads an array by its first element", () => {
  expect(classifyValue([{ object: "trace.span" }])).toBe("openai-agents");
  expect(classifyValue([])).toBeNull();
});
