// docs/import.md#codex-cli-sessions: Codex CLI rollouts → a run, tool and
// model spans, one iteration per user turn, plan tasks and harness events.
//
//   rollout-…-0199e1a4….jsonl (tinyparse, gpt-5-codex)
//   turn 1 "The tokenizer test … fails"  plan · shell pytest ✗ · apply_patch (2 files) · plan · shell pytest ✓
//   turn 2 "Clean out the old build/ …"  shell rm -rf ✗ rejected · compacted · plan · local_shell pytest ✓ · plan
//   turn 3 "Bump the version …"          shell apply_patch <<PATCH · shell git tag … (turn aborted)
//
//   rollout-…-0199f3c7….jsonl (tinyhttp): 10 turns of `cargo test parse_header`, the same panic, no edits
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { codexImporter } from "@/lib/import/codex";
import { readTokenCount } from "@/lib/import/codex-model-calls";
import { commandStartUs, readCallOutput } from "@/lib/import/codex-output";
import { patchTextsOf, readPatch } from "@/lib/import/codex-patch";
import { taskIdOf } from "@/lib/import/transcript/todos";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { analyzeImported, importFixture } from "@/tests/support/import";

const DIR = path.resolve(import.meta.dirname, "../../fixtures/import/codex");
const SESSION = "0199e1a4-3c2b-7d10-9f4e-5a6b7c8d9e01";
const FILE = `rollout-2025-10-14T09-12-03-${SESSION}.jsonl`;
const STUCK_SESSION = "0199f3c7-81d2-7a44-b5e6-0c1d2e3f4a5b";
const STUCK_FILE = `rollout-2025-10-20T14-02-11-${STUCK_SESSION}.jsonl`;
const TEXT = readFileSync(path.join(DIR, FILE), "utf8");
const RUN = `codex-${SESSION}`;

const spans = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind);
const events = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredEvent => r.type === "event" && r.kind === kind);
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const at = (us: number) => formatTimeUs(us).slice(11, 23);
/** The fixture with line `n` (1-based) replaced. */
const withLine = (n: number, line: string) =>
  TEXT.split("\n")
    .map((l, i) => (i === n - 1 ? line : l))
    .join("\n");

