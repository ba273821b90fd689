// docs/import.md#gemini-cli-sessions: a Gemini CLI session file → an
// interactive run, one iteration per prompt, an llm span per gemini message
// and a tool span per tool call, on a small hand-written session.
//
//   session-…-4f1c2d3e.json (shop, gemini-2.5-pro)
//   turn 1 "The cart total ignores the discount…"  run_shell_command npm test ✗ (exit 1) · replace src/cart.ts ✓
//                                                  · write_todos · read_file ✗ (error) · run_shell_command npm test ✓
//   (info message, an API error message)
//   turn 2 "Now add a changelog entry"             write_file CHANGELOG.md ✓ · run_shell_command rm ✗ (cancelled)
import { describe, expect, test } from "vitest";
import { geminiCliImporter } from "@/lib/import/gemini-cli";
import { runNameOf, apiErrorOf } from "@/lib/import/gemini-cli-session";
import { readShellResult } from "@/lib/import/gemini-cli-tools";
import type { ImportOutput, JsonItem } from "@/lib/import/types";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { importFixture } from "@/tests/support/import";

const SESSION = "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const RUN = `gemini-${SESSION}`;
const T0 = Date.parse("2026-01-20T10:00:00.000Z");
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const at = (us: number) => formatTimeUs(us).slice(11, 23);

type Obj = Record<string, unknown>;
const response = (output: Obj) => [{ functionResponse: { id: "x", name: "x", response: output } }];
/** A tool call started at `startS` (in its id, as Gemini CLI names calls) whose result came at `endS`. */
const call = (name: string, startS: number, endS: number, args: Obj, output: Obj, status = "success") => ({
  id: `${name}-${T0 + startS * 1000}-a1b2c3`,
  name,
  args,
  result: response(output),
  status,
  timestamp: iso(endS),
});
const shell = (command: string, output: string, exitCode: number) =>
  `Command: ${command}\nDirectory: (root)\nOutput: ${output}\nError: (none)\nExit Code: ${exitCode}\nSignal: (none)`;
const tokens = (input: number, cached: number, output: number, thoughts: number) => ({
  input,
  output,
  cached,
  thoughts,
  tool: 0,
  total: input + output + thoughts,
});
const gemini = (id: string, s: number, toolCalls: Obj[], t: Obj) => ({
  id,
  timestamp: iso(s),
  type: "gemini",
  content: "",
  toolCalls,
  thoughts: [],
  model: "gemini-2.5-pro",
  tokens: t,
});

const PROMPT =
  "The cart total ignores the discount when a coupon is applied at checkout, please find the bug and fix it now";
const FAILING = "> vitest run\n FAIL  src/cart.test.ts > total\nAssertionError: expected 1090 to be 1000";
const MESSAGES: Obj[] = [
  { id: "u1", timestamp: iso(0), type: "user", content: PROMPT },
  gemini(
    "g1",
    6,
    [call("run_shell_command", 4, 9, { command: "npm test" }, { output: shell("npm test", FAILING, 1) })],
    tokens(5000, 0, 40, 200),
  ),
  gemini(
    "g2",
    14,
    [
      call(
        "replace",
        12,
        14,
        { file_path: "/w/shop/src/cart.ts", old_string: "return s;", new_string: "const d = s * r;\nreturn s - d;" },
        { output: "Successfully modified file" },
      ),
      call(
        "write_todos",
        15,
        15.1,
        { todos: [{ description: "Fix the discount", status: "completed" }] },
        { output: "ok" },
      ),
      call(
        "read_file",
        16,
        16.2,
        { absolute_path: "/w/shop/nope.ts" },
        { error: "File not found: /w/shop/nope.ts" },
        "error",
      ),
      call("run_shell_command", 17, 25, { command: "npm test" }, { output: shell("npm test", "8 passed", 0) }),
    ],
    tokens(7000, 4000, 30, 100),
  ),
  { id: "i1", timestamp: iso(26), type: "info", content: "Switched to fallback model." },
  { id: "e1", timestamp: iso(27), type: "error", content: "[API Error: got status: 429 Too Many Requests.]" },
  { id: "e2", timestamp: iso(28), type: "error", content: "Could not open the editor." },
  { id: "u2", timestamp: iso(60), type: "user", content: [{ text: "Now add a changelog entry" }] },
  gemini(
    "g3",
    64,
    [
      call(
        "write_file",
        62,
        64,
        { file_path: "/w/shop/CHANGELOG.md", content: "# 1.1\n- discount fix\n" },
        { output: "ok" },
      ),
      call(
        "run_shell_command",
        65,
        70,
        { command: "rm -rf dist" },
        { error: "[Operation Cancelled] Reason: User did not allow tool call" },
        "cancelled",
      ),
    ],
    tokens(8000, 6000, 20, 0),
  ),
];
const DOC = { sessionId: SESSION, projectHash: "ab12", startTime: iso(0), lastUpdated: iso(70), messages: MESSAGES };
const TEXT = JSON.stringify(DOC, null, 2);

