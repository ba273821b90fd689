import { describe, expect, test } from "vitest";
import { atMin, makeEvent, makeIteration, makeTask, RUN_START_US, views } from "./iteration-factories";

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

describe("task tokens (docs/analysis.md#task-tokens-and-errors) and errors (docs/analysis.md#three-layer-breaker)", () => {
  test("iterations' tokens_used add up as the task goes", () => {
    const its = [1, 2, 3].map((n) => makeIteration({ n, taskId: "t", tokensUsed: 100 * n }));
    expect(views(its).map((v) => v.taskTokens)).toEqual([100, 300, 600]);
  });

  test("span tokens are used when no iteration logs tokens_used, from the task's last iteration", () => {
    const its = [1, 2].map((n) => makeIteration({ n, taskId: "t" }));
    expect(views(its, [], [], { t: 5000 }).map((v) => v.taskTokens)).toEqual([0, 5000]);
  });

  test("span tokens are ignored when iterations log tokens_used", () => {
    const its = [makeIteration({ n: 1, taskId: "t", tokensUsed: 10 })];
    expect(views(its, [], [], { t: 5000 })[0]?.taskTokens).toBe(10);
  });

  test("the task record's tokens_used and error_count count when larger", () => {
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
});
