// docs/import.md#openai-chat-runs: runs logged as OpenAI chat messages
// (tau-bench, LiteLLM, hand-written harnesses) → one run each, a step
// iteration per assistant message, an llm span per model call and a tool
// span per tool call, paired with its `tool` message by `tool_call_id`.
//
//   RUN_A  task 3 trial 0, reward 1   system · user · get_reservation ✓ · reply · user · cancel ✗ Error: … · reply
//   RUN_B  task 3 trial 1, reward 0   two calls in one message, answered in reverse · a call never answered · reply
import { describe, expect, test } from "vitest";
import { ESTIMATE_ANCHOR_US } from "@/lib/import/claude-code-stream";
import { openAiChatImporter } from "@/lib/import/openai-chat";
import { scalarLeaves } from "@/lib/import/openai-chat-run";
import { toolErrorOf } from "@/lib/import/openai-chat-result";
import { fillTimes, layoutStarts } from "@/lib/import/openai-chat-times";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { importFixture } from "@/tests/support/import";

type Json = Record<string, unknown>;
const S = 1_000_000;
const END_US = Date.UTC(2025, 4, 15, 12, 0) * 1000;
const at = (us: number) => formatTimeUs(us).slice(11, 19);

const system = { role: "system", content: "# Airline Agent Policy\nBe helpful." };
const user = (content: string) => ({ role: "user", content });
const say = (content: string) => ({ role: "assistant", content });
const calls = (...cs: [string, string, string][]) => ({
  role: "assistant",
  content: null,
  tool_calls: cs.map(([id, name, args]) => ({ id, type: "function", function: { name, arguments: args } })),
});
const answer = (id: string, name: string, content: string) => ({ role: "tool", tool_call_id: id, name, content });

const RUN_A: Json = {
  task_id: 3,
  reward: 1.0,
  info: { task: { user_id: "mia_li_3668", instruction: "You want to cancel ABC123." }, user_cost: 0.002 },
  traj: [
    system,
    user("Hi! I want to cancel my reservation ABC123.\nIt is for next week."),
    calls(["call_1", "get_reservation_details", '{"reservation_id":"ABC123"}']),
    answer("call_1", "get_reservation_details", '{"reservation_id": "ABC123", "status": "active"}'),
    say("Shall I cancel reservation ABC123? (yes/no)"),
    user("yes"),
    calls(["call_2", "cancel_reservation", '{"reservation_id":"ABC123"}']),
    answer("call_2", "cancel_reservation", "Error: reservation ABC123 cannot be cancelled\nsee policy"),
    say("Sorry, it cannot be cancelled."),
  ],
  trial: 0,
};
const RUN_B: Json = {
  task_id: 3,
  reward: 0.0,
  traj: [
    system,
    user("Book me a flight"),
    calls(["call_x", "search_flights", '{"origin":"JFK"}'], ["call_y", "think", "{not json"]),
    answer("call_y", "think", ""),
    answer("call_x", "search_flights", "[]"),
    calls(["call_z", "get_user_details", '{"user_id":"u1"}']),
    say("I could not find a flight."),
  ],
  trial: 1,
};

const spans = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind);
const runsOf = (rs: StoredRecord[]) => rs.filter((r): r is StoredRun => r.type === "run");
const iterations = (rs: StoredRecord[], runId?: string) =>
  rs
    .filter((r): r is StoredIteration => r.type === "iteration" && (runId === undefined || r.runId === runId))
    .sort((a, b) => a.n - b.n);
const list = (...runs: unknown[]) => JSON.stringify(runs, null, 2);

