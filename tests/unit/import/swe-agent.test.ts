// docs/import.md#swe-agent-trajectories: a SWE-agent `.traj` → one
// autonomous run, one iteration per trajectory entry (a step), an llm span
// with an even share of the run's tokens and a tool span named for the
// action's first word.
//
//   pydicom__pydicom-7.traj (info.model_stats: 4 calls, 4001 tokens sent, 400 received, $0.40)
//   step 1  find_file "a.py"               execution_time 0.5
//   step 2  edit 2:3 … end_of_edit         syntax error (E999 IndentationError)
//   step 3  edit 2:3 … end_of_edit         ok: the open file, 2 lines for 2
//   step 4  submit
import { describe, expect, test } from "vitest";
import { ESTIMATE_ANCHOR_US } from "@/lib/import/claude-code-stream";
import { sweAgentImporter } from "@/lib/import/swe-agent";
import { failureOf } from "@/lib/import/swe-agent-steps";
import type { StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";

type Json = Record<string, unknown>;
const S = 1_000_000;
const STATE = JSON.stringify({ open_file: "/repo/src/a.py", working_dir: "/repo" });
const EDIT = "edit 2:3\n    x = 1\n    y = 2\nend_of_edit\n";
const SYNTAX =
  "Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.\n\nERRORS:\n- E999 IndentationError: unexpected indent\n";

function traj(opts: { exit?: string; info?: Json; extra?: Json } = {}): string {
  const trajectory = [
    { action: 'find_file "a.py"\n', observation: "Found 1 matches for a.py", execution_time: 0.5, state: "{}" },
    { action: EDIT, observation: SYNTAX, state: STATE },
    { action: EDIT, observation: "[File: /repo/src/a.py (9 lines total)]\n1:x", state: STATE },
    { action: "submit\n", observation: "\ndiff --git a/src/a.py b/src/a.py\n", state: STATE },
  ].map((e) => ({ ...e, thought: "t", response: "r" }));
  const info = {
    exit_status: opts.exit ?? "submitted",
    model_stats: { instance_cost: 0.4, tokens_sent: 4001, tokens_received: 400, api_calls: 4 },
    ...opts.info,
  };
  return JSON.stringify({ environment: "swe_main", trajectory, history: [], info, ...opts.extra });
}

const spans = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind);
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const runOf = (rs: StoredRecord[]) => rs.find((r): r is StoredRun => r.type === "run");
const FILE = "pydicom__pydicom-7.traj";

