// docs/import.md#claude-code: a Claude Code transcript → a run, llm and tool
// spans, one iteration per user turn, todo-list tasks and harness events.
//
//   session-fix-dates.jsonl (invoice-api, claude-sonnet-4-5)
//   summary · snapshot
//   turn 1 "The invoice import rejects ISO timestamps…"  TodoWrite · npm test ✗ · Task ⤷ (sidechain: Grep)
//          · TodoWrite · Edit src/dates.ts · npm test ✓
//   turn 2 "Also add a regression test…"  api_error 529 (retry) · Write CHANGELOG.md · Edit ✗ rejected
//          · [interrupted] · /compact · compact_boundary · compaction summary · command output
//   turn 3 "Skip the offset test…"  TodoWrite (all done) · API Error: 529 (synthetic) · snapshot
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { claudeCodeImporter } from "@/lib/import/claude-code";
import { subagentSpanId } from "@/lib/import/claude-code-spans";
import { taskIdOf } from "@/lib/import/transcript/todos";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { importFixture } from "@/tests/support/import";

const DIR = path.resolve(import.meta.dirname, "../../fixtures/import/claude-code");
const TEXT = readFileSync(path.join(DIR, "session-fix-dates.jsonl"), "utf8");
const SESSION = "7f3c2a9e-1b4d-4c8a-9e2f-5d6b8a1c3e70";
const RUN = `cc-${SESSION}`;
const PROMPT = "Find every place in src/ that parses invoice dates and list the functions involved.";
const TASK_SPAN = subagentSpanId(SESSION, PROMPT, 1);
const REPRODUCE = taskIdOf("Reproduce the failing date test");
const FIX = taskIdOf("Fix parseDate for ISO timestamps");
const REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

const spans = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind).sort((a, b) => a.t0Us - b.t0Us);
const events = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredEvent => r.type === "event").sort((a, b) => a.tsUs - b.tsUs);
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const at = (us: number) => formatTimeUs(us).slice(11, 23);
/** The fixture with some lines (1-based) replaced. */
const withLines = (lines: Record<number, string>) =>
  TEXT.split("\n")
    .map((l, i) => lines[i + 1] ?? l)
    .join("\n");

