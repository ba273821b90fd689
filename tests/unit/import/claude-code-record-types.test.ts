// docs/import.md#claude-code: every line type Claude Code writes today is read
// or skipped on purpose, each skip named by its kind; odd lines (a string
// message, plain strings as content, values that are no record) are read or
// skipped, never rejected; a compaction's transcript adds no subagent; and a
// run has a shape — a transcript is interactive, headless output autonomous
// with the failure outcome of an error result.
import { describe, expect, test } from "vitest";
import { claudeCodeImporter } from "@/lib/import/claude-code";
import { claudeCodeStreamImporter } from "@/lib/import/claude-code-stream";
import type { ImportContext, ImportOutput, Importer, JsonItem } from "@/lib/import/types";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";

const SESSION = "9c8b7a65-0000-4000-8000-000000000000";
const T0_MS = Date.parse("2026-02-01T09:00:00Z");
const time = (s: number) => new Date(T0_MS + s * 1000).toISOString();
const CTX: ImportContext = { runId: null, endedAtUs: null, fileName: null, live: false };

type Fields = Record<string, unknown>;
let n = 0;
const line = (type: string, s: number, fields: Fields = {}): Fields => ({
  type,
  sessionId: SESSION,
  uuid: `u${++n}`,
  timestamp: time(s),
  cwd: "/w/app",
  ...fields,
});
const prompt = (s: number, content: unknown) => line("user", s, { message: { role: "user", content } });
const answer = (s: number, id: string) =>
  line("assistant", s, {
    message: {
      id,
      model: "claude-sonnet-4-5",
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
      usage: { input_tokens: 5, output_tokens: 2 },
    },
  });

/** The mapper's own outputs (the ingest keeps no skip kinds). */
function mapValues(importer: Importer, values: unknown[], ctx: Partial<ImportContext> = {}): ImportOutput[] {
  const m = importer.create({ ...CTX, ...ctx });
  const push = m.push as (i: JsonItem) => Iterable<ImportOutput>;
  return [...values.flatMap((value, i) => [...push({ lineNo: i + 1, value })]), ...m.end()];
}
const skips = (out: ImportOutput[]) => out.flatMap((o) => ("skipped" in o ? [[o.lineNo, o.kind]] : []));
const recordsOf = (out: ImportOutput[]) => out.flatMap((o) => ("record" in o ? [o.record] : []));
const jsonl = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join("\n");
const events = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredEvent => r.type === "event" && r.kind === kind);
const iterations = (rs: StoredRecord[]) => rs.filter((r): r is StoredIteration => r.type === "iteration");

describe("the line types of a Claude Code 2.x session", () => {
  const values = [
    { type: "file-history-snapshot", messageId: "m", snapshot: {}, isSnapshotUpdate: false },
    { type: "queue-operation", operation: "enqueue", timestamp: time(0), sessionId: SESSION, content: "next" },
    prompt(1, "Rename the loader."),
    line("progress", 2, { data: { type: "hook_progress", hookEvent: "PreToolUse" }, toolUseID: "t1" }),
    line("progress", 2, { data: { type: "bash_progress", output: "…" } }),
    answer(3, "msg-1"),
    line("system", 4, { subtype: "turn_duration", durationMs: 3000 }),
    line("system", 4, { subtype: "stop_hook_summary", hookCount: 1, hookErrors: [] }),
    line("system", 5, { subtype: "informational", content: "Switched model", level: "info" }),
    line("system", 5, { subtype: "local_command", content: "<command-name>/model</command-name>" }),
    line("custom-title", 6, { customTitle: "Loader rename" }),
    line("assistant", 7, {
      message: {
        id: "syn",
        model: "<synthetic>",
        role: "assistant",
        content: [{ type: "text", text: "No response requested." }],
      },
    }),
    line("system", 8, {
      subtype: "microcompact_boundary",
      microcompactMetadata: { trigger: "auto", preTokens: 91000, tokensSaved: 24000 },
    }),
    line("system", 9, {
      subtype: "api_error",
      error: { status: 529, error: { message: "Overloaded" } },
      retryAttempt: 1,
    }),
  ];

  test("lines that carry nothing are skipped, each named by its type (system lines by their subtype)", () => {
    expect(skips(mapValues(claudeCodeImporter, values))).toEqual([
      [1, "file-history-snapshot"],
      [2, "queue-operation"],
      [4, "progress"],
      [5, "progress"],
      [7, "system:turn_duration"],
      [8, "system:stop_hook_summary"],
      [9, "system:informational"],
      [10, "system:local_command"],
      [11, "custom-title"],
      [12, "assistant:synthetic"],
    ]);
  });

  test("a microcompact boundary is a compaction with the tokens before and saved; an api_error line an api_error", async () => {
    const { records, errors } = await importFixture(null, jsonl(values));
    expect(errors).toEqual([]);
    expect(
      events(records, "compaction").map((e) => [e.detail, e.attrs.trigger, e.attrs.pre_tokens, e.attrs.tokens_saved]),
    ).toEqual([["microcompact, auto, 91000 tokens before, 24000 saved", "micro:auto", 91000, 24000]]);
    expect(events(records, "api_error").map((e) => [e.status, e.detail, e.attrs.attempt])).toEqual([
      [529, "Overloaded", 1],
    ]);
  });

  test("the run is interactive: a human prompts each turn", async () => {
    const { records } = await importFixture(null, jsonl(values));
    expect(records.find((r): r is StoredRun => r.type === "run")).toMatchObject({
      shape: "interactive",
      outcome: null,
    });
  });
});

