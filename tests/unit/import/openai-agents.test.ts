// docs/import.md#openai-agents-sdk: the Agents SDK exporter's body (and JSONL
// of its items) → a run, spans, turn iterations and guardrail events.
//
//   task "Agent workflow"
//   └ agent Coder (failed: guardrail tripwire)
//     ├ turn 1: response · read_file · run_tests ✗ AssertionError
//     ├ turn 2: response · edit_file · run_tests ✗ AssertionError
//     ├ turn 3: response · run_tests ✗ AssertionError
//     ├ turn 4: response · run_tests ✓
//     └ guardrail no_secrets_in_output (triggered)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { openAiAgentsImporter } from "@/lib/import/openai-agents";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { analyzeImported, importFixture, importFixtures } from "@/tests/support/import";

const BODY = readFileSync(
  path.resolve(import.meta.dirname, "../../fixtures/import/openai-agents/exporter-body.json"),
  "utf8",
);
const TRACE = "trace_9f2c4e1a7b3d4c5e8f6a0b1c2d3e4f50";
const RUN = `oai-${TRACE}`;
const ITEMS = (JSON.parse(BODY) as { data: Record<string, unknown>[] }).data;

const spans = (rs: StoredRecord[]) => rs.filter((r): r is StoredSpan => r.type === "span");
const spanNamed = (rs: StoredRecord[], name: string) => spans(rs).filter((s) => s.name === name);
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const at = (us: number) => formatTimeUs(us).slice(11, 23);

describe("the exporter body", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, BODY);

  test("is detected; one run per trace: oai-<trace id>, named after the workflow, labelled with its group", () => {
    expect([format, errors, skipped, runs]).toEqual(["openai-agents", [], 0, [RUN]]);
    const run = records.find((r): r is StoredRun => r.type === "run");
    expect(run).toMatchObject({
      runId: RUN,
      name: "fix-flaky-test",
      agent: "openai-agents",
      labels: { group: "thread_42" },
    });
  });

  test("a function span is a tool call with its parsed arguments; its error fails it with the exception", () => {
    const [first, second] = spanNamed(records, "run_tests");
    expect(first).toMatchObject({
      kind: "tool",
      ok: false,
      error: "Error running tool: AssertionError: expected 3 entries, got 2\nFAILED tests/test_cache.py::test_expiry",
      input: { target: "tests/test_cache.py" },
      parentId: "span_turn10a1b2c3d4e5f6a7b8c9d",
      meta: { source_id: "span_fn1b0a1b2c3d4e5f6a7b8c9d", source_format: "openai-agents" },
    });
    expect([at(first!.t0Us), at(first!.t1Us)]).toEqual(["10:00:04.200", "10:00:20.900"]);
    expect(second?.spanId).toBe("span_fn2b0a1b2c3d4e5f6a7b8c9d");
    expect(spanNamed(records, "read_file")[0]).toMatchObject({
      ok: true,
      output: expect.stringContaining("test_expiry"),
    });
  });

  test("a response span is a model call with its usage tokens", () => {
    const calls = spanNamed(records, "response");
    expect(calls.map((s) => [s.kind, s.tokensIn, s.tokensOut])).toEqual([
      ["llm", 1800, 220],
      ["llm", 2600, 310],
      ["llm", 3300, 180],
      ["llm", 3900, 140],
    ]);
  });

  test("task, agent and turn spans are containers nested by parent_id (task and turn as the SDK's custom spans)", () => {
    const byId = new Map(spans(records).map((s) => [s.spanId, s]));
    expect(byId.get("span_task00a1b2c3d4e5f6a7b8c9d")).toMatchObject({
      name: "Agent workflow",
      kind: "agent",
      parentId: null,
    });
    expect(byId.get("span_agent0a1b2c3d4e5f6a7b8c9d")).toMatchObject({
      name: "Coder",
      kind: "agent",
      ok: false,
      error: "Guardrail tripwire triggered",
    });
    expect(byId.get("span_turn20a1b2c3d4e5f6a7b8c9d")).toMatchObject({ name: "turn 2 (Coder)", kind: "agent" });
  });

  test("each turn is an iteration: numbered by time, ts = its end, with the api calls, tokens and errors under it", () => {
    expect(
      iterations(records).map((it) => [it.n, at(it.tsUs), it.apiCalls, it.tokensUsed, it.errors, it.attrs.sdk_turn]),
    ).toEqual([
      [1, "10:00:21.000", 1, 2020, ["Error running tool: AssertionError: expected 3 entries, got 2"], 1],
      [2, "10:00:40.000", 1, 2910, ["Error running tool: AssertionError: expected 3 entries, got 2"], 2],
      [3, "10:01:05.000", 1, 3480, ["Error running tool: AssertionError: expected 3 entries, got 2"], 3],
      [4, "10:01:28.900", 1, 4040, [], 4],
    ]);
    expect(iterations(records)[0]?.attrs.source_key).toBe(`${TRACE}#span_turn10a1b2c3d4e5f6a7b8c9d`);
  });

  test("every span under a turn carries the turn's n; the task and agent spans above the turns carry none", () => {
    const byTurn = (name: string) => spanNamed(records, name).map((s) => s.iteration);
    expect(byTurn("response")).toEqual([1, 2, 3, 4]);
    expect(byTurn("run_tests")).toEqual([1, 2, 3, 4]);
    expect([...byTurn("read_file"), ...byTurn("edit_file")]).toEqual([1, 2]);
    expect(spanNamed(records, "turn 2 (Coder)")[0]?.iteration).toBe(2);
    expect([...byTurn("Agent workflow"), ...byTurn("Coder")]).toEqual([null, null]);
  });

  test("a guardrail whose tripwire fired is also a guardrail_triggered event", () => {
    const events = records.filter((r): r is StoredEvent => r.type === "event");
    expect(events.map((e) => [e.kind, e.detail, at(e.tsUs), e.attrs.source_format])).toEqual([
      ["guardrail_triggered", "no_secrets_in_output", "10:01:29.500", "openai-agents"],
    ]);
  });

  test("the analysis finds the failing tool and the error repeated turns 1–3: a verdict at 3, one turn before the pass", async () => {
    const report = await analyzeImported(records, RUN);
    expect(report.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ["run_tests", 4, 3],
      ["response", 4, 0],
      ["edit_file", 1, 0],
      ["read_file", 1, 0],
    ]);
    expect(report.bottlenecks.find((b) => b.tool === "run_tests")?.reasons).toContainEqual({
      kind: "failing",
      fail_rate: 0.75,
      calls: 4,
    });
    // The agent session's profile: three turns in a row failing with the same AssertionError are
    // same_error at turn 3. Stopping there would have saved turn 4 — the one whose run_tests passes.
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([["same_error", 3]]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 1, tokens: 4040, ms: 23_900 });
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
  });
});

