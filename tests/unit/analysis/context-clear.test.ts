import { describe, expect, test } from "vitest";
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";
import { recommendContextClear } from "@/lib/analysis/context-clear";
import { emptyTaskWork, scoreComplexity } from "@/lib/analysis/task-complexity";
import { PRESET_FILL_PCT } from "@/lib/analysis/settings";
import { formatTimeUs } from "@/lib/time";
import {
  atMin,
  iterations,
  makeEvent,
  makeIteration,
  makeTask,
  RUN_START_US,
  settings,
  views,
} from "./iteration-factories";

const recommend = (its: StoredIteration[], events: StoredEvent[] = [], tasks: StoredTask[] = [], s = settings()) =>
  recommendContextClear(views(its, events, tasks), RUN_START_US, tasks, s);
const fill = (pct: number) => ({ contextTokens: pct * 10, contextWindow: 1000 });

describe("task complexity score (docs/analysis.md#context-clear)", () => {
  const work = (linesAdded: number, files: number, texts: string[] = []) => ({
    linesAdded,
    files: new Set(Array.from({ length: files }, (_, i) => `f${i}`)),
    texts: new Set(texts),
  });
  test.each([
    ["starts at 1", work(0, 0), 1],
    ["lines added > 10 +1, > 50 +2, > 100 +3", work(101, 0), 4],
    ["lines added exactly 50 is +1", work(50, 0), 2],
    ["files changed > 2 +1, > 5 +2", work(0, 6), 3],
    ["architecture/refactor/redesign +3", work(0, 0, ["Refactor auth module"]), 4],
    ["dependency/integration/external +2", work(0, 0, ["bump dependencies"]), 3],
    ["API/external service/third-party +2", work(0, 0, ["call the billing API"]), 3],
    ["each keyword group counts once", work(0, 0, ["refactor", "redesign the architecture"]), 4],
    ["at most 10", work(500, 20, ["redesign the external API integration"]), 10],
  ])("%s", (_name, w, expected) => {
    expect(scoreComplexity(w)).toBe(expected);
  });

  test("the title comes first, approaches join it", () => {
    expect(scoreComplexity(emptyTaskWork("third-party webhook"))).toBe(3);
  });
});

describe("context-clear recommendation (docs/analysis.md#context-clear)", () => {
  test("with no iterations the decision is keep", () => {
    const r = recommend([]);
    expect(r).toMatchObject({ decision: "keep", reasons: [] });
    expect(r.first_recommended_at).toBeUndefined();
  });

  test.each([
    ["aggressive", 55, "clear"],
    ["default", 55, "keep"],
    ["relaxed", 65, "keep"],
    ["default", 60, "clear"],
  ] as const)("token usage with the %s preset at %d %% → %s", (preset, pct, decision) => {
    const s = settings({ context_preset: preset, context_fill_pct: PRESET_FILL_PCT[preset] });
    expect(recommend([makeIteration({ n: 1, ...fill(pct) })], [], [], s).decision).toBe(decision);
  });

  test("without a logged fill it estimates 1 % per minute since the run start and says so", () => {
    const r = recommend([makeIteration({ n: 61 })]);
    expect(r.factors.token_usage).toEqual({ value: 61, threshold: 60, fired: true, estimated: true });
    expect(r.reasons[0]?.message).toContain("estimated");
  });

  test("the estimate restarts at the last context_cleared and is capped at 100", () => {
    expect(recommend([makeIteration({ n: 90 })], [makeEvent("context_cleared", 50)]).factors.token_usage.value).toBe(
      40,
    );
    expect(recommend([makeIteration({ n: 500 })]).factors.token_usage.value).toBe(100);
  });

  test("task complexity accumulates the current task's iterations", () => {
    // 60 + 60 lines → +3, 3 files → +1, "refactor" approach → +3: 8 ≥ 6 at the second iteration
    const its = [
      makeIteration({ n: 1, taskId: "t", linesAdded: 60, filesModified: ["a", "b"], approach: "refactor", ...fill(1) }),
      makeIteration({ n: 2, taskId: "t", linesAdded: 60, filesModified: ["c"], ...fill(1) }),
    ];
    const r = recommend(its);
    expect(r.factors.task_complexity).toMatchObject({ value: 8, fired: true, task_id: "t" });
    expect(r.first_recommended_at).toEqual({ iteration: 1, at: formatTimeUs(atMin(1)) });
  });

  test("the title from the task record or the task_started detail counts", () => {
    const its = [makeIteration({ n: 1, taskId: "t", linesAdded: 200, ...fill(1) })];
    expect(recommend(its, [], [makeTask("t", { title: "redesign billing" })]).factors.task_complexity.value).toBe(7);
    const started = [makeEvent("task_started", 0, { taskId: "t", detail: "redesign billing" })];
    expect(recommend(its, started).factors.task_complexity.value).toBe(7);
  });

  test("completed tasks since the last clear, and a clear resets the count", () => {
    const its = iterations(6, () => ({ tasksCompleted: 1, ...fill(1) }));
    expect(recommend(its).factors.completed_tasks).toMatchObject({ value: 6, fired: true });
    // a clear inside iteration 5 comes before that iteration's own completion: 5 and 6 count
    expect(recommend(its, [makeEvent("context_cleared", 4.5)]).factors.completed_tasks).toMatchObject({
      value: 2,
      fired: false,
    });
  });

  test("the absolute limit fires at 10 completed tasks", () => {
    const r = recommend(iterations(10, () => ({ tasksCompleted: 1, ...fill(1) })));
    expect(r.reasons.map((x) => x.factor)).toEqual(["completed_tasks", "absolute_limit"]);
  });

  test("error rate needs 5 finished tasks and more than 30 % of them with errors", () => {
    const its = iterations(5, (n) => ({ taskId: `t${n}`, errors: n <= 2 ? ["E"] : [], ...fill(1) }));
    const done = its.map((it) => makeEvent("task_completed", it.n, { taskId: it.taskId }));
    const s = settings({ context_completed_tasks: 99 });
    expect(recommendContextClear(views(its, done), RUN_START_US, [], s).factors.error_rate).toMatchObject({
      value: 40,
      fired: true,
    });
    expect(recommendContextClear(views(its.slice(0, 4), done), RUN_START_US, [], s).factors.error_rate.fired).toBe(
      false,
    );
  });

  test("decision, reasons and factors describe the last iteration; every fired factor is a reason", () => {
    const its = [
      makeIteration({ n: 1, ...fill(90) }),
      makeIteration({ n: 2, taskId: "t", linesAdded: 300, filesModified: ["a", "b", "c", "d", "e", "f"], ...fill(70) }),
      makeIteration({ n: 3, ...fill(10) }),
    ];
    const r = recommend(its);
    expect(r.decision).toBe("keep");
    expect(r.first_recommended_at?.iteration).toBe(1);
    const r2 = recommend(its.slice(0, 2));
    expect(r2.reasons.map((x) => [x.factor, x.value, x.threshold])).toEqual([
      ["token_usage", 70, 60],
      ["task_complexity", 6, 6],
    ]);
  });
});
