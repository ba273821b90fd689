// docs/import.md#jaeger-json: the file Jaeger UI loads → one run per trace,
// spans read through the OTLP receiver's GenAI mapping. The fixture holds two
// traces:
//   4bf92f35… repo-fixer (OTel GenAI):  invoke_agent ─┬ chat ×6 (tokens)
//                                                     ├ read_file · edit_file · run_tests
//                                                     └ http_get ✗ ✗ ✗ (10 s read timeouts; the first has a GET child)
//   7d3e2a91… support-triage (OpenInference tags): AgentRunner.run ─┬ OpenAI.chat ×2
//                                                                    ├ lookup_order ✗ (OpenTracing error log)
//                                                                    └ send_reply (FOLLOWS_FROM the 2nd chat)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { jaegerImporter } from "@/lib/import/jaeger";
import { tagsToAttributes } from "@/lib/import/jaeger-fields";
import type { StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { analyzeImported, importFixture } from "@/tests/support/import";

const FIXTURE = readFileSync(
  path.resolve(import.meta.dirname, "../../fixtures/import/jaeger/agent-traces.json"),
  "utf8",
);
const FIXER = "jaeger-4bf92f3577b34da6a3ce929d0e0e4736";
const TRIAGE = "jaeger-7d3e2a91c4b05f68";

const spans = (records: StoredRecord[], runId?: string) =>
  records.filter((r): r is StoredSpan => r.type === "span" && (runId === undefined || r.runId === runId));
const runs = (records: StoredRecord[]) => records.filter((r): r is StoredRun => r.type === "run");
const bySource = (records: StoredRecord[], id: string) => spans(records).find((s) => s.spanId === id)!;

/** A one-trace Jaeger document with the given spans (the root p1 process is "svc"). */
function jaegerDoc(spanList: Record<string, unknown>[]): string {
  return JSON.stringify({
    data: [{ traceID: "abc123", spans: spanList, processes: { p1: { serviceName: "svc", tags: [] } } }],
  });
}
function makeSpan(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    traceID: "abc123",
    spanID: "0000000000000a01",
    operationName: "work",
    references: [],
    startTime: 1770364800000000,
    duration: 1000,
    tags: [],
    logs: [],
    processID: "p1",
    ...over,
  };
}

describe("runs", () => {
  test("one run per trace, jaeger-<traceID>, agent and service label from the root span's process", async () => {
    const { records, errors, format } = await importFixture(null, FIXTURE);
    expect(format).toBe("jaeger");
    expect(errors).toEqual([]);
    expect(runs(records).map((r) => [r.runId, r.name, r.agent, r.labels])).toEqual([
      [FIXER, "invoke_agent repo-fixer", "repo-fixer", { service: "repo-fixer" }],
      [TRIAGE, "AgentRunner.run", "support-triage", { service: "support-triage" }],
    ]);
    expect(spans(records, FIXER)).toHaveLength(14);
    expect(spans(records, TRIAGE)).toHaveLength(5);
  });

  test("the upload's run takes every trace, and keeps its own name", async () => {
    const { records } = await importFixture(jaegerImporter, FIXTURE, { runId: "r-night" });
    expect(new Set(records.map((r) => r.runId))).toEqual(new Set(["r-night"]));
    expect(runs(records).every((r) => r.name === null)).toBe(true);
    expect(spans(records)).toHaveLength(19);
  });
});