describe("JSONL of the items", () => {
  const jsonl = (items: unknown[]) => items.map((i) => JSON.stringify(i)).join("\n") + "\n";
  const strip = (rs: StoredRecord[]) => rs.map((r) => (r.type === "event" ? { ...r, eventId: "" } : r));

  test("maps like the body, whatever the order of the items (a turn before its calls)", async () => {
    const fromBody = await importFixture(openAiAgentsImporter, BODY);
    const fromLines = await importFixture(openAiAgentsImporter, jsonl([...ITEMS].reverse()));
    const sort = (rs: StoredRecord[]) =>
      [...strip(rs)].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(fromLines.errors).toEqual([]);
    expect(sort(fromLines.records)).toEqual(sort(fromBody.records));
  });

  test("a malformed item is rejected with its line, the rest stored", async () => {
    const broken = ITEMS.map((item, i) => (i === 3 ? { ...item, started_at: null } : item));
    const result = await importFixture(openAiAgentsImporter, jsonl([...broken, { hello: "world" }]));
    expect(result.errors).toEqual([
      { line: 4, message: 'span span_fn1b0a1b2c3d4e5f6a7b8c9d: missing or unreadable "started_at"' },
      { line: 19, message: 'not an Agents SDK trace item (no "object": "trace" or "trace.span")' },
    ]);
    expect(spanNamed(result.records, "run_tests")).toHaveLength(3);
  });

  test("in the exporter body, a malformed item is numbered by its index in data", async () => {
    const body = JSON.stringify({ data: ITEMS.map((item, i) => (i === 5 ? { ...item, trace_id: 7 } : item)) });
    const { errors } = await importFixture(openAiAgentsImporter, body);
    expect(errors).toEqual([{ line: 6, message: 'data[5]: span span_resp20a1b2c3d4e5f6a7b8c9d: missing "trace_id"' }]);
  });
});

test("a turn whose calls came in another upload keeps its own tokens; its api_calls and errors stay unknown", async () => {
  const turnsOnly = ITEMS.filter((item) => item.object === "trace" || String(item.id).startsWith("span_turn"));
  const { records } = await importFixture(openAiAgentsImporter, JSON.stringify({ data: turnsOnly }));
  expect(iterations(records).map((it) => [it.n, it.tokensUsed, it.apiCalls, it.errors])).toEqual([
    [1, 2020, null, null],
    [2, 2910, null, null],
    [3, 3480, null, null],
    [4, 4040, null, null],
  ]);
});

test("calls exported before their turn, in an earlier upload, take the turn's n when it comes", async () => {
  const isTurn = (item: Record<string, unknown>) => String(item.id).startsWith("span_turn");
  const calls = ITEMS.filter((item) => !isTurn(item));
  const turns = ITEMS.filter((item) => item.object === "trace" || isTurn(item));
  const first = await importFixture(openAiAgentsImporter, JSON.stringify({ data: calls }));
  expect(spanNamed(first.records, "run_tests").map((s) => s.iteration)).toEqual([null, null, null, null]);
  const { records } = await importFixtures(openAiAgentsImporter, [
    { text: JSON.stringify({ data: calls }) },
    { text: JSON.stringify({ data: turns }) },
  ]);
  expect(spanNamed(records, "run_tests").map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
});

test("importing the same body twice gives identical records (ids from the SDK's ids)", async () => {
  const [first, again] = [
    await importFixture(openAiAgentsImporter, BODY),
    await importFixture(openAiAgentsImporter, BODY),
  ];
  expect(again.records).toEqual(first.records);
  expect(new Set(spans(first.records).map((s) => s.spanId)).size).toBe(spans(first.records).length);
});

test("with a run named by the upload, two traces join it and their turns are numbered across it by time", async () => {
  // trace B is the same workflow an hour later: its 4 turns come after trace A's 4
  const later = BODY.replaceAll(TRACE, "trace_b").replaceAll("T10:", "T11:");
  const { records, runs } = await importFixtures(openAiAgentsImporter, [
    { text: later, ctx: { runId: "loop-7" } },
    { text: BODY, ctx: { runId: "loop-7" } },
  ]);
  expect(runs).toEqual(["loop-7"]);
  expect(iterations(records).map((it) => [it.n, String(it.attrs.source_key).split("#")[0]])).toEqual([
    [1, TRACE],
    [2, TRACE],
    [3, TRACE],
    [4, TRACE],
    [5, "trace_b"],
    [6, "trace_b"],
    [7, "trace_b"],
    [8, "trace_b"],
  ]);
});