describe("layouts, detected from content", () => {
  const messages = RUN_A.traj as Json[];
  test.each([
    ["a JSON list of runs with traj", list(RUN_A, RUN_B), ["chat-3-0", "chat-3-1"]],
    ["one {messages} object", JSON.stringify({ id: "conv-7", messages }, null, 2), ["chat-conv-7"]],
    ["a bare JSON list of messages", JSON.stringify(messages, null, 2), [expect.stringMatching(/^chat-[0-9a-f]{16}$/)]],
    ["JSONL of messages", messages.map((m) => JSON.stringify(m)).join("\n") + "\n", [expect.stringMatching(/^chat-/)]],
    ["JSONL of run objects", [RUN_A, RUN_B].map((r) => JSON.stringify(r)).join("\n") + "\n", ["chat-3-0", "chat-3-1"]],
  ])("%s", async (_, text, runIds) => {
    const r = await importFixture(null, text, { endedAtUs: END_US });
    expect([r.format, r.errors, r.runs]).toEqual(["openai-chat", [], runIds]);
    expect(iterations(r.records, r.runs[0]).length).toBe(4);
  });

  test("a bare list's records keep each message's element number", async () => {
    const r = await importFixture(openAiChatImporter, JSON.stringify(messages), { endedAtUs: END_US });
    const run = runsOf(r.records)[0];
    expect(run?.name).toBe("Hi! I want to cancel my reservation ABC123.");
    expect(iterations(r.records).map((it) => at(it.tsUs))).toEqual(["11:59:55", "11:59:56", "11:59:59", "12:00:00"]);
  });
});

