// tests/unit/otlp/traces.test.ts — an OTLP ExportTraceServiceRequest → Loopscope spans (docs/otlp.md).
import { describe, expect, test } from "vitest";
import { decodeTraceRequest } from "@/lib/otlp/decode";
import { ExportTraceServiceRequest } from "@/lib/otlp/model";
import { mapTraceRequest } from "@/lib/otlp/traces";
import { SpanRecord } from "@/lib/schemas/records";
import { byType, expectValidWire, kv, loadExample, makeSpan, traceRequest } from "./helpers";

function mapJson(request: unknown) {
  return mapTraceRequest(ExportTraceServiceRequest.parse(request));
}
function onlySpan(request: unknown) {
  const result = mapJson(request);
  expect(result.rejected).toEqual([]);
  const spans = byType(result.records, "span");
  expect(spans).toHaveLength(1);
  const [span] = spans;
  if (!span) throw new Error("no span mapped");
  return span;
}

describe("the GenAI example trace (examples/otlp/traces.json)", () => {
  // invoke_agent Fixer ─┬─ execute_tool read_file (ok)
  //                     └─ execute_tool run_tests (ERROR: timed out after 15 s)
  const result = mapJson(loadExample("traces.json"));
  const spans = byType(result.records, "span");
  const [agent, read, tests] = spans;

  test("maps every span and rejects none", () => {
    expect(result.rejected).toEqual([]);
    expect(spans.map((s) => [s.name, s.kind, s.ok])).toEqual([
      ["invoke_agent Fixer", "agent", true],
      ["read_file", "tool", true],
      ["run_tests", "tool", false],
    ]);
  });

  test("the conversation id of the agent span is the run of the whole trace", () => {
    expect(new Set(spans.map((s) => s.run_id))).toEqual(new Set(["conv-example-0001"]));
    expect(byType(result.records, "run")).toEqual([
      { type: "run", run_id: "conv-example-0001", agent: "billing-fixer" },
    ]);
    expect(result.traceRuns).toEqual([{ traceId: "6c6f6f7073636f70652d6578616d706c", runId: "conv-example-0001" }]);
  });

  test("ids, nesting and microsecond ISO times", () => {
    expect(read).toMatchObject({
      span_id: "746f6f6c2d303031",
      parent_id: "6167656e742d3031",
      t0: "2026-02-04T09:00:01.200000Z",
      t1: "2026-02-04T09:00:01.236000Z",
    });
    expect(agent?.parent_id).toBeNull();
  });

  test("the error comes from the status message; error.type stays in meta", () => {
    expect(tests?.error).toBe("tests timed out after 15s");
    expect(tests?.meta).toMatchObject({ "error.type": "timeout", trace_id: "6c6f6f7073636f70652d6578616d706c" });
    expect(read?.error).toBe("");
  });

  test("usage tokens are read, tool-call arguments are the input, other attributes flattened into meta", () => {
    expect(agent).toMatchObject({ tokens_in: 4210, tokens_out: 655 });
    expect(agent?.meta).toMatchObject({
      "gen_ai.request.temperature": 0.3,
      "gen_ai.response.finish_reasons": ["end_turn"],
      "service.name": "billing-fixer",
      span_kind: "internal",
    });
    expect(agent?.meta).not.toHaveProperty("gen_ai.usage.input_tokens");
    expect(read?.input).toEqual({
      path: "src/auth/session.ts",
      max_lines: 400,
      follow: false,
    });
    expect(read?.meta).not.toHaveProperty("gen_ai.tool.call.arguments");
  });

  test("every record validates as its JSONL record would", () => expectValidWire(result.records));
});

