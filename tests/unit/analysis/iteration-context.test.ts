import { describe, expect, test } from "vitest";
import { buildIterationReport } from "@/lib/analysis/iteration-report";
import { iterationBounds, sumSpanTokens, type SpanTokens } from "@/lib/analysis/span-tokens";
import type { StoredIteration } from "@/lib/schemas/records";
import { atMin, makeEvent, makeIteration, makeTask, RUN_START_US, settings, views } from "./iteration-factories";

describe("iteration spans and events (docs/analysis.md#run-start-and-iteration-time-spans)", () => {
  test("iteration i covers (ts_{i-1}, ts_i], the first from the run start", () => {
    // start | e0 ... it1 (1 min) | e1 ... it2 (3 min) | e2 (after the last iteration)
    const its = [makeIteration({ n: 1 }), makeIteration({ n: 2, tsUs: atMin(3) })];
    const evs = [makeEvent("a", 0), makeEvent("b", 1), makeEvent("c", 2), makeEvent("d", 3), makeEvent("e", 4)];
    const v = views(its, evs);
    expect(v.map((x) => x.events.map((e) => e.kind))).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(v.map((x) => x.durationMs)).toEqual([60_000, 120_000]);
    expect(v[0]?.startUs).toBe(RUN_START_US);
  });

  test("an event before the run start belongs to the first iteration", () => {
    const v = views([makeIteration({ n: 1 })], [makeEvent("early", -5)]);
    expect(v[0]?.events.map((e) => e.kind)).toEqual(["early"]);
  });

  test("iteration spans use a running maximum of ts: a ts going backwards gives a zero duration", () => {
    // it1 5 min | it2 4 min (backwards: 0 ms, no events) | it3 6 min covers (5, 6], not (4, 6]
    const its = [5, 4, 6].map((m, i) => makeIteration({ n: i + 1, tsUs: atMin(m) }));
    const v = views(its, [makeEvent("x", 4.5), makeEvent("y", 5.5)]);
    expect(v.map((x) => x.durationMs)).toEqual([300_000, 0, 60_000]);
    expect(v.map((x) => x.events.map((e) => e.kind))).toEqual([["x"], [], ["y"]]);
    expect(v[2]?.startUs).toBe(atMin(5));
  });

  test("an iteration whose ts goes backwards lasts 0 ms and takes no events", () => {
    const its = [makeIteration({ n: 1, tsUs: atMin(5) }), makeIteration({ n: 2, tsUs: atMin(4) })];
    const v = views(its, [makeEvent("x", 4.5)]);
    expect(v[1]?.durationMs).toBe(0);
    expect(v[1]?.events).toEqual([]);
  });
});

describe("current task (docs/analysis.md#current-task)", () => {
  const starts = [makeEvent("task_started", 0, { taskId: "t-1" }), makeEvent("task_started", 2, { taskId: "t-2" })];
  test.each([
    ["task_id wins over task_started", { n: 1, taskId: "t-9" }, "t-9"],
    ["else the latest task_started at or before ts", { n: 2 }, "t-2"],
    ["a task_started after ts does not count", { n: 1 }, "t-1"],
  ])("%s", (_name, fields, expected) => {
    expect(views([makeIteration(fields)], starts)[0]?.taskId).toBe(expected);
  });

  test("no task_started before ts means no task", () => {
    expect(views([makeIteration({ n: 1 })], [makeEvent("task_started", 3, { taskId: "t" })])[0]?.taskId).toBeNull();
  });
});

describe("tasks completed in an iteration (docs/analysis.md#tasks-completed)", () => {
  test.each([
    ["the field alone", 2, 0, 2],
    ["the events alone", null, 1, 1],
    ["the larger of the two, not their sum", 1, 3, 3],
    ["neither", 0, 0, 0],
  ])("the larger of tasks_completed and the task_completed events in it — %s", (_name, field, events, expected) => {
    // it1 (1 min) holds `events` task_completed events at 0.5 min; an event after it belongs to no iteration
    const done = Array.from({ length: events }, () => makeEvent("task_completed", 0.5));
    const v = views([makeIteration({ n: 1, tasksCompleted: field })], [...done, makeEvent("task_completed", 2)]);
    expect(v[0]?.tasksCompleted).toBe(expected);
  });
});