describe("a Claude Code session", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, TEXT);

  test("is detected and becomes run cc-<sessionId>, named by its summary, labelled repo/branch/version", () => {
    expect([format, errors, runs]).toEqual(["claude-code", [], [RUN]]);
    const run = records.filter((r): r is StoredRun => r.type === "run");
    expect(run).toEqual([
      expect.objectContaining({
        runId: RUN,
        name: "Fix ISO date parsing in invoice import",
        agent: "claude-code",
        startedAtUs: Date.parse("2025-10-14T09:00:00Z") * 1000,
        labels: { repo: "invoice-api", branch: "fix/date-parsing", version: "1.0.98" },
        attrs: { source_id: SESSION, source_format: "claude-code" },
      }),
    ]);
  });

  test("file-history snapshots are skipped on purpose", () => {
    expect(skipped).toBe(2);
  });

  test("one llm span per message id, from the line it answers to its last line, its usage counted once", () => {
    const llm = spans(records, "llm");
    expect(llm).toHaveLength(12); // 10 main responses, 2 in the subagent; the synthetic API error is none
    // msg_01AbC1 is two lines (text, TodoWrite) repeating usage; the first says 6 output tokens, the last 180
    expect(llm[0]).toMatchObject({
      spanId: "cc-msg_01AbC1",
      parentId: null,
      name: "claude-sonnet-4-5-20250929",
      t0Us: Date.parse("2025-10-14T09:00:00Z") * 1000, // the prompt it answers
      t1Us: Date.parse("2025-10-14T09:00:05Z") * 1000,
      tokensIn: 4 + 14000 + 1200,
      tokensOut: 180,
      meta: expect.objectContaining({
        source_id: "msg_01AbC1",
        source_format: "claude-code",
        stop_reason: "tool_use",
        cache_read_input_tokens: 14000,
        cache_creation_input_tokens: 1200,
      }),
    });
    expect(llm.filter((s) => s.parentId === TASK_SPAN).map((s) => s.spanId)).toEqual([
      "cc-msg_01SiD1",
      "cc-msg_01SiD2",
    ]);
  });

  test("one tool span per tool_use, from its line to its result; failures keep the line that names them", () => {
    const tools = spans(records, "tool");
    expect(tools.map((s) => [s.name, at(s.t0Us), at(s.t1Us), s.ok, s.error, s.parentId])).toEqual([
      ["TodoWrite", "09:00:05.000", "09:00:05.200", true, "", null],
      [
        "Bash",
        "09:00:08.000",
        "09:00:14.000",
        false,
        "FAIL  src/dates.test.ts > parseDate > accepts ISO timestamps",
        null,
      ],
      ["Task", "09:00:18.000", "09:00:25.300", true, "", null],
      ["Grep", "09:00:21.000", "09:00:21.400", true, "", TASK_SPAN],
      ["TodoWrite", "09:00:28.000", "09:00:28.100", true, "", null],
      ["Edit", "09:00:31.000", "09:00:31.400", true, "", null],
      ["Bash", "09:00:34.000", "09:00:40.000", true, "", null],
      ["Write", "09:05:06.000", "09:05:06.300", true, "", null],
      ["Edit", "09:05:10.000", "09:05:31.000", false, REJECTED, null],
      ["TodoWrite", "09:07:04.000", "09:07:04.200", true, "", null],
    ]);
    expect(tools[1]).toMatchObject({
      spanId: "cc-toolu_01Bash1",
      input: { command: "npm test", description: "Run the test suite" },
      output: expect.stringMatching(/^Exit code 1\n/),
      meta: { source_id: "toolu_01Bash1", source_format: "claude-code", message_id: "msg_01AbC2" },
    });
    // the Task call is named by its prompt, so that the subagent's spans (its sidechain here) nest under it
    expect(tools[2]).toMatchObject({
      spanId: TASK_SPAN,
      meta: expect.objectContaining({ source_id: "toolu_01Task1" }),
    });
  });

  test("one iteration per real prompt, with the fields derived from what the turn did", () => {
    const its = iterations(records);
    expect(
      its.map((it) => [
        it.n,
        at(it.tsUs),
        it.filesModified,
        it.linesAdded,
        it.linesRemoved,
        it.errors,
        it.newlyPassing,
        it.tasksCompleted,
        it.taskId,
      ]),
    ).toEqual([
      // the edit's structuredPatch: one line changed; npm test failed, then passed
      [
        1,
        "09:00:44.000",
        ["src/dates.ts"],
        1,
        1,
        ["FAIL  src/dates.test.ts > parseDate > accepts ISO timestamps"],
        1,
        1,
        FIX,
      ],
      // the Write of a new 3-line file; the rejected Edit is an error, not an edit; ends with the command output
      [2, "09:06:40.200", ["CHANGELOG.md"], 3, 0, [REJECTED], 0, 0, FIX],
      // the todo list done: no task in progress at the end
      [3, "09:07:40.000", [], 0, 0, [], 0, 1, null],
    ]);
    expect(its.map((it) => it.reverted)).toEqual([false, false, false]);
    // tokens: input + output + cache writes of the turn's calls, subagent included; context: the last main call
    expect(its.map((it) => [it.apiCalls, it.tokensUsed, it.contextTokens, it.contextWindow])).toEqual([
      [9, 7882, 3 + 16714 + 150, 200_000],
      [2, 1529, 3 + 17800 + 220, 200_000],
      [1, 3305, 10 + 4100 + 3200, 200_000],
    ]);
    expect(its[0]?.attrs).toEqual({
      source_key: `${SESSION}#c2d1a8f4-0000-4000-8000-000000000001`,
      source_format: "claude-code",
      cache_read_tokens: 114294,
      // Nothing read by Read or a shell read, no edit undone (docs/import.md#files-read-and-reverts).
      files_read: [],
      reverted_edits: 0,
      // The prompt's time: where the agent's time in the turn starts (docs/analysis.md#human-waits).
      started_at: "2025-10-14T09:00:00.000000Z",
      // The prompt as the user wrote it, lines and all (docs/import.md#the-conversation).
      prompt:
        "The invoice import rejects ISO timestamps like 2025-01-02T10:00:00Z.\nFix parseDate and make the tests pass.",
    });
  });

  test("every span carries the n of the turn it started in; the subagent's spans, the turn of its Task call", () => {
    const byTurn = (kind: string) => spans(records, kind).map((s) => [s.name, s.iteration]);
    expect(byTurn("tool")).toEqual([
      ["TodoWrite", 1],
      ["Bash", 1],
      ["Task", 1],
      ["Grep", 1], // the sidechain's call, nested under the Task call of turn 1
      ["TodoWrite", 1],
      ["Edit", 1],
      ["Bash", 1],
      ["Write", 2],
      ["Edit", 2],
      ["TodoWrite", 3],
    ]);
    expect(spans(records, "llm").map((s) => s.iteration)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3]);
    // the key names the iteration the span follows when the run's iterations are renumbered
    const keys = new Map(iterations(records).map((it) => [it.n, it.attrs.source_key]));
    expect(spans(records, "tool").every((s) => s.meta.iteration_key === keys.get(s.iteration!))).toBe(true);
  });

  test("the todo list yields tasks and their started/completed events", () => {
    const tasks = records.filter((r) => r.type === "task").map((r) => (r as { taskId: string }).taskId);
    expect(new Set(tasks)).toEqual(new Set([REPRODUCE, FIX]));
    const taskEvents = events(records).filter((e) => e.kind.startsWith("task_"));
    expect(taskEvents.map((e) => [e.kind, e.taskId, at(e.tsUs)])).toEqual([
      ["task_started", REPRODUCE, "09:00:05.000"],
      ["task_completed", REPRODUCE, "09:00:28.000"],
      ["task_started", FIX, "09:00:28.000"],
      ["task_completed", FIX, "09:07:04.000"],
    ]);
  });

  test("harness events: the refusal, API errors with their status, the interruption, the compaction", () => {
    const harness = events(records).filter((e) => !e.kind.startsWith("task_") && e.kind !== "api_request");
    expect(harness.map((e) => [e.kind, at(e.tsUs), e.tool, e.detail, e.status])).toEqual([
      ["api_error", "09:05:02.000", null, "Overloaded", 529],
      ["permission_denied", "09:05:31.000", "Edit", "/home/dev/src/invoice-api/src/dates.test.ts", null],
      ["interrupted", "09:05:31.010", null, "[Request interrupted by user for tool use]", null],
      ["compaction", "09:06:40.000", null, "manual, 18420 tokens before", null], // the summary after it adds none
      ["api_error", "09:07:40.000", null, expect.stringMatching(/^API Error: 529 /), 529],
    ]);
    expect(harness[0]?.attrs).toEqual({
      attempt: 1,
      source_id: "c2d1a8f4-0000-4000-8000-000000000017",
      source_format: "claude-code",
    });
    expect(harness[1]?.attrs).toEqual({ source_id: "toolu_01Edit2", source_format: "claude-code" });
  });

  test("one api_request per model call, at its first line", () => {
    const requests = events(records).filter((e) => e.kind === "api_request");
    expect(requests).toHaveLength(12);
    expect(requests[0]).toMatchObject({ detail: "claude-sonnet-4-5-20250929", attrs: { source_id: "msg_01AbC1" } });
    expect(at(requests[0]!.tsUs)).toBe("09:00:04.000");
  });

  test("importing the same file again gives the same records", async () => {
    const again = await importFixture(claudeCodeImporter, TEXT);
    expect(again.records).toEqual(records);
  });
});