describe("a list of tau-bench runs", async () => {
  const { records, errors, runs } = await importFixture(openAiChatImporter, list(RUN_A, RUN_B), { endedAtUs: END_US });

  test("each run is its own run chat-<task_id>-<trial>, agent openai-chat, shape autonomous, named by its first user line", () => {
    expect([errors, runs]).toEqual([[], ["chat-3-0", "chat-3-1"]]);
    expect(runsOf(records).map((r) => [r.runId, r.agent, r.shape, r.name])).toEqual([
      ["chat-3-0", "openai-chat", "autonomous", "Hi! I want to cancel my reservation ABC123."],
      ["chat-3-1", "openai-chat", "autonomous", "Book me a flight"],
    ]);
  });

  test("the outcome is the reward: ≥ 1 success, else failure, score = reward", () => {
    expect(runsOf(records).map((r) => r.outcome)).toEqual([
      { status: "success", score: 1, source: "file", detail: "reward 1" },
      { status: "failure", score: 0, source: "file", detail: "reward 0" },
    ]);
  });

  test("scalar fields are labels; objects such as info stay in attrs as their scalar leaves", () => {
    const [a] = runsOf(records);
    expect(a?.labels).toEqual({ task_id: "3", reward: "1", trial: "0", timing: "estimated" });
    expect(a?.attrs).toMatchObject({
      info: { user_cost: 0.002, "task.user_id": "mia_li_3668", "task.instruction": "You want to cancel ABC123." },
      source_format: "openai-chat",
    });
  });

  test("each assistant message is a step: one iteration, one llm span named openai-chat without a model, one api_request", () => {
    const its = iterations(records, "chat-3-0");
    expect(its.map((it) => [it.n, it.attrs.source_key, it.apiCalls, it.errors])).toEqual([
      [1, "chat-3-0#step-1", 1, []],
      [2, "chat-3-0#step-2", 1, []],
      [3, "chat-3-0#step-3", 1, ["Error: reservation ABC123 cannot be cancelled"]],
      [4, "chat-3-0#step-4", 1, []],
    ]);
    const llm = spans(records, "llm").filter((s) => s.runId === "chat-3-0");
    expect(llm.map((s) => [s.spanId, s.name, s.tokensIn, s.output])).toEqual([
      ["chat-3-0:step-1", "openai-chat", null, null],
      ["chat-3-0:step-2", "openai-chat", null, "Shall I cancel reservation ABC123? (yes/no)"],
      ["chat-3-0:step-3", "openai-chat", null, null],
      ["chat-3-0:step-4", "openai-chat", null, "Sorry, it cannot be cancelled."],
    ]);
    const requests = records.filter((r): r is StoredEvent => r.type === "event" && r.kind === "api_request");
    expect(requests.length).toBe(4 + 3);
  });

  test("every span carries its step's n; a call answered in a later message, the step that made it", () => {
    const own = (kind: string) => spans(records, kind).filter((s) => s.runId === "chat-3-0");
    expect(own("llm").map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
    expect(own("tool").map((s) => [s.spanId, s.iteration])).toEqual(
      own("tool").map((s) => [s.spanId, Number(/:step-(\d+):/.exec(s.spanId)?.[1])]),
    );
  });

  test("a tool call is paired with the tool message of its id: input parsed, output head, an Error result fails", () => {
    const tools = spans(records, "tool").filter((s) => s.runId === "chat-3-0");
    expect(tools.map((s) => [s.spanId, s.name, s.input, s.ok, s.error, s.output])).toEqual([
      [
        "chat-3-0:step-1:call_1",
        "get_reservation_details",
        { reservation_id: "ABC123" },
        true,
        "",
        '{"reservation_id": "ABC123", "status": "active"}',
      ],
      [
        "chat-3-0:step-3:call_2",
        "cancel_reservation",
        { reservation_id: "ABC123" },
        false,
        "Error: reservation ABC123 cannot be cancelled",
        "Error: reservation ABC123 cannot be cancelled\nsee policy",
      ],
    ]);
  });

  test("calls answered in reverse order pair by id; arguments that do not parse are kept raw; an unanswered call fails in its step", () => {
    const tools = spans(records, "tool").filter((s) => s.runId === "chat-3-1");
    expect(tools.map((s) => [s.name, s.input, s.ok, s.error, s.output])).toEqual([
      ["think", "{not json", true, "", ""],
      ["search_flights", { origin: "JFK" }, true, "", "[]"],
      ["get_user_details", { user_id: "u1" }, false, "no result", null],
    ]);
    expect(iterations(records, "chat-3-1").map((it) => it.errors)).toEqual([[], ["no result"], []]);
  });

  test("without times the messages are a second apart, the run ending at the file's time; tools span call → result", () => {
    const [a] = runsOf(records);
    expect(formatTimeUs(a?.startedAtUs ?? 0)).toBe(formatTimeUs(END_US - 8 * S));
    const tools = spans(records, "tool").filter((s) => s.runId === "chat-3-0");
    expect(tools.map((s) => [at(s.t0Us), at(s.t1Us)])).toEqual([
      ["11:59:54", "11:59:55"],
      ["11:59:58", "11:59:59"],
    ]);
    const llm = spans(records, "llm").filter((s) => s.runId === "chat-3-0");
    expect(llm.map((s) => [at(s.t0Us), at(s.t1Us)])).toEqual([
      ["11:59:53", "11:59:54"],
      ["11:59:55", "11:59:56"],
      ["11:59:57", "11:59:58"],
      ["11:59:59", "12:00:00"],
    ]);
  });

  test("importing the same file again gives the same records", async () => {
    const again = await importFixture(openAiChatImporter, list(RUN_A, RUN_B), { endedAtUs: END_US });
    expect(again.records).toEqual(records);
  });
});

describe("times", () => {
  test("without the file's time the run ends at the fixed anchor and says so", async () => {
    const r = await importFixture(openAiChatImporter, list(RUN_A));
    const [run] = runsOf(r.records);
    expect(run?.labels).toMatchObject({ timing: "estimated", time_anchor: "fixed" });
    expect(run?.startedAtUs).toBe(ESTIMATE_ANCHOR_US - 8 * S);
  });

  test("a message with its own time keeps it; the ones after follow a second apart", async () => {
    const t0 = Date.UTC(2025, 0, 2, 8, 0) / 1000;
    const traj = [user("go"), { ...calls(["c1", "ls", "{}"]), created: t0 }, answer("c1", "ls", "a.txt"), say("done")];
    const r = await importFixture(openAiChatImporter, list({ task_id: 1, traj }), { endedAtUs: END_US });
    const [tool] = spans(r.records, "tool");
    expect([tool?.t0Us, tool?.t1Us]).toEqual([t0 * S, t0 * S + S]);
    expect(runsOf(r.records)[0]?.labels).toEqual({ task_id: "1", timing: "estimated" });
  });

  test.each([
    ["none: from the start", [null, null, null], [10, 11, 12]],
    ["before the first time: a second apart up to it", [null, null, 50], [48, 49, 50]],
    ["after: a second later, never past the next time", [20, null, null, 21.5], [20, 21, 21.5, 21.5]],
  ])("fillTimes — %s", (_, own, want) => {
    const times = fillTimes(
      own.map((t) => (t === null ? null : t * S)),
      10 * S,
    );
    expect(times).toEqual(want.map((t) => t * S));
  });

  test("layoutStarts — runs joining one run are laid end to end, the last ending at the end", () => {
    expect(layoutStarts([2 * S, null, 3 * S], 100 * S, true)).toEqual([94 * S, null, 97 * S]);
    expect(layoutStarts([2 * S, null, 3 * S], 100 * S, false)).toEqual([98 * S, null, 97 * S]);
  });
});

describe("run ids, names and outcomes from the run's fields", () => {
  const one = async (fields: Json, ctx = {}) => {
    const r = await importFixture(openAiChatImporter, list({ ...fields, messages: [user("hello"), say("hi")] }), {
      endedAtUs: END_US,
      ...ctx,
    });
    return runsOf(r.records)[0]!;
  };

  test.each([
    ["run_id as it is", { run_id: "nightly-42", task_id: 1 }, "nightly-42"],
    ["id → chat-<id>", { id: "conv_9", task_id: 1 }, "chat-conv_9"],
    ["trace_id → chat-<trace_id>", { trace_id: "abc" }, "chat-abc"],
    ["task_id without trial → chat-<task_id>", { task_id: "t-7" }, "chat-t-7"],
  ])("%s", async (_, fields, runId) => {
    expect((await one(fields)).runId).toBe(runId);
  });

  test("nothing → chat-<hash of the content>: the same content the same id, other content another", async () => {
    const id = (await one({ note: "a" })).runId;
    expect(id).toMatch(/^chat-[0-9a-f]{16}$/);
    expect((await one({ note: "a" })).runId).toBe(id);
    expect((await one({ note: "b" })).runId).not.toBe(id);
  });

  test.each([
    ["success: true", { success: true }, { status: "success", score: null, source: "file", detail: "success: true" }],
    [
      "resolved: false",
      { resolved: false },
      { status: "failure", score: null, source: "file", detail: "resolved: false" },
    ],
    ["reward 0.5", { reward: 0.5 }, { status: "failure", score: 0.5, source: "file", detail: "reward 0.5" }],
    ["no field", { task_id: 2 }, null],
  ])("outcome — %s", async (_, fields, outcome) => {
    expect((await one(fields)).outcome).toEqual(outcome);
  });

  test("the model is named from the run's model field, tokens from a message's usage", async () => {
    const usage = {
      prompt_tokens: 1200,
      completion_tokens: 80,
      total_tokens: 1280,
      prompt_tokens_details: { cached_tokens: 1000 },
    };
    const r = await importFixture(
      openAiChatImporter,
      list({ info: { model: "gpt-4o" }, messages: [user("hi"), { ...say("hello"), usage }] }),
      { endedAtUs: END_US },
    );
    const [llm] = spans(r.records, "llm");
    expect([llm?.name, llm?.tokensIn, llm?.tokensOut, llm?.meta.cached_input_tokens]).toEqual([
      "gpt-4o",
      1200,
      80,
      1000,
    ]);
    expect(iterations(r.records).map((it) => [it.tokensUsed, it.contextTokens, it.attrs.cache_read_tokens])).toEqual([
      [280, 1200, 1000],
    ]);
  });

  test("a run without a user message is named for its task; a long first line is cut at a word", async () => {
    const r = await importFixture(openAiChatImporter, list({ task_id: 5, traj: [say("hi")] }), { endedAtUs: END_US });
    expect(runsOf(r.records)[0]?.name).toBe("task 5");
    const long = "Please change the return flight of my reservation to the earliest one on the same day tomorrow";
    const named = await importFixture(
      openAiChatImporter,
      list({ task_id: 6, traj: [user(`${long}\nthanks`), say("ok")] }),
      {
        endedAtUs: END_US,
      },
    );
    expect(runsOf(named.records)[0]?.name).toBe(
      "Please change the return flight of my reservation to the earliest one on the…",
    );
  });

  test("large objects keep at most 40 scalar leaves, breadth first", () => {
    const big = { a: 1, deep: { list: Array.from({ length: 100 }, (_, i) => ({ i })) } };
    const leaves = scalarLeaves(big);
    expect(Object.keys(leaves).length).toBe(40);
    expect(leaves).toMatchObject({ a: 1, "deep.list.0.i": 0 });
  });
});

describe("an upload that names the run", () => {
  test("several runs join it; their steps keep apart (session ids in the keys) and follow each other in time", async () => {
    const r = await importFixture(openAiChatImporter, list(RUN_A, RUN_B), { runId: "tau", endedAtUs: END_US });
    expect(r.runs).toEqual(["tau"]);
    const its = iterations(r.records);
    expect(its.map((it) => it.attrs.source_key)).toEqual([
      ...[1, 2, 3, 4].map((n) => `chat-3-0#step-${n}`),
      ...[1, 2, 3].map((n) => `chat-3-1#step-${n}`),
    ]);
    expect(its.at(-1)?.tsUs).toBe(END_US);
    // the second run's steps follow the first's, and so do its spans
    expect(spans(r.records, "llm").map((s) => s.iteration)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // the joined runs' own names, labels and outcomes are not the upload's run's
    expect(runsOf(r.records).map((run) => [run.name, run.outcome])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  test("one run uploaded under a name keeps its name, labels and outcome", async () => {
    const r = await importFixture(openAiChatImporter, list(RUN_A), { runId: "tau-one", endedAtUs: END_US });
    expect(runsOf(r.records).map((run) => [run.runId, run.name, run.outcome?.status])).toEqual([
      ["tau-one", "Hi! I want to cancel my reservation ABC123.", "success"],
    ]);
  });
});

describe("failed tool results, conservatively", () => {
  test.each([
    ["Error: flight HAT030 not available", "Error: flight HAT030 not available"],
    ["error: no such file\nmore", "error: no such file"],
    ["Traceback (most recent call last):\n  File x\nKeyError: 'user'", "KeyError: 'user'"],
    ["ValueError: bad date", "ValueError: bad date"],
    ['{"error": "not found", "code": 404}', "not found"],
    ['{"error": {"message": "rate limited"}}', "rate limited"],
    ["No errors found", null],
    ["Errors: 0", null],
    ['{"error": null, "result": 3}', null],
    ["The flight had an error earlier but is fine now", null],
  ])("%j → %j", (text, error) => {
    expect(toolErrorOf(text, false)).toBe(error);
  });
});

describe("bad elements", () => {
  test("a malformed run is one rejected line naming its field; the other runs are imported", async () => {
    const bad = { task_id: 9, traj: [user("x"), { role: "assistant", tool_calls: [{ id: "c", function: {} }] }] };
    const r = await importFixture(null, list(RUN_A, bad, "oops", { task_id: 10 }, RUN_B), { endedAtUs: END_US });
    expect(r.errors).toEqual([
      { line: 2, message: "traj[1].tool_calls[0].function.name: missing" },
      { line: 3, message: 'not a chat run: no "messages" or "traj" list of messages, and not a message ("role")' },
      { line: 4, message: 'not a chat run: no "messages" or "traj" list of messages, and not a message ("role")' },
    ]);
    expect(r.runs).toEqual(["chat-3-0", "chat-3-1"]);
  });

  test("a message without a role names its index", async () => {
    const r = await importFixture(openAiChatImporter, list({ task_id: 1, messages: [user("x"), { content: "?" }] }));
    expect(r.errors).toEqual([{ line: 1, message: "messages[1].role: missing" }]);
  });
});

describe("a live file", () => {
  test("the last step's unanswered call is kept back, not failed", async () => {
    const traj = [user("go"), calls(["c1", "search", "{}"])];
    const r = await importFixture(openAiChatImporter, list({ task_id: 1, traj }), { endedAtUs: END_US, live: true });
    expect(spans(r.records, "tool")).toEqual([]);
    expect(iterations(r.records).length).toBe(1);
  });
});