const spans = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind);
const events = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredEvent => r.type === "event" && r.kind === kind);
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
/** The mapper's own outputs, for what the ingest does not keep (skip kinds). */
function mapDoc(doc: unknown, live = false): ImportOutput[] {
  const m = geminiCliImporter.create({ runId: null, endedAtUs: null, fileName: null, live });
  const item: JsonItem = { lineNo: 1, value: doc };
  return [...(m.push as (i: JsonItem) => Iterable<ImportOutput>)(item), ...m.end()] as ImportOutput[];
}

describe("a Gemini CLI session", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, TEXT);

  test("is detected and becomes the interactive run gemini-<sessionId>, named by its first prompt cut at a word", () => {
    expect([format, errors, runs]).toEqual(["gemini-cli", [], [RUN]]);
    const run = records.find((r): r is StoredRun => r.type === "run");
    expect(run).toMatchObject({
      runId: RUN,
      name: "The cart total ignores the discount when a coupon is applied at checkout…",
      agent: "gemini-cli",
      shape: "interactive",
      outcome: null,
      startedAtUs: T0 * 1000,
      attrs: { source_id: SESSION, source_format: "gemini-cli" },
    });
  });

  test("the info message and the error that is no API error are skipped, each named by its kind", () => {
    expect(skipped).toBe(2);
    expect(mapDoc(DOC).flatMap((o) => ("skipped" in o ? [o.kind] : []))).toEqual(["info", "error"]);
  });

  test("each gemini message is an llm span: tokens_in = input + tool, tokens_out = output + thoughts, cached kept", () => {
    const llm = spans(records, "llm").sort((a, b) => a.t0Us - b.t0Us);
    expect(llm.map((s) => [s.name, s.tokensIn, s.tokensOut, s.meta.cached_input_tokens])).toEqual([
      ["gemini-2.5-pro", 5000, 240, 0],
      ["gemini-2.5-pro", 7000, 130, 4000],
      ["gemini-2.5-pro", 8000, 20, 6000],
    ]);
    // from the prompt (or the last tool call) to the first tool call's start, read from its id
    expect(llm.map((s) => [at(s.t0Us), at(s.t1Us)])).toEqual([
      ["10:00:00.000", "10:00:04.000"],
      ["10:00:09.000", "10:00:12.000"],
      ["10:01:00.000", "10:01:02.000"],
    ]);
    expect(events(records, "api_request")).toHaveLength(3);
  });

  test("each tool call is a tool span from its start to its result; exit codes, errors and cancellations fail it", () => {
    const tools = spans(records, "tool").sort((a, b) => a.t0Us - b.t0Us);
    expect(tools.map((s) => [s.name, at(s.t0Us), at(s.t1Us), s.ok, s.error])).toEqual([
      ["run_shell_command", "10:00:04.000", "10:00:09.000", false, "AssertionError: expected 1090 to be 1000"],
      ["replace", "10:00:12.000", "10:00:14.000", true, ""],
      ["write_todos", "10:00:15.000", "10:00:15.100", true, ""],
      ["read_file", "10:00:16.000", "10:00:16.200", false, "File not found: /w/shop/nope.ts"],
      ["run_shell_command", "10:00:17.000", "10:00:25.000", true, ""],
      ["write_file", "10:01:02.000", "10:01:04.000", true, ""],
      [
        "run_shell_command",
        "10:01:05.000",
        "10:01:10.000",
        false,
        "[Operation Cancelled] Reason: User did not allow tool call",
      ],
    ]);
    expect(tools[0]).toMatchObject({ input: { command: "npm test" }, meta: { exit_code: 1, status: "success" } });
    expect(tools[0]?.output).toContain("AssertionError");
  });

  test("each prompt is an iteration with the turn's edits, errors, tokens, context and tasks", () => {
    const its = iterations(records);
    expect(its.map((it) => [it.n, it.attrs.source_key, at(it.tsUs)])).toEqual([
      [1, `${SESSION}#u1`, "10:00:28.000"],
      [2, `${SESSION}#u2`, "10:01:10.000"],
    ]);
    expect(its[0]).toMatchObject({
      filesModified: ["/w/shop/src/cart.ts"],
      linesAdded: 2,
      linesRemoved: 1,
      errors: ["AssertionError: expected 1090 to be 1000", "File not found: /w/shop/nope.ts"],
      newlyPassing: 1,
      tasksCompleted: 1,
      apiCalls: 2,
      tokensUsed: 5000 + 240 + (7000 - 4000) + 130,
      contextTokens: 7000,
      contextWindow: 1_048_576,
    });
    expect(its[0]?.attrs.cache_read_tokens).toBe(4000);
    expect(its[1]).toMatchObject({ filesModified: ["/w/shop/CHANGELOG.md"], linesAdded: 2, apiCalls: 1 });
  });

  test("every span carries the n of the turn it belongs to", () => {
    const sorted = [...spans(records, "llm"), ...spans(records, "tool")].sort((a, b) => a.t0Us - b.t0Us);
    expect(sorted.map((s) => [s.name, s.iteration])).toEqual([
      ["gemini-2.5-pro", 1],
      ["run_shell_command", 1],
      ["gemini-2.5-pro", 1],
      ["replace", 1],
      ["write_todos", 1],
      ["read_file", 1],
      ["run_shell_command", 1],
      ["gemini-2.5-pro", 2],
      ["write_file", 2],
      ["run_shell_command", 2],
    ]);
    expect(sorted.at(-1)?.meta.iteration_key).toBe(`${SESSION}#u2`);
  });

  test("an error message that reports a failed API call is an api_error with its status", () => {
    expect(events(records, "api_error").map((e) => [at(e.tsUs), e.status, e.detail])).toEqual([
      ["10:00:27.000", 429, "[API Error: got status: 429 Too Many Requests.]"],
    ]);
  });

  test("importing the same file again gives the same records", async () => {
    expect((await importFixture(geminiCliImporter, TEXT)).records).toEqual(records);
  });
});