describe("odd lines", () => {
  test("a string message is a text message, plain strings in content are text blocks: both are prompts", async () => {
    const values = [prompt(0, "First."), line("user", 10, { message: "Second." }), prompt(20, ["Third", "part"])];
    const { records, errors } = await importFixture(claudeCodeImporter, jsonl(values));
    expect(errors).toEqual([]);
    expect(iterations(records)).toHaveLength(3);
  });

  test("values that are no record are skipped as not-a-record; a known type with a wrong field is still rejected", async () => {
    const values = [
      prompt(0, "Go."),
      "massive error",
      { silly: "this" },
      42,
      [1],
      line("user", 5, { message: { content: 42 } }),
    ];
    expect(skips(mapValues(claudeCodeImporter, values))).toEqual([
      [2, "not-a-record"],
      [3, "not-a-record"],
      [4, "not-a-record"],
      [5, "not-a-record"],
    ]);
    const { errors } = await importFixture(claudeCodeImporter, jsonl(values));
    expect(errors).toEqual([{ line: 6, message: expect.stringContaining('user line: field "message.content"') }]);
  });

  test("a line that lost its timestamp takes the previous line's time; two prompts with one uuid are two turns", async () => {
    const first = prompt(0, "One.");
    const noTime = { ...prompt(30, "Two."), uuid: first.uuid, timestamp: undefined };
    const { records, errors } = await importFixture(
      claudeCodeImporter,
      jsonl([first, answer(10, "m1"), noTime, answer(20, "m2")]),
    );
    expect(errors).toEqual([]);
    const its = iterations(records).sort((a, b) => a.n - b.n);
    expect(its.map((it) => [it.attrs.source_key, it.tsUs])).toEqual([
      [`${SESSION}#${first.uuid as string}`, (T0_MS + 10_000) * 1000],
      [`${SESSION}#line-3`, (T0_MS + 20_000) * 1000],
    ]);
    // the second answer starts at its prompt, which took the time of the line before it (10 s)
    const second = records.find((r): r is StoredSpan => r.type === "span" && r.meta.source_id === "m2");
    expect(second?.t0Us).toBe((T0_MS + 10_000) * 1000);
  });
});

describe("a compaction's transcript (subagents/agent-acompact-*.jsonl)", () => {
  const lines = [
    line("user", 0, {
      isSidechain: true,
      agentId: "acompact-3f2a",
      message: { role: "user", content: "Summarise the conversation." },
    }),
    { ...answer(5, "msg-c"), isSidechain: true, agentId: "acompact-3f2a" },
  ];

  test("by its file name: every line is skipped as compaction-transcript and nothing is stored", async () => {
    const out = mapValues(claudeCodeImporter, lines, { fileName: "agent-acompact-3f2a.jsonl" });
    expect(skips(out)).toEqual([
      [1, "compaction-transcript"],
      [2, "compaction-transcript"],
    ]);
    expect(recordsOf(out)).toEqual([]);
  });

  test("by its lines' agent id, in a file of any name: it adds no subagent spans or iterations", async () => {
    const { records } = await importFixture(claudeCodeImporter, jsonl([prompt(0, "Go."), answer(2, "m1"), ...lines]));
    expect(records.filter((r) => r.type === "span")).toHaveLength(1);
    expect(iterations(records)).toHaveLength(1);
  });
});

describe("headless output (claude -p --output-format stream-json)", () => {
  const SID = "5e4d3c2b-0000-4000-8000-000000000000";
  const stream = (result: Fields) =>
    jsonl([
      { type: "system", subtype: "init", session_id: SID, model: "claude-sonnet-4-5", cwd: "/w/app", uuid: "s1" },
      {
        type: "assistant",
        session_id: SID,
        uuid: "s2",
        message: {
          id: "m1",
          model: "claude-sonnet-4-5",
          role: "assistant",
          content: [{ type: "text", text: "working" }],
        },
      },
      { type: "stream_event", session_id: SID, event: { type: "content_block_delta" } },
      { type: "result", session_id: SID, uuid: "s3", duration_ms: 2000, num_turns: 1, ...result },
    ]);
  const runOf = async (result: Fields) => {
    const { records } = await importFixture(claudeCodeStreamImporter, stream(result), { endedAtUs: T0_MS * 1000 });
    return records.find((r): r is StoredRun => r.type === "run");
  };

  test("the run is autonomous, and a success result leaves its outcome unknown", async () => {
    expect(await runOf({ subtype: "success", is_error: false, result: "Done." })).toMatchObject({
      shape: "autonomous",
      outcome: null,
    });
  });

  test("an error result is the run's failure: the error subtype, or is_error with the result's first line", async () => {
    expect((await runOf({ subtype: "error_max_turns", is_error: true }))?.outcome).toMatchObject({
      status: "failure",
      detail: "error_max_turns",
      source: "file",
    });
    expect(
      (await runOf({ subtype: "success", is_error: true, result: "API Error: 500\nretry" }))?.outcome,
    ).toMatchObject({
      status: "failure",
      detail: "is_error: API Error: 500",
    });
  });

  test("a line of a type the stream does not read is skipped with its type", () => {
    const values = stream({ subtype: "success" })
      .split("\n")
      .map((l) => JSON.parse(l) as unknown);
    expect(skips(mapValues(claudeCodeStreamImporter, values))).toEqual([[3, "stream_event"]]);
  });
});
