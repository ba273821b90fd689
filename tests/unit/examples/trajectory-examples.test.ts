// The agent-trajectory examples (examples/README.md): a mini-swe-agent run
// stuck on one failing test until its step limit, one that fixes the bug and
// submits, and a SWE-agent run retrying the same broken edit — built by
// scripts/examples-trajectories.ts, read through the real import pipeline
// and analysed with the default settings. What the analysis finds is pinned
// as it is today, false alarms included: every autonomous step that edits
// nothing scores `no_files` (docs/analysis.md#progress-score), so the loop
// breaker opens at step 3 of the healthy run too.
import { describe, expect, test } from "vitest";
import type { StoredIteration, StoredRecord, StoredRun } from "@/lib/schemas/records";
import { buildTrajectoryExamples } from "@/scripts/examples-trajectories";
import { analyzeImported, importFixture } from "@/tests/support/import";

const EXAMPLES = buildTrajectoryExamples();
const text = (file: string) => EXAMPLES[file] ?? "";
const iterationsOf = (records: StoredRecord[]) =>
  records.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const runOf = (records: StoredRecord[]) => records.find((r): r is StoredRun => r.type === "run");
const detectors = (report: Awaited<ReturnType<typeof analyzeImported>>) =>
  report.stagnation.detections.map((d) => [d.detector, d.at_iteration]);
const FAILURE = "E       AssertionError: assert Decimal('10.00') == Decimal('10.01')";

test("the builder is deterministic and writes the three examples", () => {
  expect(Object.keys(EXAMPLES)).toEqual([
    "mini-swe-agent/stuck.traj.json",
    "mini-swe-agent/solved.traj.json",
    "swe-agent/stuck.traj",
  ]);
  expect(buildTrajectoryExamples()).toEqual(EXAMPLES);
});

describe("mini-swe-agent/stuck.traj.json", () => {
  const imported = () => importFixture(null, text("mini-swe-agent/stuck.traj.json"), { fileName: "stuck.traj.json" });

  test("is read as 14 steps: explore, the fix, then the same failing test, with one format error among them", async () => {
    const r = await imported();
    expect([r.format, r.errors, r.runs]).toEqual(["mini-swe-agent", [], ["acme__billing-101"]]);
    const its = iterationsOf(r.records);
    expect(its.map((it) => it.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(its[3]?.filesModified).toEqual(["src/billing/invoice.py"]);
    expect(its[8]?.errors).toEqual([
      "format error: Please always provide EXACTLY ONE action in triple backticks, found 2 actions.",
    ]);
    for (const it of [...its.slice(4, 8), ...its.slice(9)]) expect(it.errors).toEqual([FAILURE]);
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "failure", detail: "LimitsExceeded" });
  });

  test("the analysis finds the stall, the repeated test and the same error; the loop breaker would have halted it at 3", async () => {
    const report = await analyzeImported((await imported()).records, "acme__billing-101");
    expect(detectors(report)).toEqual([
      ["negative_window", 3],
      ["no_progress", 3],
      ["repeated_call", 8],
      ["same_error", 14],
    ]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 11, tokens: 5820 });
    expect(report.repeated_calls).toMatchObject([{ tool: "bash", calls: 10, iteration: 8 }]);
    expect(report.tool_breakers).toMatchObject([{ tool: "bash", blocked_calls: 5 }]);
    // The calls log their own cost.
    expect(report.tools.find((t) => t.tool.startsWith("anthropic/"))?.cost_usd).toBeCloseTo(0.224, 6);
  });

  test("importing it again gives the same records", async () => {
    expect((await imported()).records).toEqual((await imported()).records);
  });
});

describe("mini-swe-agent/solved.traj.json", () => {
  const imported = () => importFixture(null, text("mini-swe-agent/solved.traj.json"), { fileName: "solved.traj.json" });

  test("fixes the rounding, sees the test pass (newly passing) and submits: outcome unknown until graded", async () => {
    const r = await imported();
    const its = iterationsOf(r.records);
    expect(its.map((it) => [it.n, it.filesModified?.length, it.newlyPassing, it.errors?.length])).toEqual([
      [1, 0, 0, 0],
      [2, 0, 0, 0],
      [3, 0, 0, 1],
      [4, 1, 0, 0],
      [5, 0, 1, 0],
      [6, 0, 0, 0],
      [7, 0, 0, 0],
    ]);
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "unknown", detail: "Submitted" });
  });

  test("no same error and no repeated call; but three exploring steps already open the loop breaker at 3", async () => {
    const report = await analyzeImported((await imported()).records, "acme__billing-102");
    expect(detectors(report)).toEqual([
      ["negative_window", 3],
      ["no_progress", 3],
    ]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
    expect(report.repeated_calls).toEqual([]);
    expect(report.tool_breakers).toEqual([]);
  });
});

describe("swe-agent/stuck.traj", () => {
  const imported = () => importFixture(null, text("swe-agent/stuck.traj"), { runId: "example-swe-agent" });

  test("is read as 10 steps, the last eight the same failing edit; it ran out of budget: a failure", async () => {
    const r = await imported();
    expect([r.format, r.errors, r.runs]).toEqual(["swe-agent", [], ["example-swe-agent"]]);
    const its = iterationsOf(r.records);
    expect(its).toHaveLength(10);
    for (const it of its.slice(2)) expect(it.errors).toEqual(["E999 IndentationError: unexpected indent"]);
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "failure", detail: "exit_cost" });
  });

  test("the analysis finds the same error and the repeated edit; the loop breaker would have halted it at 3", async () => {
    const report = await analyzeImported((await imported()).records, "example-swe-agent");
    expect(detectors(report)).toEqual([
      ["negative_window", 3],
      ["no_progress", 3],
      ["same_error", 7],
      ["repeated_call", 7],
    ]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
    expect(report.repeated_calls).toMatchObject([{ tool: "edit", calls: 8, iteration: 7 }]);
    expect(report.tool_breakers).toMatchObject([{ tool: "edit", blocked_calls: 5 }]);
  });
});