describe("other shapes and bad input", () => {
  test("the upload's run id wins; the session then neither names the run nor moves its start", async () => {
    const { records, runs } = await importFixture(null, TEXT, { runId: "nightly" });
    expect(runs).toEqual(["nightly"]);
    expect(records.find((r): r is StoredRun => r.type === "run")).toMatchObject({ name: null, startedAtUs: null });
  });

  test("a message without a time is rejected naming it; a document without sessionId is rejected", async () => {
    const broken = { ...DOC, messages: [MESSAGES[0], { ...MESSAGES[1], timestamp: undefined }] };
    expect((await importFixture(geminiCliImporter, JSON.stringify(broken))).errors).toEqual([
      { line: 1, message: 'messages[1] (gemini): missing or unreadable "timestamp"' },
    ]);
    const noId = await importFixture(geminiCliImporter, JSON.stringify({ ...DOC, sessionId: undefined }));
    expect(noId.errors).toEqual([{ line: 1, message: 'gemini-cli session: missing "sessionId"' }]);
  });

  test("a gemini message without tokens is a call of unknown size: counted, its span without tokens, no context fill", async () => {
    const doc = { ...DOC, messages: [MESSAGES[0], { ...gemini("g1", 6, [], tokens(1, 0, 1, 0)), tokens: null }] };
    const { records, errors } = await importFixture(geminiCliImporter, JSON.stringify(doc));
    expect(errors).toEqual([]);
    expect(spans(records, "llm").map((s) => [s.tokensIn, s.tokensOut])).toEqual([[null, null]]);
    expect(iterations(records).map((it) => [it.apiCalls, it.tokensUsed, it.contextTokens])).toEqual([[1, 0, null]]);
  });

  test("a call still running is left out of a live file, and fails without a result in a finished one", () => {
    const running = {
      ...call("run_shell_command", 4, 9, { command: "npm test" }, { output: "" }),
      status: "executing",
    };
    const doc = { ...DOC, messages: [MESSAGES[0], gemini("g1", 6, [running], tokens(10, 0, 1, 0))] };
    const toolsOf = (out: ImportOutput[]) =>
      out.flatMap((o) => ("record" in o && o.record.type === "span" && o.record.kind === "tool" ? [o.record] : []));
    expect(toolsOf(mapDoc(doc, true))).toEqual([]);
    expect(toolsOf(mapDoc(doc, false)).map((s) => [s.ok, s.error])).toEqual([[false, "no result (executing)"]]);
  });
});