describe("a Codex session", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, TEXT, { fileName: FILE });

  test("is detected and becomes run codex-<session id>, agent codex, labelled repo/version/branch, named by its first prompt", () => {
    expect([format, errors, runs]).toEqual(["codex", [], [RUN]]);
    // the session_meta line opens the run; the first prompt names it (run records merge on store)
    const [opened, named] = records.filter((r): r is StoredRun => r.type === "run");
    expect(opened).toMatchObject({
      runId: RUN,
      name: null,
      agent: "codex",
      startedAtUs: Date.parse("2025-10-14T09:12:03.398Z") * 1000,
      labels: { repo: "tinyparse", version: "0.46.0", branch: "fix/quoted-tokens" },
      attrs: { source_id: SESSION, source_format: "codex" },
    });
    expect(named).toMatchObject({
      runId: RUN,
      name: "The tokenizer test in tests/test_tokenize.py fails on quoted strings. Fix it.",
    });
  });

  test("user messages, mirror events, an empty and a repeated token_count and the unknown line type are skipped", () => {
    // 2 4 (user messages) 6 (info null) 17 (patch_apply_end) 25 (agent_message) 28 (repeated total)
    // 33 (context_compacted) 51 (world_state); the reasoning (7 13) and the assistant's messages (23 41)
    // are read into the next model call (docs/import.md#the-conversation)
    expect(skipped).toBe(8);
  });

  test("each call is a tool span to its output's line, from its own line or the run time the output logs; a failed one keeps the failure's first line", () => {
    const tools = spans(records, "tool");
    expect(tools.map((s) => [s.name, at(s.t0Us), at(s.t1Us), s.ok, s.error])).toEqual([
      ["update_plan", "09:12:07.882", "09:12:07.886", true, ""],
      [
        "shell",
        "09:12:08.271", // duration_seconds 0.6 before its output; the call came at 08.196
        "09:12:08.871",
        false,
        "E       AssertionError: assert ['a', '\"b', 'c\"'] == ['a', 'b c']",
      ],
      ["apply_patch", "09:12:13.221", "09:12:13.221", true, ""], // duration_seconds 0: applied at once
      ["update_plan", "09:12:15.922", "09:12:15.925", true, ""],
      ["shell", "09:12:16.123", "09:12:16.823", true, ""],
      ["shell", "09:13:04.890", "09:13:14.323", false, "exec command rejected by user"],
      ["update_plan", "09:13:18.225", "09:13:18.228", true, ""],
      ["shell", "09:13:18.643", "09:13:19.843", true, ""], // Wall time: 1.2 seconds
      ["update_plan", "09:13:22.143", "09:13:22.146", true, ""],
      ["shell", "09:14:30.382", "09:14:30.382", true, ""],
      ["shell", "09:14:32.882", "09:14:39.108", false, "no result (interrupted)"],
    ]);
    expect(tools[1]).toMatchObject({
      spanId: `${SESSION}:call_Wm7Yt2Kc9Fq4Rz1D`,
      parentId: null,
      input: { command: ["bash", "-lc", "pytest -q tests/test_tokenize.py"], timeout_ms: 120000 },
      output: expect.stringContaining("1 failed, 1 passed in 0.04s"),
      meta: { source_id: "call_Wm7Yt2Kc9Fq4Rz1D", source_format: "codex", exit_code: 1, duration_seconds: 0.6 },
    });
    expect(tools[7]).toMatchObject({ input: { type: "exec", command: ["bash", "-lc", "pytest -q"] } });
    expect(tools[7]?.output).toMatch(/^\.{7} +\[100%\]\n7 passed/);
  });

  test("each token_count is a model call: an llm span from the previous call's end (or the prompt), input with cache, output with reasoning", () => {
    const calls = spans(records, "llm");
    expect(calls.map((s) => [s.name, at(s.t0Us), at(s.t1Us), s.tokensIn, s.tokensOut])).toEqual([
      ["gpt-5-codex", "09:12:04.612", "09:12:08.231", 9120, 412],
      ["gpt-5-codex", "09:12:08.231", "09:12:13.126", 10240, 388],
      ["gpt-5-codex", "09:12:13.126", "09:12:16.103", 11020, 96],
      ["gpt-5-codex", "09:12:16.103", "09:12:20.243", 11504, 141],
      ["gpt-5-codex", "09:13:02.050", "09:13:04.923", 14210, 233],
      ["gpt-5-codex", "09:13:04.923", "09:13:18.393", 6120, 180],
      ["gpt-5-codex", "09:13:18.393", "09:13:24.068", 6650, 205],
      ["gpt-5-codex", "09:14:27.072", "09:14:30.202", 7400, 310],
      ["gpt-5-codex", "09:14:30.202", "09:14:32.908", 7890, 95],
    ]);
    expect(calls[0]).toMatchObject({
      spanId: `${SESSION}:llm-1`,
      meta: { source_id: "token_count#1", cached_input_tokens: 4480, reasoning_output_tokens: 256, total_tokens: 9532 },
    });
    expect(events(records, "api_request").map((e) => at(e.tsUs))).toEqual(calls.map((s) => at(s.t1Us)));
  });

  test("each user_message is an iteration with what its turn did", () => {
    const its = iterations(records);
    expect(
      its.map((it) => [it.n, it.filesModified, it.linesAdded, it.linesRemoved, it.errors, it.newlyPassing]),
    ).toEqual([
      [
        1,
        ["tinyparse/tokenize.py", "tests/test_tokenize_edge.py"],
        6,
        1,
        ["E       AssertionError: assert ['a', '\"b', 'c\"'] == ['a', 'b c']"],
        1,
      ],
      [2, [], 0, 0, ["exec command rejected by user"], 0],
      [3, ["pyproject.toml"], 1, 1, ["no result (interrupted)"], 0],
    ]);
    // tokens_used = (input − cached) + output; context = the last call's input (cached included)
    expect(its.map((it) => [it.apiCalls, it.tokensUsed, it.contextTokens, it.contextWindow])).toEqual([
      [4, 5052 + 1540 + 1004 + 765, 11504, 272000],
      [3, 9963 + 2716 + 839, 6650, 272000],
      [2, 1182 + 689, 7890, 272000],
    ]);
    expect(its.map((it) => [at(it.tsUs), it.taskId, it.tasksCompleted, it.attrs.cache_read_tokens])).toEqual([
      ["09:12:20.245", taskIdOf("Make tokenize() honour quoted strings"), 1, 4480 + 9088 + 10112 + 10880],
      ["09:13:24.068", null, 2, 4480 + 3584 + 6016],
      ["09:14:39.108", null, 0, 6528 + 7296],
    ]);
    expect(its[0]?.attrs.source_key).toBe(`${SESSION}#2025-10-14T09:12:04.612000Z`);
  });

  test("every span carries the n of the turn its call was made in", () => {
    expect(spans(records, "tool").map((s) => s.iteration)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3]);
    expect(spans(records, "llm").map((s) => s.iteration)).toEqual([1, 1, 1, 1, 2, 2, 2, 3, 3]);
    expect(spans(records, "tool")[0]?.meta.iteration_key).toBe(iterations(records)[0]?.attrs.source_key);
  });

  test("update_plan writes are tasks: a step in progress starts, a completed one completes", () => {
    const kinds = (rs: StoredRecord[]) =>
      rs.filter((r): r is StoredEvent => r.type === "event" && r.kind.startsWith("task_"));
    expect(kinds(records).map((e) => [e.kind, e.detail, at(e.tsUs)])).toEqual([
      ["task_started", "Reproduce the failing tokenizer test", "09:12:07.882"],
      ["task_completed", "Reproduce the failing tokenizer test", "09:12:15.922"],
      ["task_started", "Make tokenize() honour quoted strings", "09:12:15.922"],
      ["task_completed", "Make tokenize() honour quoted strings", "09:13:18.225"],
      ["task_started", "Run the full test suite", "09:13:18.225"],
      ["task_completed", "Run the full test suite", "09:13:22.143"],
    ]);
    const titles = records.flatMap((r) => (r.type === "task" ? [r.title] : []));
    expect([...new Set(titles)]).toEqual([
      "Reproduce the failing tokenizer test",
      "Make tokenize() honour quoted strings",
      "Run the full test suite",
    ]);
  });

  test("a rejection is permission_denied with the command; compacted is compaction; turn_aborted is interrupted", () => {
    expect(events(records, "permission_denied")).toEqual([
      expect.objectContaining({
        tool: "shell",
        detail: "rm -rf build/ dist/",
        attrs: { source_id: "call_Kd3Fg6Hj9Lm2Np5Q", source_format: "codex" },
      }),
    ]);
    expect(events(records, "compaction").map((e) => [at(e.tsUs), e.detail])).toEqual([
      ["09:13:16.123", "tokens before: 14210"],
    ]);
    expect(events(records, "interrupted").map((e) => [at(e.tsUs), e.detail])).toEqual([
      ["09:14:39.108", "interrupted"],
    ]);
  });

  test("importing the same file again gives the same records", async () => {
    const again = await importFixture(codexImporter, TEXT, { fileName: FILE });
    expect(again.records).toEqual(records);
  });

  test("an upload that names a run puts the session there and leaves the run's name alone", async () => {
    const named = await importFixture(codexImporter, TEXT, { runId: "nightly-loop" });
    expect(named.runs).toEqual(["nightly-loop"]);
    expect(named.records.every((r) => r.runId === "nightly-loop")).toBe(true);
    expect(named.records.filter((r): r is StoredRun => r.type === "run").map((r) => r.name)).toEqual([null]);
  });
});

