import { describe, expect, test } from "vitest";
import type { StoredIteration } from "@/lib/schemas/records";
import { replayStagnation } from "@/lib/analysis/stagnation";
import { alternates } from "@/lib/analysis/stagnation-detectors";
import { iterations, makeEvent, productive, settings, stuck, views } from "./iteration-factories";

const detect = (its: StoredIteration[], events = [makeEvent("noop", 0)], cooldown_min = 30) =>
  replayStagnation(views(its, events), settings({ cooldown_min })).stagnation;
const firings = (its: StoredIteration[], events?: Parameters<typeof detect>[1]) =>
  detect(its, events).detections.map((d) => `${d.detector}@${d.at_iteration}`);

/** Score −1 and nothing else: feeds negative_window only. */
const slipping = { reverted: true } satisfies Partial<StoredIteration>;
/** No files, yet score +2: feeds no_progress only. */
const idle = { filesModified: [], newlyPassing: 1, buildErrorsResolved: 1 } satisfies Partial<StoredIteration>;

describe("the seven detectors (docs/analysis.md#stagnation-detectors, docs/analysis.md#windows)", () => {
  test.each([
    ["negative_window needs 3 iterations of window", iterations(2, () => slipping), []],
    ["negative_window fires at the third negative iteration", iterations(4, () => slipping), ["negative_window@3"]],
    [
      "no_progress: 3 iterations in a row without files or completed tasks",
      iterations(4, () => idle),
      ["no_progress@3"],
    ],
    [
      "no_progress: an absent files_modified does not count (docs/analysis.md#absent-and-empty-fields)",
      iterations(4, (n) => (n === 2 ? { newlyPassing: 1 } : idle)),
      [],
    ],
    [
      "no_progress: a completed task breaks the run",
      iterations(4, (n) => ({ ...idle, tasksCompleted: n === 2 ? 1 : 0 })),
      [],
    ],
    [
      "same_error: the same normalised error in 5 iterations in a row",
      iterations(6, (n) => ({ errors: [`E at line ${n}`], newlyPassing: 1 })),
      ["same_error@5"],
    ],
    [
      "same_error: an iteration without the error restarts the count",
      iterations(8, (n) => ({ errors: n === 3 ? [] : ["E"], newlyPassing: 1 })),
      ["same_error@8"],
    ],
    [
      "output_decline: latest ≤ 30 % of the oldest of 3",
      iterations(3, (n) => ({ outputLines: [100, 50, 30][n - 1] })),
      ["output_decline@3"],
    ],
    ["output_decline: 31 % is not a decline", iterations(3, (n) => ({ outputLines: [100, 50, 31][n - 1] })), []],
    ["output_decline: the oldest must be > 0", iterations(3, () => ({ outputLines: 0 })), []],
    [
      "output_decline: an iteration without output_lines is no entry",
      iterations(3, (n) => ({ outputLines: [100, null, 10][n - 1] })),
      [],
    ],
    [
      "test_fix_loop: more than 80 % of 5 is all 5",
      iterations(5, () => ({ workKind: "test_fix" })),
      ["test_fix_loop@5"],
    ],
    [
      "test_fix_loop: 4 of 5 is not more than 80 %",
      iterations(6, (n) => ({ workKind: n === 3 ? "feature" : "test_fix" })),
      [],
    ],
    [
      "circular: two approaches alternating over 6",
      iterations(6, (n) => ({ approach: n % 2 ? "A" : "B" })),
      ["circular@6"],
    ],
    ["circular: one approach is no alternation", iterations(6, () => ({ approach: "A" })), []],
    [
      "circular: a completed task in the window stops it",
      iterations(6, (n) => ({ approach: n % 2 ? "A" : "B", tasksCompleted: n === 1 ? 1 : 0 })),
      [],
    ],
    [
      "circular: every one of the 6 needs an approach",
      iterations(6, (n) => ({ approach: n === 1 ? null : n % 2 ? "A" : "B" })),
      [],
    ],
  ])("%s", (_name, its, expected) => {
    expect(firings(its)).toEqual(expected);
  });

  test.each([
    [["A", "B", "A"], true],
    [["A", "A", "B", "B"], false],
    [["A", "B", "C", "A"], true],
    [["A", "B", "C", "D", "A"], false],
  ])("alternates(%j) is %s", (approaches, expected) => {
    expect(alternates(approaches)).toBe(expected);
  });

  test.each([
    [
      "no_progress: a task_completed event breaks the run",
      iterations(4, () => idle),
      [makeEvent("task_completed", 1.5)],
      [],
    ],
    [
      "circular: a task_completed event in the window stops it",
      iterations(6, (n) => ({ approach: n % 2 ? "A" : "B" })),
      [makeEvent("task_completed", 0.5)],
      [],
    ],
  ])("tasks completed count task_completed events too — %s", (_name, its, events, expected) => {
    expect(firings(its, events)).toEqual(expected);
  });

  test.each([
    ["an empty error does not repeat", iterations(6, () => ({ errors: [""], newlyPassing: 1 }))],
    ["a whitespace-only error does not repeat", iterations(6, () => ({ errors: ["  "], newlyPassing: 1 }))],
    [
      "an empty approach does not alternate",
      iterations(6, (n) => ({ approach: ["A", " ", "A", "B", "A", "B"][n - 1], newlyPassing: 1 })),
    ],
  ])("%s", (_name, its) => {
    expect(firings(its)).toEqual([]);
  });

  test("the permission_denials detector uses permission_denials_in_row", () => {
    // a denial in each of iterations 1 and 2
    const its = iterations(3, () => productive);
    const denials = [makeEvent("permission_denied", 0.5), makeEvent("permission_denied", 1.5)];
    const fired = (n: number) =>
      replayStagnation(views(its, denials), settings({ permission_denials_in_row: n })).stagnation.detections.map(
        (d) => `${d.detector}@${d.at_iteration}`,
      );
    expect(fired(2)).toEqual(["permission_denials@2"]);
    expect(fired(3)).toEqual([]);
  });

  test("permission_denials: 3 permission_denied events in a row within the iterations", () => {
    const its = iterations(4, () => ({}));
    const denied = (m: number) => makeEvent("permission_denied", m);
    expect(firings(its, [denied(0.5), denied(1.5), denied(2.5)])).toEqual(["permission_denials@3"]);
    expect(firings(its, [denied(0.5), denied(1.5), makeEvent("permission_granted", 1.6), denied(2.5)])).toEqual([]);
    expect(firings(its, [denied(0.5), denied(1.5), denied(4.5)])).toEqual([]);
  });

  test("a detector fires once while armed, however long its condition holds", () => {
    expect(firings(iterations(12, () => ({ errors: ["E"], newlyPassing: 1 })))).toEqual(["same_error@5"]);
  });

  test("detectors re-arm with empty history when the breaker closes after a successful probe", () => {
    // −1 −1 −1(fire, OPEN 2 min) −1(saved) +4(probe, CLOSED) −1 −1 −1(fire again: 3 new entries)
    const its = iterations(8, (n) => (n === 5 ? productive : slipping));
    const report = replayStagnation(views(its), settings({ cooldown_min: 2 }));
    expect(report.stagnation.detections.map((d) => d.at_iteration)).toEqual([3, 8]);
    expect(report.loop_breaker.transitions.map((t) => `${t.from}>${t.to}@${t.iteration}`)).toEqual([
      "CLOSED>OPEN@3",
      "OPEN>HALF_OPEN@5",
      "HALF_OPEN>CLOSED@5",
      "CLOSED>OPEN@8",
    ]);
  });

  test("several detectors firing together are listed in the documented order and the first is the breaker's reason", () => {
    const its = iterations(5, () => ({ ...stuck, workKind: "test_fix" }));
    const report = replayStagnation(views(its), settings());
    expect(report.stagnation.detections.map((d) => `${d.detector}@${d.at_iteration}`)).toEqual([
      "negative_window@3",
      "no_progress@3",
      "same_error@5",
      "test_fix_loop@5",
    ]);
    expect(report.loop_breaker.would_have_halted_at?.reason).toBe("negative_window");
  });
});