describe("a SWE-agent trajectory", async () => {
  const endUs = Date.UTC(2026, 1, 1) * 1000;
  const { records, errors, runs, format } = await importFixture(null, traj(), { fileName: FILE, endedAtUs: endUs });

  test("is detected from its content and becomes run <file name without .traj>, autonomous, agent swe-agent", () => {
    expect([format, errors, runs]).toEqual(["swe-agent", [], ["pydicom__pydicom-7"]]);
    expect(runOf(records)).toMatchObject({
      name: "pydicom__pydicom-7",
      agent: "swe-agent",
      shape: "autonomous",
      labels: { exit_status: "submitted", timing: "estimated" },
      attrs: { instance_cost: 0.4, tokens_sent: 4001, tokens_received: 400, api_calls: 4 },
    });
    expect(runOf(records)?.labels.time_anchor).toBeUndefined();
  });

  test("each trajectory entry is one iteration with a step source key", () => {
    expect(iterations(records).map((it) => [it.n, it.attrs.source_key])).toEqual([
      [1, "pydicom__pydicom-7#step-00001"],
      [2, "pydicom__pydicom-7#step-00002"],
      [3, "pydicom__pydicom-7#step-00003"],
      [4, "pydicom__pydicom-7#step-00004"],
    ]);
  });

  test("every span carries its step's n", () => {
    expect(spans(records, "llm").map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
    expect(spans(records, "tool").map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
  });

  test("the action is a tool span named for its first word, with the whole action as input; a syntax error fails it", () => {
    const tools = spans(records, "tool");
    expect(tools.map((s) => [s.spanId, s.name, s.ok, s.error])).toEqual([
      ["pydicom__pydicom-7:step-1:call-1", "find_file", true, ""],
      ["pydicom__pydicom-7:step-2:call-1", "edit", false, "E999 IndentationError: unexpected indent"],
      ["pydicom__pydicom-7:step-3:call-1", "edit", true, ""],
      ["pydicom__pydicom-7:step-4:call-1", "submit", true, ""],
    ]);
    expect(tools[1]?.input).toBe(EDIT);
    expect(tools[0]?.output).toBe("Found 1 matches for a.py");
    expect(iterations(records).map((it) => it.errors)).toEqual([
      [],
      ["E999 IndentationError: unexpected indent"],
      [],
      [],
    ]);
  });

  test("a successful edit modifies the open file, relative to the working directory", () => {
    const it = iterations(records)[2];
    expect([it?.filesModified, it?.linesAdded, it?.linesRemoved]).toEqual([["src/a.py"], 2, 2]);
  });

  test("the run's tokens and cost are spread evenly over the steps", () => {
    const llms = spans(records, "llm");
    expect(llms.map((s) => [s.tokensIn, s.tokensOut])).toEqual([
      [1001, 100],
      [1000, 100],
      [1000, 100],
      [1000, 100],
    ]);
    expect(llms.reduce((sum, s) => sum + (s.costUsd ?? 0), 0)).toBeCloseTo(0.4, 9);
    expect(llms[0]?.meta).toMatchObject({ tokens: "spread" });
    expect(iterations(records)[0]?.contextTokens).toBeNull();
  });

  test("times end at the file's time: a second per model call, an action its execution_time or a second", () => {
    const tools = spans(records, "tool");
    expect(tools.map((s) => (s.t1Us - s.t0Us) / S)).toEqual([0.5, 1, 1, 1]);
    expect(tools.at(-1)?.t1Us).toBe(endUs);
    expect(runOf(records)?.startedAtUs).toBe(endUs - 7.5 * S);
  });

  test("importing it again gives identical records", async () => {
    expect((await importFixture(null, traj(), { fileName: FILE, endedAtUs: endUs })).records).toEqual(records);
  });
});

describe("run ids, outcomes and fallbacks", () => {
  test("an instance id in info wins over the file name; the upload's run id wins over both", async () => {
    const text = traj({ info: { instance_id: "astropy__astropy-1" } });
    expect((await importFixture(null, text, { fileName: FILE })).runs).toEqual(["astropy__astropy-1"]);
    expect((await importFixture(null, text, { fileName: FILE, runId: "batch" })).runs).toEqual(["batch"]);
  });

  test("without a file name the replayed problem statement's id names the run", async () => {
    const replay = JSON.stringify({
      problem_statement: { id: "SWE-agent__test-repo-i1" },
      agent: { model: { name: "gpt-4o" } },
    });
    const r = await importFixture(null, traj({ extra: { replay_config: replay } }));
    expect(r.runs).toEqual(["SWE-agent__test-repo-i1"]);
    expect(runOf(r.records)?.labels).toMatchObject({ model: "gpt-4o", instance_id: "SWE-agent__test-repo-i1" });
    expect(spans(r.records, "llm")[0]?.name).toBe("gpt-4o");
  });

  test.each([
    ["submitted", "unknown"],
    ["Submitted", "unknown"],
    ["exit_cost", "failure"],
    ["exit_format", "failure"],
    ["submitted (exit_cost)", "failure"],
    ["autosubmission (exit_cost)", "failure"],
  ])("exit status %j → outcome %s", async (exit, status) => {
    const r = await importFixture(null, traj({ exit }), { fileName: FILE });
    expect(runOf(r.records)?.outcome).toMatchObject({ status, detail: exit });
  });

  test("without the file's time the steps end at the fixed anchor, and the run says so", async () => {
    const r = await importFixture(null, traj(), { fileName: FILE });
    expect(spans(r.records, "tool").at(-1)?.t1Us).toBe(ESTIMATE_ANCHOR_US);
    expect(runOf(r.records)?.labels).toMatchObject({ timing: "estimated", time_anchor: "fixed" });
  });

  test("a malformed document is refused with the field named, not a crash", async () => {
    const r = await importFixture(sweAgentImporter, JSON.stringify({ trajectory: {}, info: {} }));
    expect(r.errors).toEqual([{ line: 1, message: 'swe-agent: "trajectory" is missing or not a list' }]);
  });
});

describe("files read and reverted edits", () => {
  test("open, a file view and shell reads are files_read; a str_replace undoing an edit is reverted; a window edit cannot tell", async () => {
    const steps: [string, string][] = [
      ['open "/repo/src/a.py"', "[File: /repo/src/a.py (9 lines total)]\n1:x = 1"],
      ["str_replace_editor view /repo/src", "Here's the files and directories up to 2 levels deep in /repo/src"],
      ["str_replace_editor view /repo/src/b.py", "Here's the result of running `cat -n` on /repo/src/b.py:"],
      ["edit 'x = 1' 'x = 2' False", "Text replaced. [File: /repo/src/a.py (9 lines total)]"],
      [
        "str_replace_editor str_replace /repo/src/a.py --old_str 'x = 2' --new_str 'x = 1'",
        "The file has been edited.",
      ],
      [EDIT, "[File: /repo/src/a.py (9 lines total)]"],
      ["cat src/c.py | grep x", "x = 3"],
      ["open missing.py", "File missing.py not found"],
    ];
    const trajectory = steps.map(([action, observation]) => ({ action, observation, state: STATE }));
    const { records, errors } = await importFixture(sweAgentImporter, JSON.stringify({ trajectory, info: {} }));
    expect(errors).toEqual([]);
    expect(iterations(records).map((it) => [it.attrs.files_read, it.reverted, it.attrs.reverted_edits])).toEqual([
      [["src/a.py"], false, 0],
      [[], false, 0], // a directory view reads no file
      [["src/b.py"], false, 0],
      [[], false, 0],
      [[], true, 1], // x = 2 → x = 1 undoes the edit before it
      [[], null, undefined], // a line-window edit's replaced text is not in the trajectory
      [["src/c.py"], false, 0],
      [[], false, 0],
    ]);
  });
});

describe("which observations say the action failed", () => {
  test.each([
    ["Found 2 matches", null],
    ['Traceback (most recent call last):\n  File "r.py", line 1\nAttributeError: no x\n', "AttributeError: no x"],
    ["/bin/bash: line 1: pytset: command not found", "/bin/bash: line 1: pytset: command not found"],
    ["Error: <start_line> must be a number", "Error: <start_line> must be a number"],
    ["No errors here. Error: only later", null],
    [SYNTAX, "E999 IndentationError: unexpected indent"],
  ])("%j → %j", (observation, error) => {
    expect(failureOf(observation)).toBe(error);
  });
});