describe("bad lines", () => {
  test("a call without call_id is rejected with its line number; the rest is stored and its output skipped", async () => {
    const line = JSON.stringify({
      timestamp: "2025-10-14T09:12:08.196Z",
      type: "response_item",
      payload: { type: "function_call", name: "shell", arguments: '{"command":["pytest"]}' },
    });
    const { errors, records, skipped } = await importFixture(codexImporter, withLine(10, line));
    expect(errors).toEqual([{ line: 10, message: expect.stringContaining('function_call: missing "call_id"') }]);
    expect(skipped).toBe(9);
    expect(spans(records, "tool")).toHaveLength(10);
    expect(iterations(records)[0]?.errors).toEqual([]);
  });

  test("a line without a time is rejected; so is every line before a session_meta when the file name names none", async () => {
    const noTime = await importFixture(codexImporter, withLine(12, '{"type":"response_item","payload":{}}'));
    expect(noTime.errors).toEqual([{ line: 12, message: expect.stringContaining('"timestamp"') }]);
    const headless = TEXT.split("\n").slice(1, 4).join("\n");
    const lost = await importFixture(codexImporter, headless);
    expect(lost.errors.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(lost.errors[0]?.message).toContain('no "session_meta" line');
  });

  test("a file that lost its session_meta takes the session id from its rollout file name", async () => {
    const rest = TEXT.split("\n").slice(1).join("\n");
    const { errors, runs } = await importFixture(codexImporter, rest, { fileName: FILE });
    expect([errors, runs]).toEqual([[], [RUN]]);
  });
});

describe("other shapes Codex writes", () => {
  const line = (ms: number, type: string, payload: object) =>
    JSON.stringify({ timestamp: new Date(Date.UTC(2025, 9, 1, 8, 0, 0, ms)).toISOString(), type, payload });
  const call = (name: string, args: object, id: string) => ({
    type: "function_call",
    name,
    arguments: JSON.stringify(args),
    call_id: id,
  });
  const lines = [
    line(0, "session_meta", { id: "s-1", cwd: "/w/app/", cli_version: "0.50.0" }),
    line(10, "event_msg", { type: "user_message", message: "\n  make the tests pass\nplease" }),
    line(20, "response_item", call("exec_command", { cmd: "cd app && cargo test -q" }, "c1")),
    line(30, "response_item", {
      type: "function_call_output",
      call_id: "c1",
      output:
        "Chunk ID: 9f\nWall time: 1.0 seconds\nProcess exited with code 101\nOutput:\nerror[E0425]: cannot find value `x`\n",
    }),
    line(
      40,
      "response_item",
      call(
        "shell",
        { command: ["apply_patch", "*** Begin Patch\n*** Add File: a.rs\n+fn a() {}\n*** End Patch"] },
        "c2",
      ),
    ),
    line(50, "response_item", {
      type: "function_call_output",
      call_id: "c2",
      output: "Success. Updated the following files:\nA a.rs",
    }),
    line(60, "event_msg", {
      type: "error",
      message: "stream disconnected",
      codex_error_info: { response_stream_disconnected: { http_status_code: 502 } },
    }),
    line(70, "event_msg", { type: "error", message: "You've hit your usage limit. Try again later." }),
  ].join("\n");

  test("exec_command's cmd is a test run, an argv apply_patch edits, error lines are api_error with a status", async () => {
    const { records, errors, runs } = await importFixture(codexImporter, lines);
    expect([errors, runs]).toEqual([[], ["codex-s-1"]]);
    expect(records.find((r): r is StoredRun => r.type === "run" && r.name !== null)?.name).toBe("make the tests pass");
    expect(records.find((r): r is StoredRun => r.type === "run")?.labels).toEqual({ repo: "app", version: "0.50.0" });
    expect(iterations(records)).toMatchObject([
      { filesModified: ["a.rs"], linesAdded: 1, errors: ["error[E0425]: cannot find value `x`"], newlyPassing: 0 },
    ]);
    expect(spans(records, "tool").map((s) => [s.name, s.ok, s.meta.exit_code])).toEqual([
      ["exec_command", false, 101],
      ["shell", true, undefined],
    ]);
    expect(events(records, "api_error").map((e) => [e.status, e.detail])).toEqual([
      [502, "stream disconnected"],
      [429, "You've hit your usage limit. Try again later."],
    ]);
  });
});

describe("what Codex writes itself as a user message, and a command's own run time", () => {
  const line = (ms: number, type: string, payload: object) =>
    JSON.stringify({ timestamp: new Date(Date.UTC(2025, 9, 1, 8, 0, 0, ms)).toISOString(), type, payload });
  const user = (ms: number, message: string, fields: object = {}) =>
    line(ms, "event_msg", { type: "user_message", message, ...fields });
  const exec = (ms: number, id: string) =>
    line(ms, "response_item", {
      type: "function_call",
      name: "exec_command",
      arguments: JSON.stringify({ cmd: "make" }),
      call_id: id,
    });
  const output = (ms: number, id: string, text: string) =>
    line(ms, "response_item", { type: "function_call_output", call_id: id, output: text });
  //   0 s  <environment_context> (kind environment_context) · AGENTS.md instructions   — Codex's own
  //   1 s  "build it"  exec c1 @2 s … approved, ran 1.5 s, output @7 s · exec c2 @8 s, output @8.5 s (Wall time 2 s)
  //  10 s  <turn_aborted> — Codex's own      12 s "and the docs"  exec c3 @13 s, rejected @20 s
  const lines = [
    line(0, "session_meta", { id: "s-3", cwd: "/w/app" }),
    user(0, "<environment_context>\n  <cwd>/w/app</cwd>\n</environment_context>", { kind: "environment_context" }),
    user(1, "# AGENTS.md instructions for /w/app\n\n<INSTRUCTIONS>\nRun make.\n</INSTRUCTIONS>"),
    user(1000, "build it"),
    exec(2000, "c1"),
    output(7000, "c1", JSON.stringify({ output: "ok\n", metadata: { exit_code: 0, duration_seconds: 1.5 } })),
    exec(8000, "c2"),
    output(8500, "c2", "Chunk ID: 7a\nWall time: 2.0 seconds\nProcess exited with code 0\nOutput:\nok\n"),
    user(10_000, "<turn_aborted>\nThe user interrupted the previous turn.\n</turn_aborted>"),
    user(12_000, "and the docs"),
    exec(13_000, "c3"),
    output(20_000, "c3", "exec command rejected by user"),
  ].join("\n");

  test("its context, AGENTS.md instructions and an aborted turn's note open no turn and do not name the run", async () => {
    const { records, errors } = await importFixture(codexImporter, lines);
    expect(errors).toEqual([]);
    expect(iterations(records).map((it) => [it.n, it.attrs.started_at])).toEqual([
      [1, "2025-10-01T08:00:01.000000Z"],
      [2, "2025-10-01T08:00:12.000000Z"],
    ]);
    expect(records.find((r): r is StoredRun => r.type === "run" && r.name !== null)?.name).toBe("build it");
  });

  test("a call is timed by the run time its output logs, ending at the output; never from before the call", async () => {
    const { records } = await importFixture(codexImporter, lines);
    expect(spans(records, "tool").map((s) => [at(s.t0Us), at(s.t1Us), s.meta.duration_seconds, s.iteration])).toEqual([
      ["08:00:05.500", "08:00:07.000", 1.5, 1], // duration_seconds: the wait for approval is not the command's
      ["08:00:08.000", "08:00:08.500", 2, 1], // Wall time 2 s, longer than since the call: from the call
      ["08:00:13.000", "08:00:20.000", undefined, 2], // refused: it never ran, no run time to read
    ]);
  });
});

describe("files read and reverted edits", () => {
  const line = (ms: number, type: string, payload: object) =>
    JSON.stringify({ timestamp: new Date(Date.UTC(2025, 9, 1, 8, 0, 0, ms)).toISOString(), type, payload });
  const prompt = (ms: number, message: string) => line(ms, "event_msg", { type: "user_message", message });
  const exec = (ms: number, id: string, args: unknown) =>
    line(ms, "response_item", { type: "function_call", name: "exec_command", arguments: args, call_id: id });
  const patch = (ms: number, id: string, input: string) =>
    line(ms, "response_item", { type: "custom_tool_call", name: "apply_patch", input, call_id: id });
  const ok = (ms: number, id: string) =>
    line(ms, "response_item", {
      type: "function_call_output",
      call_id: id,
      output: "Process exited with code 0\nOutput:\nok\n",
    });
  const update = (from: string, to: string) =>
    `*** Begin Patch\n*** Update File: src/a.py\n@@ def f():\n-    ${from}\n+    ${to}\n*** End Patch`;
  const lines = [
    line(0, "session_meta", { id: "s-2", cwd: "/w/app", cli_version: "0.50.0" }),
    prompt(10, "fix f"),
    exec(20, "c1", JSON.stringify({ cmd: "sed -n '1,40p' src/a.py && grep -n f tests/test_a.py" })),
    ok(30, "c1"),
    patch(40, "c2", update("return 1", "return 2")),
    ok(50, "c2"),
    prompt(60, "no, undo that"),
    patch(70, "c3", update("return 2", "return 1")), // the inverse hunk of c2
    ok(80, "c3"),
    prompt(90, "again"),
    exec(100, "c4", "[REDACTED_ARGUMENTS len=31 sha=0a1b2c3d]"),
    ok(110, "c4"),
    patch(120, "c5", "[REDACTED_INPUT len=80 sha=4e5f6a7b]"),
    ok(130, "c5"),
  ].join("\n");

  test("a shell read is files_read; a hunk undoing an earlier one is reverted; redacted calls leave both out", async () => {
    const { records, errors } = await importFixture(codexImporter, lines);
    expect(errors).toEqual([]);
    expect(iterations(records).map((it) => [it.attrs.files_read, it.reverted, it.attrs.reverted_edits])).toEqual([
      [["src/a.py", "tests/test_a.py"], false, 0],
      [[], true, 1],
      [undefined, null, undefined],
    ]);
  });

  test("a patch's texts: each Update hunk's − lines replaced by its + lines, an added file whole, a deleted one unknown", () => {
    const text =
      "*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n@@\n-x\n+y\n@@\n ctx\n+z\n*** Add File: n.py\n+1\n+2\n*** Delete File: c.py\n*** End Patch";
    expect(patchTextsOf(text)).toEqual([
      { kind: "replace", path: "b.py", old: "x", new: "y" },
      { kind: "replace", path: "b.py", old: "", new: "z" },
      { kind: "write", path: "n.py", after: "1\n2", before: null },
      { kind: "opaque", path: "c.py" },
    ]);
  });
});

describe("a stuck session: the same failing cargo test, turn after turn, no edits", async () => {
  const stuck = await importFixture(null, readFileSync(path.join(DIR, STUCK_FILE), "utf8"), { fileName: STUCK_FILE });
  const report = await analyzeImported(stuck.records, `codex-${STUCK_SESSION}`);
  const panic = "thread 'header::tests::parse_header_folds_continuation' panicked at src/header.rs:88:9:";

  test("each turn is an iteration with no files and the panic line as its error", () => {
    const its = iterations(stuck.records);
    expect(its).toHaveLength(10);
    expect(its.every((it) => it.filesModified?.length === 0 && it.errors?.join() === panic)).toBe(true);
    expect(its.every((it) => it.newlyPassing === 0 && it.apiCalls === 2)).toBe(true);
  });

  test("same_error holds at turn 3: the verdict, halting at 3 and saving 7 turns; repeated_call at 5", () => {
    // An interactive session is read with its profile: editing nothing is no stall, the same panic is.
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["same_error", 3],
      ["repeated_call", 5],
    ]);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
    expect(report.loop_breaker.final_state).toBe("OPEN");
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 7, tokens: 9054 });
  });
});