describe("edge cases", () => {
  test("base64 ids from lax JSON clients become lowercase hex", () => {
    const span = onlySpan(
      traceRequest([
        makeSpan({
          traceId: Buffer.from("5b8efff798038103d269b633813fc60c", "hex").toString("base64"),
          spanId: Buffer.from("eee19b7ec3c1b175", "hex").toString("base64"),
          parentSpanId: "EEE19B7EC3C1B173",
        }),
      ]),
    );
    expect(span).toMatchObject({ span_id: "eee19b7ec3c1b175", parent_id: "eee19b7ec3c1b173" });
    expect(span.meta?.trace_id).toBe("5b8efff798038103d269b633813fc60c");
  });

  test.each([["0000000000000000"], [""], ["AAAAAAAAAAA="], [null]])("parent id %j is no parent", (parentSpanId) => {
    expect(onlySpan(traceRequest([makeSpan({ parentSpanId })])).parent_id).toBeNull();
  });

  test("a missing or zero end time ends the span at its start", () => {
    for (const endTimeUnixNano of [undefined, "0", 0]) {
      const span = onlySpan(traceRequest([makeSpan({ endTimeUnixNano })]));
      expect(span.t1).toBe(span.t0);
    }
  });

  test("nanosecond times keep microseconds, as strings or numbers", () => {
    const span = onlySpan(
      traceRequest([makeSpan({ startTimeUnixNano: "1767225600123456789", endTimeUnixNano: 1767225601500000000 })]),
    );
    expect(span.t0).toBe("2026-01-01T00:00:00.123456Z");
    expect(span.t1).toBe("2026-01-01T00:00:01.500000Z");
    expect(SpanRecord.parse(span).t0Us).toBe(1767225600123456);
  });

  test("numeric strings and deprecated / OpenInference token names are read", () => {
    const a = onlySpan(
      traceRequest([
        makeSpan({
          attributes: [
            kv("gen_ai.operation.name", "chat"),
            kv("gen_ai.usage.prompt_tokens", "120"),
            { key: "gen_ai.usage.completion_tokens", value: { intValue: 30 } },
            kv("loopscope.iteration", "7"),
            kv("loopscope.task_id", "t-3"),
          ],
        }),
      ]),
    );
    expect(a).toMatchObject({ kind: "llm", tokens_in: 120, tokens_out: 30, iteration: 7, task_id: "t-3" });
    const b = onlySpan(
      traceRequest([
        makeSpan({
          name: "ChatOpenAI",
          attributes: [
            kv("openinference.span.kind", "LLM"),
            kv("llm.token_count.prompt", 5),
            kv("llm.token_count.completion", "6"),
          ],
        }),
      ]),
    );
    expect(b).toMatchObject({ name: "ChatOpenAI", kind: "llm", tokens_in: 5, tokens_out: 6 });
  });

  test.each([
    ["execute_tool", undefined, "tool"],
    ["embeddings", undefined, "llm"],
    ["generate_content", undefined, "llm"],
    ["create_agent", undefined, "agent"],
    [undefined, "TOOL", "tool"],
    [undefined, "AGENT", "agent"],
    [undefined, "CHAIN", "other"],
    [undefined, undefined, "other"],
  ])("operation %s / openinference %s → kind %s", (op, oi, kind) => {
    const attributes = [
      ...(op ? [kv("gen_ai.operation.name", op)] : []),
      ...(oi ? [kv("openinference.span.kind", oi)] : []),
    ];
    expect(onlySpan(traceRequest([makeSpan({ attributes })])).kind).toBe(kind);
  });

  test("nested kvlists, arrays and bytes flatten to JSON values", () => {
    const nested = {
      kvlistValue: {
        values: [
          kv("a", {
            kvlistValue: {
              values: [
                kv("b", { arrayValue: { values: [{ intValue: "1" }, { doubleValue: 2.5 }, { stringValue: "x" }] } }),
              ],
            },
          }),
          kv("big", { intValue: "9007199254740993" }),
          kv("raw", { bytesValue: "AQID" }),
        ],
      },
    };
    const span = onlySpan(traceRequest([makeSpan({ attributes: [kv("payload", nested)] })]));
    expect(span.meta?.payload).toEqual({ a: { b: [1, 2.5, "x"] }, big: "9007199254740993", raw: "AQID" });
  });

  test("a 60 KB attribute string is kept whole and validates", () => {
    const big = "x".repeat(60 * 1024);
    const span = onlySpan(traceRequest([makeSpan({ attributes: [kv("app.payload", big)] })]));
    expect(span.meta?.["app.payload"]).toHaveLength(60 * 1024);
    expectValidWire([span]);
  });

  test("status ERROR by name; error from the exception event, then error.type", () => {
    const exception = {
      name: "exception",
      timeUnixNano: "1767225601000000000",
      attributes: [kv("exception.message", "boom")],
    };
    const a = onlySpan(traceRequest([makeSpan({ status: { code: "STATUS_CODE_ERROR" }, events: [exception] })]));
    expect(a).toMatchObject({ ok: false, error: "boom" });
    const b = onlySpan(traceRequest([makeSpan({ status: { code: 2 }, attributes: [kv("error.type", "500")] })]));
    expect(b).toMatchObject({ ok: false, error: "500" });
  });

  test("run: loopscope.run_id on the resource beats session.id on the span; else the trace id", () => {
    const withRun = traceRequest(
      [makeSpan({ attributes: [kv("session.id", "s-1")] })],
      [kv("loopscope.run_id", "r-42")],
    );
    expect(onlySpan(withRun).run_id).toBe("r-42");
    expect(onlySpan(traceRequest([makeSpan({ attributes: [kv("session.id", "s-1")] })])).run_id).toBe("s-1");
    expect(onlySpan(traceRequest([makeSpan({ attributes: [] })])).run_id).toBe("5b8efff798038103d269b633813fc60c");
  });

  test("a run attribute on another span's resource names the run of the whole trace", () => {
    // resource A (session.id s-9): agent span │ resource B (none): its tool span
    const request = {
      resourceSpans: [
        {
          resource: { attributes: [kv("session.id", "s-9")] },
          scopeSpans: [{ spans: [makeSpan({ spanId: "aaaaaaaaaaaaaaa1" })] }],
        },
        { resource: { attributes: [] }, scopeSpans: [{ spans: [makeSpan({ spanId: "aaaaaaaaaaaaaaa2" })] }] },
      ],
    };
    expect(byType(mapJson(request).records, "span").map((s) => s.run_id)).toEqual(["s-9", "s-9"]);
  });

  test("traceRuns: per trace, the run its attributes name, or null when it fell back to the trace id", () => {
    const named = "11111111111111111111111111111111";
    const bare = "22222222222222222222222222222222";
    const result = mapJson(
      traceRequest([
        makeSpan({ traceId: named, spanId: "aaaaaaaaaaaaaaa1" }),
        makeSpan({ traceId: bare, spanId: "aaaaaaaaaaaaaaa2" }),
        makeSpan({ traceId: named, spanId: "aaaaaaaaaaaaaaa3", attributes: [kv("gen_ai.conversation.id", "conv-1")] }),
        makeSpan({ traceId: bare, spanId: "aaaaaaaaaaaaaaa4" }),
        makeSpan({ traceId: "33333333333333333333333333333333", spanId: undefined }),
      ]),
    );
    expect(result.traceRuns).toEqual([
      { traceId: named, runId: "conv-1" },
      { traceId: bare, runId: null },
    ]);
    expect(byType(result.records, "span").map((s) => s.run_id)).toEqual(["conv-1", bare, "conv-1", bare]);
  });

  test("the trace's run follows key priority, whichever span carries the key: one run per trace", () => {
    const result = mapJson(
      traceRequest([
        makeSpan({ spanId: "aaaaaaaaaaaaaaa1", attributes: [kv("session.id", "s-1")] }),
        makeSpan({ spanId: "aaaaaaaaaaaaaaa2", attributes: [kv("loopscope.run_id", "r-1")] }),
        makeSpan({ spanId: "aaaaaaaaaaaaaaa3" }),
      ]),
    );
    expect(result.traceRuns).toEqual([{ traceId: "5b8efff798038103d269b633813fc60c", runId: "r-1" }]);
    expect(byType(result.records, "span").map((s) => s.run_id)).toEqual(["r-1", "r-1", "r-1"]);
  });

  test("unusable spans are rejected one by one, with their index", () => {
    const result = mapJson(
      traceRequest([
        makeSpan({ spanId: "aaaaaaaaaaaaaaa1" }),
        makeSpan({ startTimeUnixNano: undefined }),
        makeSpan({ spanId: undefined }),
        42,
        makeSpan({ spanId: "aaaaaaaaaaaaaaa2" }),
      ]),
    );
    expect(byType(result.records, "span").map((s) => s.span_id)).toEqual(["aaaaaaaaaaaaaaa1", "aaaaaaaaaaaaaaa2"]);
    expect(result.rejected.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(result.rejected[0]?.message).toMatch(/startTimeUnixNano/);
    expect(result.rejected[1]?.message).toMatch(/spanId/);
  });

  test("a body that is not an export request is invalid; other content types are unsupported", () => {
    const bad = decodeTraceRequest(new TextEncoder().encode('{"resourceSpans": 3}'), "application/json");
    expect(bad).toMatchObject({ ok: false, code: "invalid_body" });
    expect(decodeTraceRequest(new TextEncoder().encode("{"), "application/json")).toMatchObject({
      ok: false,
      code: "invalid_body",
    });
    expect(decodeTraceRequest(new Uint8Array(), "text/plain")).toMatchObject({
      ok: false,
      code: "unsupported_media_type",
    });
    expect(decodeTraceRequest(new TextEncoder().encode("{}"), "application/json; charset=utf-8")).toMatchObject({
      ok: true,
    });
  });
});