describe("bad lines", () => {
  test("a line with a bad time or no JSON is rejected with its number; the rest is stored", async () => {
    const badTime = JSON.stringify({ type: "system", subtype: "api_error", sessionId: SESSION, timestamp: "soon" });
    const { records, errors } = await importFixture(claudeCodeImporter, withLines({ 23: badTime, 37: "{not json" }));
    expect(errors.map((e) => e.line)).toEqual([23, 37]);
    expect(errors[0]?.message).toBe('system line: "timestamp" is not a time');
    expect(spans(records, "tool")).toHaveLength(10);
    expect(events(records).filter((e) => e.kind === "api_error")).toHaveLength(1);
  });

  test("a message line without its message, or a first line without a session, names what is missing", async () => {
    const bare = { type: "assistant", sessionId: SESSION, uuid: "x", timestamp: "2025-10-14T09:00:44Z" };
    const noMessage = withLines({ 21: JSON.stringify(bare) });
    expect((await importFixture(claudeCodeImporter, noMessage)).errors).toEqual([
      { line: 21, message: 'assistant line: missing "message"' },
    ]);
    const noSession = JSON.stringify({
      type: "user",
      uuid: "u",
      timestamp: "2025-10-14T09:00:00Z",
      message: { role: "user", content: "hi" },
    });
    expect((await importFixture(claudeCodeImporter, noSession)).errors).toEqual([
      { line: 1, message: 'user line: missing "sessionId"' },
    ]);
  });
});