describe("task tokens (docs/analysis.md#task-tokens-and-errors) and errors (docs/analysis.md#three-layer-breaker)", () => {
  const sum = (iteration: number | null, taskId: string | null, tokens: number, newTokens = tokens) => ({
    iteration,
    taskId,
    tokens,
    newTokens,
  });

  test("iterations' tokens_used add up as the task goes", () => {
    const its = [1, 2, 3].map((n) => makeIteration({ n, taskId: "t", tokensUsed: 100 * n }));
    expect(views(its).map((v) => v.taskTokens)).toEqual([100, 300, 600]);
  });

  test("a span's tokens count at its iteration, so a task trips mid-way", () => {
    // task t, no tokens_used: calls of 3 000 | 4 000 | 5 000 | – tokens in iterations 1–4
    const its = [1, 2, 3, 4].map((n) => makeIteration({ n, taskId: "t" }));
    const spans = [sum(1, "t", 3000), sum(2, "t", 4000), sum(3, "t", 5000)];
    expect(views(its, [], [], spans).map((v) => v.taskTokens)).toEqual([3000, 7000, 12000, 12000]);
  });

  test("a span without task_id belongs to its iteration's task, and counts nowhere without one", () => {
    // it1 task a | it2 no task | it3 task a — calls without task_id in each
    const its = [makeIteration({ n: 1, taskId: "a" }), makeIteration({ n: 2 }), makeIteration({ n: 3, taskId: "a" })];
    const spans = [sum(1, null, 100), sum(2, null, 1000), sum(3, null, 10)];
    expect(views(its, [], [], spans).map((v) => [v.taskId, v.taskTokens])).toEqual([
      ["a", 100],
      [null, 0],
      ["a", 110],
    ]);
  });

  test("a span naming another task counts towards that task where it happens", () => {
    // it1 task a, with a call of task b (500) | it2 task b (its own call: 20)
    const its = [makeIteration({ n: 1, taskId: "a" }), makeIteration({ n: 2, taskId: "b" })];
    const v = views(its, [], [], [sum(1, "b", 500), sum(2, "b", 20)]);
    expect(v.map((x) => x.taskTokens)).toEqual([0, 520]);
  });

  test("calls in no logged iteration count as a whole, from the task's last iteration", () => {
    // it1, it2 task t | a call of t after the last iteration (3 000) and one naming iteration 9, never logged (50)
    const its = [1, 2].map((n) => makeIteration({ n, taskId: "t" }));
    const v = views(its, [], [], [sum(1, "t", 10), sum(null, "t", 3000), sum(9, "t", 50)]);
    expect(v.map((x) => x.taskTokens)).toEqual([10, 3060]);
  });

  test("span tokens are ignored when iterations log tokens_used", () => {
    const its = [makeIteration({ n: 1, taskId: "t", tokensUsed: 10 }), makeIteration({ n: 2, taskId: "t" })];
    expect(views(its, [], [], [sum(1, "t", 5000), sum(2, "t", 5000)]).map((v) => v.taskTokens)).toEqual([10, 10]);
  });

  test("the task record's tokens_used and error_count count when larger, from the task's last iteration on", () => {
    const its = [1, 2].map((n) => makeIteration({ n, taskId: "t", tokensUsed: 10, errors: ["x"] }));
    const v = views(its, [], [makeTask("t", { tokensUsed: 9000 }), makeTask("t", { errorCount: 7 })]);
    expect(v.map((x) => [x.taskTokens, x.taskErrors])).toEqual([
      [10, 1],
      [9000, 7],
    ]);
  });

  test("a task's error count is its iterations that report errors (an empty list is none)", () => {
    const its = [["a"], [], null, ["b", "c"]].map((errors, i) => makeIteration({ n: i + 1, taskId: "t", errors }));
    expect(views(its).map((v) => v.taskErrors)).toEqual([1, 1, 1, 2]);
  });

  test("an empty or whitespace-only error does not make an iteration report errors", () => {
    const its = [[""], ["   "], ["", "E"]].map((errors, i) => makeIteration({ n: i + 1, taskId: "t", errors }));
    expect(views(its).map((v) => v.taskErrors)).toEqual([0, 0, 1]);
  });
});

describe("what a task's tokens count: task_tokens (docs/analysis.md#three-layer-breaker)", () => {
  // task t, three turns (1, 2, 3 min), no tokens_used: one model call each re-reads 100 000 tokens of
  // context from the prompt cache, writes 800 to it, sends 200 new and gets 500 back — 1 500 new tokens a turn
  const its = [1, 2, 3].map((n) => makeIteration({ n, taskId: "t" }));
  const turnCall = (n: number): SpanTokens => ({
    iteration: n,
    taskId: null,
    t0Us: atMin(n - 0.5),
    tokensIn: 101_000,
    tokensOut: 500,
    meta: { input_tokens: 200, cache_read_input_tokens: 100_000, cache_creation_input_tokens: 800 },
  });
  const reportWith = (iterations: StoredIteration[], taskTokens: "all" | "new") =>
    buildIterationReport(
      {
        runStartUs: RUN_START_US,
        iterations,
        events: [],
        tasks: [],
        spanTokens: sumSpanTokens([1, 2, 3].map(turnCall), iterationBounds(RUN_START_US, iterations)),
      },
      settings({ task_token_budget: 10_000, task_tokens: taskTokens }),
    );
  const tokenEvents = (r: ReturnType<typeof reportWith>) =>
    r.layers.events.map((e) => [e.kind, e.severity, e.iteration, e.value]);

  test("with task_tokens new, a task's tokens leave out what was read from the prompt cache", () => {
    expect(reportWith(its, "new").tasks).toMatchObject([{ task_id: "t", tokens: 4500 }]);
    expect(tokenEvents(reportWith(its, "new"))).toEqual([]);
  });

  test("with task_tokens all (the default), the context re-read every turn counts and trips the first turn", () => {
    expect(reportWith(its, "all").tasks).toMatchObject([{ task_id: "t", tokens: 304_500 }]);
    expect(tokenEvents(reportWith(its, "all"))).toEqual([
      ["warning", "LOW", 1, 101_500],
      ["trip", "HIGH", 1, 101_500],
    ]);
  });

  test("with task_tokens new, iterations' own tokens_used still count as logged", () => {
    // the importers already leave cache reads out of tokens_used: it is not cut again
    const logged = its.map((it) => ({ ...it, tokensUsed: 4500 }));
    expect(tokenEvents(reportWith(logged, "new"))).toEqual([
      ["warning", "LOW", 2, 9000],
      ["trip", "MEDIUM", 3, 13_500],
    ]);
  });
});
