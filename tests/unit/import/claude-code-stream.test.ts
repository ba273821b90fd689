// docs/import.md#claude-code-headless-output: headless `claude -p` output. A loop
// script's folder — one stream-json session per iteration, no times in the
// lines — becomes one run when the upload names it, each session one
// iteration placed by its file's modification time.
//
//   loop/iteration-01.jsonl  init · Task ⤷ (Grep) · Edit rounding.py · pytest ✗ · result success   ends 10:00
//   loop/iteration-02.jsonl  init · pytest ✗ · Edit test_x.py · pytest ✓ · result success          ends 10:05
//   loop/iteration-03.jsonl  init · git push ✗ denied · WebFetch (no result) · result error_max_turns  ends 10:10
//   result-only.json         --output-format json: the result object alone, with modelUsage
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { claudeCodeStreamImporter, ESTIMATE_ANCHOR_US } from "@/lib/import/claude-code-stream";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { analyzeImported, importFixture, importFixtures } from "@/tests/support/import";

const DIR = path.resolve(import.meta.dirname, "../../fixtures/import/claude-code-stream");
const read = (f: string) => readFileSync(path.join(DIR, f), "utf8");
const LOOP = ["loop/iteration-01.jsonl", "loop/iteration-02.jsonl", "loop/iteration-03.jsonl"].map(read);
const ENDED_US = [0, 5, 10].map((min) => Date.UTC(2025, 10, 4, 10, min) * 1000);
const SESSIONS = [
  "b1f7e2c4-5d38-4a90-8e61-2c7d9f0a3b51",
  "c29a4d81-7e0b-4f35-9a12-6d8e1b3c5f74",
  "d3b58e92-0f1c-4a67-b2d4-7e9f0a1c6d85",
];
const COSTS = [0.0842, 0.0511, 0.0305];
const at = (us: number) => formatTimeUs(us).slice(11, 23);

const spans = (rs: StoredRecord[]) => rs.filter((r): r is StoredSpan => r.type === "span");
const events = (rs: StoredRecord[]) => rs.filter((r): r is StoredEvent => r.type === "event");
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);

describe("a loop script's folder uploaded as one run", async () => {
  // uploaded out of order: placement numbers the iterations by time
  const order = [2, 0, 1];
  const { records, errors, runs, format } = await importFixtures(
    claudeCodeStreamImporter,
    order.map((i) => ({ text: LOOP[i]!, ctx: { runId: "loop-1", endedAtUs: ENDED_US[i]! } })),
  );

  test("three sessions make one run with three iterations, one per session, in time order", () => {
    expect([format, errors, runs]).toEqual(["claude-code-stream", [], ["loop-1"]]);
    const its = iterations(records);
    expect(its.map((it) => [it.n, formatTimeUs(it.tsUs), it.attrs.source_key])).toEqual(
      SESSIONS.map((id, i) => [i + 1, formatTimeUs(ENDED_US[i]!), `${id}#start`]),
    );
  });

  test("each session's spans carry its placed iteration, the subagent's too, though the files came out of order", () => {
    const all = spans(records);
    const byId = new Map(all.map((sp) => [sp.spanId, sp]));
    // a subagent's span names no turn of its own: the session opens its turn after the Task call
    const keyOf = (sp: StoredSpan) => String(sp.meta.iteration_key ?? byId.get(sp.parentId!)?.meta.iteration_key);
    const sessionOf = (sp: StoredSpan) => SESSIONS.findIndex((id) => keyOf(sp).startsWith(id));
    expect(all.map((sp) => [sp.name, sp.iteration])).toEqual(all.map((sp) => [sp.name, sessionOf(sp) + 1]));
    expect([...new Set(all.map((sp) => sp.iteration))].sort()).toEqual([1, 2, 3]);
    const task = all.find((sp) => sp.name === "Task");
    expect(all.filter((sp) => sp.parentId === task?.spanId).map((sp) => sp.iteration)).toEqual([1, 1, 1]);
  });

  test("derived fields per session: edits, errors, the test that came back, the calls", () => {
    expect(
      iterations(records).map((it) => [it.filesModified, it.errors, it.newlyPassing, it.apiCalls, it.tokensUsed]),
    ).toEqual([
      [["src/ledger/rounding.py"], ["E       AssertionError: assert Decimal('2.67') == Decimal('2.68')"], 0, 6, 6264],
      [["tests/test_x.py"], ["E       AssertionError: assert Decimal('2.67') == Decimal('2.68')"], 1, 4, 2453],
      [[], ["Claude requested permissions to use Bash, but you haven't granted it yet."], 0, 3, 1960],
    ]);
  });

  test("lines without times are spread evenly from end − duration_ms to the file's end", () => {
    // iteration-01: 14 lines over 48.210 s, one every 3.708 s; the Edit is on line 9, its result on line 10
    const edit = spans(records).find((s) => s.meta.source_id === "toolu_04A2Edit");
    expect([at(edit!.t0Us), at(edit!.t1Us)]).toEqual(["09:59:41.457", "09:59:45.166"]);
    expect(records.filter((r): r is StoredRun => r.type === "run").every((r) => r.labels.timing === "estimated")).toBe(
      true,
    );
  });

  test("a subagent's lines (parent_tool_use_id) nest under the Task call", () => {
    const task = spans(records).find((s) => s.name === "Task");
    const nested = spans(records).filter((s) => s.parentId === task?.spanId);
    expect(nested.map((s) => [s.kind, s.name]).sort()).toEqual([
      ["llm", "claude-sonnet-4-5-20250929"],
      ["llm", "claude-sonnet-4-5-20250929"],
      ["tool", "Grep"],
    ]);
  });

  test("each session's total_cost_usd is shared over its llm spans: the sums are the logged costs", () => {
    for (const [i, id] of SESSIONS.entries()) {
      const its = iterations(records)[i]!;
      const llm = spans(records).filter(
        (s) => s.kind === "llm" && s.t1Us <= its.tsUs && s.t0Us >= its.tsUs - 60_000_000,
      );
      const sum = llm.reduce((total, s) => total + (s.costUsd ?? 0), 0);
      expect([id, sum]).toEqual([id, expect.closeTo(COSTS[i]!, 10)]);
    }
  });

  test("denials: a refusing tool result and the result's list name each call once; error_max_turns is a breaker", () => {
    const harness = events(records).filter((e) => e.kind !== "api_request");
    expect(harness.map((e) => [e.kind, at(e.tsUs), e.tool, e.detail, e.state, e.reason])).toEqual([
      ["permission_denied", "10:09:48.800", "Bash", "git push origin fix/rounding", null, null],
      ["permission_denied", "10:10:00.000", "WebFetch", "https://ci.example.com/ledger/builds/latest", null, null],
      ["breaker", "10:10:00.000", null, null, "OPEN", "error_max_turns"],
    ]);
    expect(spans(records).find((s) => s.name === "WebFetch")).toMatchObject({
      ok: false,
      error: "no result (interrupted)",
    });
  });

  test("the analysis prices the run at the logged costs", async () => {
    const report = await analyzeImported(records, "loop-1");
    const llmCost = report.tools
      .filter((t) => t.tool.startsWith("claude-"))
      .reduce((total, t) => total + (t.cost_usd ?? 0), 0);
    expect(llmCost).toBeCloseTo(COSTS[0]! + COSTS[1]! + COSTS[2]!, 3);
  });
});

