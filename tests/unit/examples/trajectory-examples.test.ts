// The agent-trajectory examples (examples/README.md): a mini-swe-agent run
// stuck on one failing test from its first step, one that fixes the bug and
// submits, and a SWE-agent run retrying the same refused edit from its first
// step — built by scripts/examples-trajectories.ts, read through the real
// import pipeline and analysed as the server does, with the autonomous
// profile (lib/analysis/shape-profiles.ts): only same_error, repeated_call and
// permission_denials watch a session. The seed defaults would halt both stuck
// runs at step 3 (negative_window): the profile's verdict comes no later.
//
//   acme__billing-101  pytest ✗ · sed && pytest ✗ · pytest ✗ ×2 · (two blocks: format error) · pytest ✗ ×3
//   acme__billing-102  cat · pytest ✗ · sed && pytest ✓ · git diff --stat · submit
//   swe-agent/stuck    str_replace_editor (refused: F821 undefined name 'ROUND_HALF_UP') ×8
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
const FAILURE =
  "FAILED tests/test_invoice.py::test_rounds_half_up - AssertionError: assert Decimal('10.00') == Decimal('10.01')";

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

  test("is read as 8 steps, each but the format error failing with the same pytest line", async () => {
    const r = await imported();
    expect([r.format, r.errors, r.runs]).toEqual(["mini-swe-agent", [], ["acme__billing-101"]]);
    const its = iterationsOf(r.records);
    expect(its.map((it) => it.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The sed && pytest of step 2 failed: no file counts as modified (its pattern matched nothing anyway).
    for (const it of its) expect(it.filesModified).toEqual([]);
    expect(its.map((it) => it.errors)).toEqual([
      [FAILURE],
      [FAILURE],
      [FAILURE],
      [FAILURE],
      [],
      [FAILURE],
      [FAILURE],
      [FAILURE],
    ]);
    const formatErrors = r.records.flatMap((e) => (e.type === "event" && e.kind === "format_error" ? [e.detail] : []));
    expect(formatErrors).toEqual(["Please always provide EXACTLY ONE action in triple backticks, found 2 actions."]);
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "failure", detail: "LimitsExceeded" });
  });

  test("same_error holds at step 3: the verdict, halting at 3 and saving 5 steps; the repeated test at 7", async () => {
    const report = await analyzeImported((await imported()).records, "acme__billing-101");
    expect(detectors(report)).toEqual([
      ["same_error", 3],
      ["repeated_call", 7],
    ]);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 5, tokens: 2640, ms: 49_000 });
    expect(report.repeated_calls).toMatchObject([{ tool: "bash", calls: 6, iteration: 7 }]);
    expect(report.tool_breakers).toMatchObject([{ tool: "bash", blocked_calls: 4 }]);
    // The calls log their own cost.
    expect(report.tools.find((t) => t.tool.startsWith("anthropic/"))?.cost_usd).toBeCloseTo(0.096, 6);
  });

  test("importing it again gives the same records", async () => {
    expect((await imported()).records).toEqual((await imported()).records);
  });
});

describe("mini-swe-agent/solved.traj.json", () => {
  const imported = () => importFixture(null, text("mini-swe-agent/solved.traj.json"), { fileName: "solved.traj.json" });

  test("reads the code, sees the test fail, fixes the rounding (newly passing) and submits: outcome unknown until graded", async () => {
    const r = await imported();
    const its = iterationsOf(r.records);
    expect(its.map((it) => [it.n, it.filesModified, it.newlyPassing, it.errors?.length])).toEqual([
      [1, [], 0, 0],
      [2, [], 0, 1],
      [3, ["src/billing/invoice.py"], 1, 0],
      [4, [], 0, 0],
      [5, [], 0, 0],
    ]);
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "unknown", detail: "Submitted" });
  });

  test("no verdict: one failing test is no run of errors, and the steps that only look are neutral", async () => {
    const report = await analyzeImported((await imported()).records, "acme__billing-102");
    expect(report.verdict.tripped).toBe(false);
    expect(detectors(report)).toEqual([]);
    expect(report.loop_breaker.final_state).toBe("CLOSED");
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
    expect(report.repeated_calls).toEqual([]);
    expect(report.tool_breakers).toEqual([]);
  });
});

describe("swe-agent/stuck.traj", () => {
  const imported = () => importFixture(null, text("swe-agent/stuck.traj"), { runId: "example-swe-agent" });

  test("is read as 8 steps, each the same edit refused by the linter; it ran out of budget: a failure", async () => {
    const r = await imported();
    expect([r.format, r.errors, r.runs]).toEqual(["swe-agent", [], ["example-swe-agent"]]);
    const its = iterationsOf(r.records);
    expect(its).toHaveLength(8);
    for (const it of its) {
      expect(it.errors).toEqual(["F821 undefined name 'ROUND_HALF_UP'"]);
      expect(it.filesModified).toEqual([]);
    }
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "failure", detail: "exit_cost" });
  });

  test("same_error holds at step 3: the verdict, halting at 3 and saving 5 steps; the identical edit at 5", async () => {
    const report = await analyzeImported((await imported()).records, "example-swe-agent");
    expect(detectors(report)).toEqual([
      ["same_error", 3],
      ["repeated_call", 5],
    ]);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    // info.model_stats' 96 000 tokens sent and 1 600 received, spread evenly over the 8 steps
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 5, tokens: 61_000 });
    expect(report.repeated_calls).toMatchObject([{ tool: "str_replace_editor", calls: 8, iteration: 5 }]);
    expect(report.tool_breakers).toMatchObject([{ tool: "str_replace_editor", blocked_calls: 5 }]);
  });
});