describe("spans", () => {
  test("operationName, µs start + duration, CHILD_OF parent; the GenAI mapping decides kind, tool name and tokens", async () => {
    const { records } = await importFixture(jaegerImporter, FIXTURE);
    const row = (s: StoredSpan) => [s.name, s.kind, s.parentId, s.t0Us, s.t1Us, s.tokensIn, s.tokensOut, s.ok];
    expect(spans(records, FIXER).slice(0, 6).map(row)).toEqual([
      ["invoke_agent repo-fixer", "agent", null, 1770364800000000, 1770364860000000, null, null, true],
      ["chat claude-sonnet-4-5", "llm", "a3ce929d0e0e4736", 1770364800200000, 1770364803300000, 5120, 310, true],
      ["read_file", "tool", "a3ce929d0e0e4736", 1770364803400000, 1770364803441000, null, null, true],
      ["chat claude-sonnet-4-5", "llm", "a3ce929d0e0e4736", 1770364803500000, 1770364806300000, 6010, 254, true],
      ["http_get", "tool", "a3ce929d0e0e4736", 1770364806400000, 1770364816404000, null, null, false],
      ["GET", "other", "b7ad6b7169203304", 1770364806401000, 1770364816403000, null, null, false],
    ]);
  });

  test("OpenInference tags decide too: LLM → llm with its token counts, TOOL → tool named by tool.name", async () => {
    const { records } = await importFixture(jaegerImporter, FIXTURE);
    expect(spans(records, TRIAGE).map((s) => [s.name, s.kind, s.tokensIn, s.tokensOut])).toEqual([
      ["AgentRunner.run", "agent", null, null],
      ["OpenAI.chat", "llm", 820, 64],
      ["lookup_order", "tool", null, null],
      ["OpenAI.chat", "llm", 910, 41],
      ["send_reply", "other", null, null],
    ]);
  });

  test("a tool call's arguments (JSON text) become its input, its result its output", async () => {
    const { records } = await importFixture(jaegerImporter, FIXTURE);
    const tests = spans(records, FIXER).find((s) => s.name === "run_tests")!;
    expect(tests.input).toEqual({ command: "pytest tests/billing -q" });
    expect(tests.output).toBe("14 passed in 12.31s");
  });

  test.each([
    [
      "otel.status_description",
      "b7ad6b7169203304",
      "HTTPSConnectionPool(host='api.payments.internal', port=443): Read timed out. (read timeout=10)",
    ],
    ["the error log's message (OpenTracing)", "1c9e4a7b2d3f5062", "order 88121 not found"],
    ["error.type when nothing else says why", "c0ffee0000000001", "ReadTimeout"],
  ])("a span with tag error=true failed; its error from %s", async (_, spanId, error) => {
    const { records } = await importFixture(jaegerImporter, FIXTURE);
    expect(bySource(records, spanId)).toMatchObject({ ok: false, error });
  });

  test("parentSpanID stands in for a missing CHILD_OF reference; FOLLOWS_FROM links stay in meta", async () => {
    const { records } = await importFixture(jaegerImporter, FIXTURE);
    expect(bySource(records, "1c9e4a7b2d3f5062").parentId).toBe("7d3e2a91c4b05f68");
    expect(bySource(records, "1c9e4a7b2d3f5064").meta.follows_from).toEqual(["1c9e4a7b2d3f5063"]);
  });

  test("meta keeps the source id and format, trace and service, and the tags not read into fields", async () => {
    const { records } = await importFixture(jaegerImporter, FIXTURE);
    const meta = bySource(records, "b7ad6b7169203304").meta;
    expect(meta).toMatchObject({
      source_id: "b7ad6b7169203304",
      source_format: "jaeger",
      trace_id: "4bf92f3577b34da6a3ce929d0e0e4736",
      "service.name": "repo-fixer",
      "gen_ai.tool.name": "http_get",
      "error.type": "ReadTimeout",
    });
    for (const consumed of ["error", "otel.status_code", "otel.status_description", "gen_ai.tool.call.arguments"]) {
      expect(meta).not.toHaveProperty([consumed]);
    }
  });

  test.each([
    [{ key: "n", type: "int64", value: 42 }, 42],
    [{ key: "n", type: "int64", value: "42" }, 42],
    [{ key: "n", type: "int64", value: "18446744073709551615" }, "18446744073709551615"],
    [{ key: "n", type: "float64", value: "0.5" }, 0.5],
    [{ key: "n", type: "bool", value: "true" }, true],
    [{ key: "n", type: "binary", value: "AAEC" }, "AAEC"],
  ])("tag %o reads as %o", (tag, value) => {
    expect(tagsToAttributes([tag])).toEqual({ n: value });
  });
});

describe("bad input and idempotency", () => {
  test("a span without startTime is rejected with its index + 1 and path; the rest of the trace is stored", async () => {
    const doc = jaegerDoc([
      makeSpan(),
      makeSpan({ spanID: "0000000000000a02", startTime: undefined }),
      makeSpan({ spanID: "0000000000000a03" }),
    ]);
    const { records, errors } = await importFixture(jaegerImporter, doc);
    expect(errors).toEqual([
      { line: 2, message: 'data[0].spans[1]: span 0000000000000a02: missing "startTime" (µs since the epoch)' },
    ]);
    expect(spans(records).map((s) => s.spanId)).toEqual(["0000000000000a01", "0000000000000a03"]);
  });

  test("a trace per JSONL line is read as well, numbered by its line", async () => {
    const trace = (id: string) => JSON.stringify({ traceID: id, spans: [makeSpan({ traceID: id })], processes: {} });
    const { records, errors } = await importFixture(
      jaegerImporter,
      `${trace("t1")}\n{"traceID":"t2"}\n${trace("t3")}\n`,
    );
    expect(runs(records).map((r) => r.runId)).toEqual(["jaeger-t1", "jaeger-t3"]);
    expect(errors).toEqual([
      { line: 2, message: 'not a Jaeger trace: expected {"data":[…]} or {"traceID","spans","processes"}' },
    ]);
  });

  test("importing the same file twice gives identical records (ids from the source)", async () => {
    const [a, b] = await Promise.all([importFixture(jaegerImporter, FIXTURE), importFixture(jaegerImporter, FIXTURE)]);
    expect(b.records).toEqual(a.records);
    expect(spans(a.records, FIXER)[0]!.spanId).toBe("a3ce929d0e0e4736");
  });
});

describe("analysis of the imported trace", () => {
  test("tool table: http_get 3 calls, 3 failures, 30.008 s; llm calls by their span name", async () => {
    const r = await analyzeImported((await importFixture(jaegerImporter, FIXTURE)).records, FIXER);
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures, t.total_ms])).toEqual([
      ["http_get", 3, 3, 30008],
      ["chat claude-sonnet-4-5", 6, 0, 15300],
      ["run_tests", 1, 0, 12500],
      ["read_file", 1, 0, 41],
      ["edit_file", 1, 0, 18],
    ]);
  });

  test("http_get failing three times in a row: a slow and failing bottleneck, its breaker opens when the 3rd failure ends", async () => {
    const r = await analyzeImported((await importFixture(jaegerImporter, FIXTURE)).records, FIXER);
    expect(Object.fromEntries(r.bottlenecks.map((b) => [b.tool, b.reasons.map((x) => x.kind)]))).toEqual({
      http_get: ["slow", "failing"],
      run_tests: ["slow"],
    });
    expect(r.tool_breakers).toEqual([
      {
        tool: "http_get",
        opened: [{ at: "2026-02-06T08:00:40.801000Z", until: "2026-02-06T08:01:40.801000Z" }],
        blocked_calls: 0,
        blocked_ms: 0,
      },
    ]);
    expect(r.timeouts).toEqual([{ tool: "http_get", timeout_s: 10, exceeded_calls: 3, excess_ms: 8 }]);
  });
});