describe("reading a call's output", () => {
  test.each([
    [
      "JSON with exit_code 0",
      '{"output":"ok\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}',
      false,
      false,
      null,
    ],
    ["JSON with exit_code 2", '{"output":"boom\\n","metadata":{"exit_code":2}}', true, false, "boom"],
    [
      "Exit code: header",
      "Exit code: 1\nWall time: 0.2 seconds\nOutput:\nerror: no such file\n",
      true,
      false,
      "error: no such file",
    ],
    [
      "exec_command header",
      "Chunk ID: ab12\nWall time: 0.1 seconds\nProcess exited with code 0\nOutput:\nerror: ignored\n",
      false,
      false,
      null,
    ],
    ["a user rejection", "exec command rejected by user", true, true, "exec command rejected by user"],
    [
      "a sandbox denial",
      "sandbox denied: write outside the workspace",
      true,
      true,
      "sandbox denied: write outside the workspace",
    ],
    ["an execution error", "execution error: Io(NotFound)", true, false, "execution error: Io(NotFound)"],
    ["a plan update", "Plan updated", false, false, null],
    ["content items", [{ type: "input_text", text: "patch rejected by user" }], true, true, "patch rejected by user"],
  ])("%s", (_name, raw, failed, rejected, errorLine) => {
    expect(readCallOutput(raw)).toMatchObject({ failed, rejected, errorLine });
  });

  test("the run time it logs is kept as duration_seconds: JSON metadata, or a header's Wall time", () => {
    expect(readCallOutput('{"output":"","metadata":{"exit_code":0,"duration_seconds":0.1}}').meta).toEqual({
      exit_code: 0,
      duration_seconds: 0.1,
    });
    expect(readCallOutput("Exit code: 1\nWall time: 0.2 seconds\nOutput:\nno\n").meta).toEqual({
      exit_code: 1,
      duration_seconds: 0.2,
    });
    // a body that mentions a wall time is no header
    expect(readCallOutput("Plan updated\nWall time: 3 seconds").meta).toEqual({});
  });

  test.each([
    // call at 10 s, output at 20 s
    ["no run time logged: from the call", {}, 10],
    ["a run time of 4 s: from 16 s", { duration_seconds: 4 }, 16],
    ["a run time longer than since the call: from the call", { duration_seconds: 60 }, 10],
    ["a run time of 0: at the output", { duration_seconds: 0 }, 20],
    ["a negative run time: from the call", { duration_seconds: -1 }, 10],
  ])("a command's start — %s", (_name, meta, startS) => {
    const out = { ...readCallOutput("ok"), meta };
    expect(commandStartUs(10_000_000, out, 20_000_000)).toBe(startS * 1_000_000);
  });

  test("a token_count without info or repeating the running total is no call; a total alone counts its difference", () => {
    const state = { lastTotal: null };
    const total = (input: number, output: number) => ({
      info: {
        total_token_usage: {
          input_tokens: input,
          cached_input_tokens: 0,
          output_tokens: output,
          total_tokens: input + output,
        },
      },
    });
    expect(readTokenCount({ info: null }, state)).toBeNull();
    expect(readTokenCount(total(1000, 50), state)?.usage).toMatchObject({ input: 1000, output: 50 });
    expect(readTokenCount(total(1000, 50), state)).toBeNull();
    expect(readTokenCount(total(2500, 80), state)?.usage).toMatchObject({ input: 1500, output: 30 });
  });

  test("a patch counts its files (a move renames) and its + and − lines", () => {
    const patch =
      "*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n@@\n-x\n+y\n+z\n*** Delete File: c.py\n*** End Patch";
    expect(readPatch(patch)).toEqual([
      { path: "b.py", added: 2, removed: 1 },
      { path: "c.py", added: 0, removed: 0 },
    ]);
  });
});