describe("files read and reverted edits", () => {
  test("read_file, read_many_files' files and shell reads are files_read; a replace or a write undoing an earlier edit is reverted", async () => {
    const ok = { output: "ok" };
    const write = (s: number, content: string, display?: Obj) => ({
      ...call("write_file", s, s + 1, { file_path: "/w/a/hello.md", content }, ok),
      ...(display ? { resultDisplay: display } : {}),
    });
    const replace = (s: number, old: string, next: string, display: Obj) => ({
      ...call("replace", s, s + 1, { file_path: "/w/a/hello.md", old_string: old, new_string: next }, ok),
      resultDisplay: display,
    });
    const messages = [
      { id: "u1", timestamp: iso(0), type: "user", content: "Write hello.md" },
      gemini(
        "g1",
        10,
        [
          call("read_file", 1, 2, { file_path: "/w/a/hello.md" }, ok),
          call("read_many_files", 2, 3, { paths: ["src/a.ts", "src/**/*.ts", "docs"] }, ok),
          call("run_shell_command", 3, 4, { command: "cat notes.txt" }, { output: shell("cat notes.txt", "hi", 0) }),
          write(5, "# Hello"), // a new file
          write(7, "# Hello\nfox"), // over "# Hello": the content before it, though not recorded
        ],
        tokens(10, 0, 1, 0),
      ),
      { id: "u2", timestamp: iso(20), type: "user", content: "dog, not fox; no, fox" },
      gemini(
        "g2",
        30,
        [
          replace(21, "fox", "dog", { originalContent: "# Hello\nfox", newContent: "# Hello\ndog" }),
          replace(23, "dog", "fox", { originalContent: "# Hello\ndog", newContent: "# Hello\nfox" }), // undoes it
        ],
        tokens(10, 0, 1, 0),
      ),
      { id: "u3", timestamp: iso(40), type: "user", content: "Just the title" },
      gemini(
        "g3",
        50,
        [write(41, "# Hello", { originalContent: "# Hello\nfox", newContent: "# Hello" })],
        tokens(10, 0, 1, 0),
      ),
    ];
    const doc = { ...DOC, messages };
    const { records, errors } = await importFixture(geminiCliImporter, JSON.stringify(doc));
    expect(errors).toEqual([]);
    expect(iterations(records).map((it) => [it.attrs.files_read, it.reverted, it.attrs.reverted_edits])).toEqual([
      [["/w/a/hello.md", "src/a.ts", "notes.txt"], false, 0],
      [[], true, 1],
      [[], true, 1], // back to "# Hello", the content before the second write
    ]);
  });
});

describe("readings", () => {
  test("a run name is the first line, cut at a word to at most 80 characters, with an ellipsis when cut", () => {
    expect(runNameOf("\n  fix it\nplease")).toBe("fix it");
    expect(runNameOf("a".repeat(100))).toBe(`${"a".repeat(79)}…`);
    expect(runNameOf(`${"word ".repeat(20)}end`)?.length).toBeLessThanOrEqual(80);
    expect(runNameOf(`${"word ".repeat(20)}end`)?.endsWith("word…")).toBe(true);
  });

  test("a shell result's output runs to its trailing fields, even when the output has an Error: line", () => {
    const text =
      "Command: node x.js\nDirectory: (root)\nOutput: start\nError: boom\nError: (none)\nExit Code: 2\nSignal: (none)";
    expect(readShellResult(text)).toEqual({ body: "start\nError: boom", exitCode: 2 });
  });

  test("an error message is an API error when it says so: a status, a quota, an overloaded model", () => {
    expect(apiErrorOf("[API Error: You have exhausted your daily quota]")).toEqual({
      detail: "[API Error: You have exhausted your daily quota]",
      status: 429,
    });
    expect(apiErrorOf("The model is overloaded (503)")?.status).toBe(503);
    expect(apiErrorOf("Could not open the editor.")).toBeNull();
  });
});