describe("risk per iteration", () => {
  const risks = (its: StoredIteration[]) => detect(its).iterations.map((r) => r.risk);

  test("HIGH where a detector fires, and while a fired detector still holds", () => {
    // −1 −1 −1 −1: negative_window holds from 3 (fired there, not armed at 4); nothing before it
    expect(risks(iterations(4, () => slipping))).toEqual(["LOW", "LOW", "HIGH", "HIGH"]);
  });

  test.each([
    ["no_progress: 2 idle iterations in a row", iterations(2, () => idle), "MEDIUM"],
    ["same_error: 4 in a row", iterations(4, () => ({ errors: ["E"], newlyPassing: 1 })), "MEDIUM"],
    ["test_fix_loop: the last 4 are test_fix", iterations(4, () => ({ workKind: "test_fix" })), "MEDIUM"],
    ["window_score 0", iterations(1, () => ({})), "MEDIUM"],
    ["steady progress", iterations(3, () => productive), "LOW"],
    // the window detectors are HIGH when they hold and nothing before
    ["negative_window: the last two scores sum below 0", iterations(2, () => slipping), "LOW"],
    [
      "output_decline: the last two already fell to ≤ 30 %",
      iterations(2, (n) => ({ outputLines: n === 1 ? 100 : 30, newlyPassing: 1 })),
      "LOW",
    ],
    [
      "circular: the last 5 already alternate",
      iterations(5, (n) => ({ approach: n % 2 ? "A" : "B", newlyPassing: 1 })),
      "LOW",
    ],
  ])("MEDIUM one-step risk only for streak detectors — %s", (_name, its, expected) => {
    expect(risks(its).at(-1)).toBe(expected);
  });

  test("MEDIUM one-step risk only for streak detectors, armed or not", () => {
    // E×5 (same_error fires at 5; the breaker stays OPEN, so it is not re-armed) | no error at 6 | E×4 at 7–10
    const its = iterations(10, (n) => ({ errors: n === 6 ? [] : ["E"], newlyPassing: 1 }));
    const report = detect(its);
    expect(report.detections.map((d) => `${d.detector}@${d.at_iteration}`)).toEqual(["same_error@5"]);
    expect(report.iterations.map((r) => r.risk)).toEqual([
      "LOW",
      "LOW",
      "LOW",
      "MEDIUM",
      "HIGH",
      "LOW",
      "LOW",
      "LOW",
      "LOW",
      "MEDIUM",
    ]);
    expect(report.iterations[9]?.signals).toEqual([expect.stringMatching(/^same_error one step from firing: /)]);
  });

  test("permission_denials one step away: 2 in a row", () => {
    const report = detect(
      iterations(2, () => productive),
      [makeEvent("permission_denied", 0.5), makeEvent("permission_denied", 1.5)],
    );
    expect(report.iterations[1]).toMatchObject({
      risk: "MEDIUM",
      signals: [expect.stringContaining("permission_denials one step")],
    });
  });

  test("signals name what fired", () => {
    const last = detect(iterations(3, () => slipping)).iterations[2];
    expect(last?.signals[0]).toMatch(/^negative_window fired: window score -3/);
  });
});