describe("one session file on its own", () => {
  test("becomes run cc-<session_id>, the same records on every import", async () => {
    const once = await importFixture(null, LOOP[1]!, { endedAtUs: ENDED_US[1]! });
    const twice = await importFixture(claudeCodeStreamImporter, LOOP[1]!, { endedAtUs: ENDED_US[1]! });
    expect([once.format, once.runs]).toEqual(["claude-code-stream", [`cc-${SESSIONS[1]}`]]);
    expect(twice.records).toEqual(once.records);
    const run = once.records.find((r): r is StoredRun => r.type === "run");
    expect(run?.labels).toEqual({
      permission_mode: "acceptEdits",
      timing: "estimated",
      repo: "ledger",
      version: "2.0.14",
    });
  });

  test("without a modification time it ends at the fixed anchor, and says so", async () => {
    const { records } = await importFixture(claudeCodeStreamImporter, LOOP[1]!);
    expect(iterations(records)[0]?.tsUs).toBe(ESTIMATE_ANCHOR_US);
    expect(records.find((r): r is StoredRun => r.type === "run")?.labels).toMatchObject({
      timing: "estimated",
      time_anchor: "fixed",
    });
  });

  test("a malformed line is rejected with its number; the rest is stored", async () => {
    const lines = LOOP[1]!.trimEnd().split("\n");
    lines[2] = JSON.stringify({ type: "user", session_id: SESSIONS[1] });
    const { errors, records } = await importFixture(claudeCodeStreamImporter, lines.join("\n"), {
      endedAtUs: ENDED_US[1]!,
    });
    expect(errors).toEqual([{ line: 3, message: 'user line: missing "message"' }]);
    // the first pytest call lost its result: it failed without one
    expect(
      spans(records)
        .filter((s) => s.name === "Bash")
        .sort((a, b) => a.t0Us - b.t0Us)
        .map((s) => s.error),
    ).toEqual(["no result (interrupted)", ""]);
  });
});

describe("--output-format json: the result object alone", async () => {
  const ended = Date.UTC(2025, 10, 4, 11) * 1000;
  const { records, format, errors } = await importFixture(null, read("result-only.json"), { endedAtUs: ended });

  test("one llm span per model of modelUsage over the session, with its own cost", () => {
    expect([format, errors]).toEqual(["claude-code-stream", []]);
    expect(spans(records).map((s) => [s.name, s.kind, s.tokensIn, s.tokensOut, s.costUsd, s.t0Us, s.t1Us])).toEqual([
      ["claude-sonnet-4-5-20250929", "llm", 6 + 17004 + 192, 28, 0.3391, ended - 16_049_000, ended],
      ["claude-haiku-4-5-20251001", "llm", 2, 4, 0.0073, ended - 16_049_000, ended],
    ]);
  });

  test("one iteration: num_turns calls and the session's tokens, its context fill unknown", () => {
    expect(iterations(records)).toEqual([
      expect.objectContaining({ n: 1, tsUs: ended, apiCalls: 8, tokensUsed: 8 + 32 + 192, contextTokens: null }),
    ]);
  });
});
