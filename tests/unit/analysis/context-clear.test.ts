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

  test.each([
    ["Refactoring the session store", 4],
    ["REDESIGN", 4],
    ["a prefactor pass", 1],
    ["add a non-external hook", 3],
    ["bump Dependencies", 3],
    ["wire the APIs", 3],
    ["rapid fixes", 1],
    ["subintegration", 1],
  ])("complexity keywords match case-insensitively at the start of a word: %j scores %i", (title, expected) => {
    expect(scoreComplexity(emptyTaskWork(title))).toBe(expected);
  });

  test("each keyword group adds its bonus once, however many of its words appear", () => {
    expect(scoreComplexity(work(0, 0, ["refactor the architecture", "redesign", "Refactoring again"]))).toBe(4);
  });
});

describe("context-clear recommendation (docs/analysis.md#context-clear)", () => {
  test("a compaction the harness made is the clear it is: listed at its iteration beside the decision", () => {
    const its = iterations(3, () => fill(40));
    const events = [
      makeEvent("compaction", 1.5, { detail: "auto, 168000 tokens before" }),
      makeEvent("context_cleared", 2.5),
    ];
    const r = recommend(its, events);
    expect(r.cleared).toEqual([
      { iteration: 2, at: formatTimeUs(atMin(1.5)), kind: "compaction", detail: "auto, 168000 tokens before" },
      { iteration: 3, at: formatTimeUs(atMin(2.5)), kind: "context_cleared", detail: null },
    ]);
    // Without any, the report has no list.
    expect(recommend(its).cleared).toBeUndefined();
  });

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

  test("a task's title is its record's title, else the detail of its task_started event", () => {
    // the record says "fix a typo" (no keyword): the started detail "redesign billing" is not read
    const its = [makeIteration({ n: 1, taskId: "t", ...fill(1) })];
    const started = [makeEvent("task_started", 0, { taskId: "t", detail: "redesign billing" })];
    expect(recommend(its, started, [makeTask("t", { title: "fix a typo" })]).factors.task_complexity.value).toBe(1);
    expect(recommend(its, started, [makeTask("t", { status: "done" })]).factors.task_complexity.value).toBe(4);
  });

  test("an iteration with no current task has no task-complexity score", () => {
    // it1, it2 no task, 300 lines and 6 files between them: no implicit task to fire the factor
    const its = iterations(2, (n) => ({ linesAdded: 150, filesModified: [`a${n}`, `b${n}`, `c${n}`], ...fill(1) }));
    const r = recommend(its);
    expect(r.factors.task_complexity).toEqual({ value: null, threshold: 6, fired: false, task_id: null });
    expect(r.first_recommended_at).toBeUndefined();
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

  test("tasks completed in an iteration: the larger of tasks_completed and its task_completed events, summed", () => {
    // it1: field 2, one event | it2: field 0, three events | it3: field 1, no event → 2 + 3 + 1
    const its = [
      makeIteration({ n: 1, tasksCompleted: 2, ...fill(1) }),
      makeIteration({ n: 2, tasksCompleted: 0, ...fill(1) }),
      makeIteration({ n: 3, tasksCompleted: 1, ...fill(1) }),
    ];
    const events = [0.5, 1.2, 1.5, 1.8].map((m) => makeEvent("task_completed", m));
    expect(recommend(its, events, [], settings({ context_completed_tasks: 6 })).factors.completed_tasks).toEqual({
      value: 6,
      threshold: 6,
      fired: true,
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
    expect(recommendContextClear(views(its.slice(0, 4), done), RUN_START_US, [], s).factors.error_rate).toEqual({
      value: null,
      threshold: 30,
      fired: false,
    });
  });

  test("the error rate looks at the last 5 finished tasks across clears; its value is null until there are 5", () => {
    // t1–t3 finish with errors, a clear at 3.2, t4–t5 finish clean: 3 of 5 had errors whatever the clear
    const its = iterations(5, (n) => ({ taskId: `t${n}`, errors: n <= 3 ? ["E"] : [], ...fill(1) }));
    const done = its.map((it) => makeEvent("task_completed", it.n - 0.5, { taskId: it.taskId }));
    const cleared = [...done.slice(0, 3), makeEvent("context_cleared", 3.2), ...done.slice(3)];
    const s = settings({ context_completed_tasks: 99 });
    const rates = (n: number) =>
      recommendContextClear(views(its.slice(0, n), cleared), RUN_START_US, [], s).factors.error_rate.value;
    expect([1, 2, 3, 4, 5].map(rates)).toEqual([null, null, null, null, 60]);
    expect(recommendContextClear(views(its, cleared), RUN_START_US, [], s).factors.completed_tasks.value).toBe(2);
  });

  test.each([
    ["with tasks_completed > 0 and no event, the current task finishes", [], ["E"], 100],
    ["an event naming a task finishes that task, not the current one", ["other"], ["E"], 0],
  ])("finished tasks: %s", (_name, named, errors, expected) => {
    // five iterations of five tasks, each logging tasks_completed 1; the current tasks report errors
    const its = iterations(5, (n) => ({ taskId: `t${n}`, tasksCompleted: 1, errors, ...fill(1) }));
    const events = its.flatMap((it) => named.map((id) => makeEvent("task_completed", it.n - 0.5, { taskId: id })));
    const s = settings({ context_completed_tasks: 99, context_absolute_limit: 99 });
    expect(recommend(its, events, [], s).factors.error_rate.value).toBe(expected);
  });

  test("a finished task had errors when its error count, task record included, is above 0", () => {
    const its = iterations(5, (n) => ({ taskId: `t${n}`, tasksCompleted: 1, errors: [], ...fill(1) }));
    const s = settings({ context_completed_tasks: 99 });
    expect(recommend(its, [], [makeTask("t2", { errorCount: 1 })], s).factors.error_rate.value).toBe(20);
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
