// docs/import.md#phoenix--openinference-spans: Phoenix / OpenInference span
// exports → spans, one run per session.id, else per trace. Fixtures:
//   phoenix-spans.jsonl (nested attributes, ISO times), session ci-triage-2026-02-07:
//     trace 6f1c… CodeAgent.run (session.id on the root only) ─ Step 1..5 (CHAIN)
//                 each step: OpenAIServerModel.generate (gpt-4.1) + a tool:
//                 fetch_ci_log ✗ ✗ ✗ (502) · web_search · final_answer
//     trace 0a9b… CodeAgent.run, 4 min later ─ gpt-4.1 · fetch_ci_log ✓ · gpt-4.1
//   spans-dataframe.json (get_spans_dataframe() rows: flat `attributes.*` columns,
//   epoch-ms times, no session): AgentExecutor ─ ChatOpenAI ×4 · sql_db_query ✗ ✗ ✗
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { flattenInto } from "@/lib/import/flat-attributes";
import { openInferenceImporter } from "@/lib/import/openinference";
import { exportTimeUs } from "@/lib/import/openinference-span";
import type { StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { analyzeImported, importFixture } from "@/tests/support/import";

const read = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../fixtures/import/openinference", file), "utf8");
const JSONL = read("phoenix-spans.jsonl");
const DATAFRAME = read("spans-dataframe.json");
const SESSION = "ci-triage-2026-02-07";
const SQL_RUN = "phoenix-3e1d9c7b5a4f4e2d8c6b4a2f0e1d3c5b";

const spans = (records: StoredRecord[]) => records.filter((r): r is StoredSpan => r.type === "span");
const runs = (records: StoredRecord[]) => records.filter((r): r is StoredRun => r.type === "run");

function makeSpan(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "llm",
    context: { trace_id: "t1", span_id: "s1" },
    span_kind: "LLM",
    parent_id: null,
    start_time: "2026-02-07T10:00:00+00:00",
    end_time: "2026-02-07T10:00:01+00:00",
    status_code: "OK",
    status_message: "",
    attributes: {},
    ...over,
  };
}
const jsonl = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join("\n") + "\n";

describe("runs", () => {
  test("one run per session.id: a trace whose root names the session joins it whole", async () => {
    const { records, errors, format } = await importFixture(null, JSONL);
    expect(format).toBe("openinference");
    expect(errors).toEqual([]);
    expect(runs(records).map((r) => [r.runId, r.name])).toEqual([[SESSION, "CodeAgent.run"]]);
    expect(spans(records)).toHaveLength(20);
    expect(new Set(spans(records).map((s) => s.runId))).toEqual(new Set([SESSION]));
  });

  test("no session: one run per trace, phoenix-<trace_id>", async () => {
    const { records, format } = await importFixture(null, DATAFRAME);
    expect(format).toBe("openinference");
    expect(runs(records).map((r) => [r.runId, r.name])).toEqual([[SQL_RUN, "AgentExecutor"]]);
  });

  test("the upload's run takes every span, and keeps its own name", async () => {
    const { records } = await importFixture(openInferenceImporter, JSONL, { runId: "r-9" });
    expect(new Set(records.map((r) => r.runId))).toEqual(new Set(["r-9"]));
    expect(runs(records).map((r) => r.name)).toEqual([null]);
  });
});

describe("spans", () => {
  test("LLM → llm named by llm.model_name with its token counts; TOOL → tool by tool.name; AGENT, CHAIN → agent", async () => {
    const { records } = await importFixture(openInferenceImporter, JSONL);
    const row = (s: StoredSpan) => [s.name, s.kind, s.parentId, s.tokensIn, s.tokensOut, s.ok];
    expect(spans(records).slice(0, 4).map(row)).toEqual([
      ["CodeAgent.run", "agent", null, null, null, true],
      ["Step 1", "agent", "e1f00a11aa000001", null, null, true],
      ["gpt-4.1", "llm", "e1f00a11aa000002", 2210, 180, true],
      ["fetch_ci_log", "tool", "e1f00a11aa000002", null, null, false],
    ]);
    expect(spans(records)[2]!.meta).toMatchObject({
      span_name: "OpenAIServerModel.generate",
      "llm.model_name": "gpt-4.1",
    });
  });

  test("ISO times with an offset, to the microsecond", async () => {
    const { records } = await importFixture(openInferenceImporter, JSONL);
    const step = spans(records)[1]!;
    expect([step.t0Us, step.t1Us]).toEqual([
      exportTimeUs("2026-02-07T10:00:00.100000+00:00"),
      exportTimeUs("2026-02-07T10:00:09.100000Z"),
    ]);
  });

  test("a tool's input.value (JSON text) is its input, output.value its output", async () => {
    const { records } = await importFixture(openInferenceImporter, JSONL);
    const search = spans(records).find((s) => s.name === "web_search")!;
    expect(search.input).toEqual({
      args: [],
      sanitize_inputs_outputs: true,
      kwargs: { query: "postgres container OOMKilled github actions service" },
    });
    expect(search.output).toMatch(/^## Search Results/);
  });

  test("status_code ERROR → failed with status_message; without one, the exception event's message", async () => {
    const { records } = await importFixture(openInferenceImporter, JSONL);
    expect(spans(records)[3]!.error).toBe(
      "HTTPError: 502 Server Error: Bad Gateway for url: https://ci.example.dev/api/jobs/88412/log",
    );
    const bare = makeSpan({
      status_code: "ERROR",
      status_message: "",
      events: [
        { name: "exception", timestamp: "2026-02-07T10:00:01+00:00", attributes: { "exception.message": "boom" } },
      ],
    });
    const { records: one } = await importFixture(openInferenceImporter, jsonl(bare));
    expect(spans(one)[0]).toMatchObject({ ok: false, error: "boom" });
  });

  test("meta keeps the source id and format, trace, OpenInference kind and the attributes not read into fields", async () => {
    const { records } = await importFixture(openInferenceImporter, JSONL);
    const meta = spans(records)[0]!.meta;
    expect(meta).toMatchObject({
      source_id: "e1f00a11aa000001",
      source_format: "openinference",
      trace_id: "6f1c2b0a9e8d47f3b5a4c3d2e1f00a11",
      "openinference.span.kind": "AGENT",
      "session.id": SESSION,
      "smolagents.max_steps": 8,
      "smolagents.tools_names": ["fetch_ci_log", "web_search", "final_answer"],
    });
    expect(meta).not.toHaveProperty(["input.value"]);
  });

  test("a dataframe row: flat context.* and attributes.* columns, epoch-ms times, float token counts, null columns absent", async () => {
    const { records } = await importFixture(openInferenceImporter, DATAFRAME);
    const [root, llm, sql] = spans(records);
    expect([root!.kind, llm!.name, llm!.tokensIn, llm!.tokensOut]).toEqual(["agent", "gpt-4o", 1532, 88]);
    expect([sql!.t0Us, sql!.t1Us]).toEqual([1770465602180000, 1770465603384000]);
    expect(sql).toMatchObject({
      name: "sql_db_query",
      kind: "tool",
      ok: false,
      error: "OperationalError: no such column: shipped_late",
    });
    expect(root!.meta).not.toHaveProperty(["llm.model_name"]);
  });

  test('the REST API page {"data":[…]} with flat attribute keys; a span is numbered by its index + 1', async () => {
    const page = {
      data: [
        makeSpan({ attributes: { "llm.model_name": "gpt-4o", "llm.token_count.prompt": 10, "session.id": "s-1" } }),
        makeSpan({ context: { trace_id: "t1" } }),
      ],
      next_cursor: null,
    };
    const { records, errors } = await importFixture(openInferenceImporter, JSON.stringify(page));
    expect(spans(records).map((s) => [s.runId, s.name, s.tokensIn])).toEqual([["s-1", "gpt-4o", 10]]);
    expect(errors).toEqual([{ line: 2, message: 'data[1]: missing "context.span_id"' }]);
  });
});

describe("reading helpers", () => {
  test.each([
    ["2026-02-07T10:00:00.25+00:00", 1770458400250000],
    ["2026-02-07T10:00:00.25", 1770458400250000], // no offset: UTC, as Phoenix stores times
    [1770458400.25, 1770458400250000], // seconds
    [1770458400250, 1770458400250000], // milliseconds (pandas)
    [1770458400250000, 1770458400250000], // microseconds
    [1770458400250000000, 1770458400250000], // nanoseconds
    ["1770458400250", 1770458400250000], // a number written as text
    ["yesterday", null],
  ])("export time %o → %o µs", (value, us) => {
    expect(exportTimeUs(value)).toBe(us);
  });

  test("nested objects flatten to dotted keys; arrays stay values; nulls are absent", () => {
    const out = flattenInto({}, { llm: { token_count: { prompt: 3 }, stop: null }, tags: ["a"], "input.value": "x" });
    expect(out).toEqual({ "llm.token_count.prompt": 3, tags: ["a"], "input.value": "x" });
  });
});

describe("bad input and idempotency", () => {
  test("a line without context.span_id is rejected with its number; the other lines are stored", async () => {
    const text = jsonl(
      makeSpan(),
      { name: "orphan", span_kind: "TOOL", context: { trace_id: "t1" } },
      makeSpan({ context: { trace_id: "t1", span_id: "s2" } }),
    );
    const { records, errors } = await importFixture(openInferenceImporter, text);
    expect(errors).toEqual([{ line: 2, message: 'missing "context.span_id"' }]);
    expect(spans(records).map((s) => s.spanId)).toEqual(["s1", "s2"]);
  });

  test("a span without a readable start_time is rejected, naming the field", async () => {
    const { errors } = await importFixture(openInferenceImporter, jsonl(makeSpan({ start_time: "soon" })));
    expect(errors).toEqual([{ line: 1, message: 'span s1: missing or unreadable "start_time"' }]);
  });

  test("importing the same file twice gives identical records (ids from the source)", async () => {
    const [a, b] = await Promise.all([
      importFixture(openInferenceImporter, JSONL),
      importFixture(openInferenceImporter, JSONL),
    ]);
    expect(b.records).toEqual(a.records);
  });
});

describe("analysis of the imported spans", () => {
  test("session: fetch_ci_log fails 3× in a row, then works 4 min later: failing bottleneck, its breaker opens once", async () => {
    const r = await analyzeImported((await importFixture(openInferenceImporter, JSONL)).records, SESSION);
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures, t.total_ms])).toEqual([
      ["gpt-4.1", 7, 0, 52800],
      ["web_search", 1, 0, 18200],
      ["fetch_ci_log", 4, 3, 16800],
      ["final_answer", 1, 0, 300],
    ]);
    expect(Object.fromEntries(r.bottlenecks.map((b) => [b.tool, b.reasons.map((x) => x.kind)]))).toEqual({
      fetch_ci_log: ["failing"],
    });
    expect(r.tool_breakers).toEqual([
      {
        tool: "fetch_ci_log",
        opened: [{ at: "2026-02-07T10:00:28.800000Z", until: "2026-02-07T10:01:28.800000Z" }],
        blocked_calls: 0,
        blocked_ms: 0,
      },
    ]);
  });

  test("dataframe: sql_db_query 3 calls, 3 failures: failing bottleneck, breaker opens when the 3rd ends", async () => {
    const r = await analyzeImported((await importFixture(openInferenceImporter, DATAFRAME)).records, SQL_RUN);
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures, t.total_ms])).toEqual([
      ["gpt-4o", 4, 0, 10312],
      ["sql_db_query", 3, 3, 3631],
    ]);
    expect(r.bottlenecks.map((b) => [b.tool, b.reasons.map((x) => x.kind)])).toEqual([["sql_db_query", ["failing"]]]);
    expect(r.tool_breakers[0]).toMatchObject({
      tool: "sql_db_query",
      opened: [{ at: "2026-02-07T12:00:09.810000Z", until: "2026-02-07T12:01:09.810000Z" }],
    });
  });
});
