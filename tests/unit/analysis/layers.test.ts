import { describe, expect, test } from "vitest";
import { errorVerdict, iterationVerdict, replayLayers, tokenVerdict } from "@/lib/analysis/layers";
import { iterations, settings, views } from "./iteration-factories";

const brief = (r: ReturnType<typeof replayLayers>) =>
  r.events.map((e) => `${e.layer}:${e.kind}:${e.severity}@${e.iteration}${e.task_id ? `/${e.task_id}` : ""}`);

describe("three-layer verdicts (docs/analysis.md#three-layer-breaker)", () => {
  test.each([
    [80, { warning: false, trip: null }],
    [81, { warning: true, trip: null }],
    [100, { warning: true, trip: "MEDIUM" }],
    [120, { warning: true, trip: "MEDIUM" }],
    [121, { warning: true, trip: "HIGH" }],
  ])("iteration layer: %i iterations of 100", (count, expected) => {
    expect(iterationVerdict(count, 100)).toEqual(expected);
  });

  test.each([
    [8000, { warning: false, trip: null }],
    [8001, { warning: true, trip: null }],
    [10000, { warning: true, trip: null }],
    [10001, { warning: true, trip: "MEDIUM" }],
    [15000, { warning: true, trip: "MEDIUM" }],
    [15001, { warning: true, trip: "HIGH" }],
  ])("token layer: %i tokens of 10000", (tokens, expected) => {
    expect(tokenVerdict(tokens, 10000)).toEqual(expected);
  });

  test.each([
    [1, { warning: false, trip: null }],
    [2, { warning: true, trip: null }],
    [3, { warning: true, trip: "MEDIUM" }],
    [9, { warning: true, trip: "MEDIUM" }],
  ])("error layer: %i errors of 3 trips MEDIUM at most", (errors, expected) => {
    expect(errorVerdict(errors, 3)).toEqual(expected);
  });

  test("an error limit of 1 does not warn at 0 errors", () => {
    expect(errorVerdict(0, 1).warning).toBe(false);
  });
});

describe("three-layer replay", () => {
  test("a trip rising to HIGH adds one more trip event (docs/analysis.md#three-layer-breaker): 100 of 100 MEDIUM, 121st HIGH", () => {
    const r = replayLayers(views(iterations(130, () => ({}))), settings());
    expect(brief(r)).toEqual(["iteration:warning:LOW@81", "iteration:trip:MEDIUM@100", "iteration:trip:HIGH@121"]);
    expect(r).toMatchObject({ status: "TRIGGERED", action: "BLOCKER_ESCALATION" });
  });

  test("each warning and trip is reported once per task, where it first held", () => {
    const its = iterations(6, (n) => ({ taskId: n <= 3 ? "a" : "b", tokensUsed: 4500 }));
    expect(brief(replayLayers(views(its), settings()))).toEqual([
      "token:warning:LOW@2/a",
      "token:trip:MEDIUM@3/a",
      "token:warning:LOW@5/b",
      "token:trip:MEDIUM@6/b",
    ]);
  });

  test("a trip first held at HIGH is a single HIGH trip; its warning is reported too", () => {
    const r = replayLayers(views(iterations(1, () => ({ taskId: "t", tokensUsed: 20000 }))), settings());
    expect(brief(r)).toEqual(["token:warning:LOW@1/t", "token:trip:HIGH@1/t"]);
    expect(r.events[1]).toMatchObject({ value: 20000, limit: 10000, task_id: "t" });
  });

  test("checks go in priority order iteration → token → error within an iteration", () => {
    const its = iterations(3, () => ({ taskId: "t", tokensUsed: 4000, errors: ["E"] }));
    const r = replayLayers(views(its), settings({ max_iterations: 3 }));
    expect(brief(r).filter((e) => e.endsWith("@3") || e.endsWith("@3/t"))).toEqual([
      "iteration:warning:LOW@3",
      "iteration:trip:MEDIUM@3",
      "token:warning:LOW@3/t",
      "token:trip:MEDIUM@3/t",
      "error:trip:MEDIUM@3/t",
    ]);
  });

  test("only MEDIUM trips recover automatically", () => {
    const r = replayLayers(views(iterations(3, () => ({ taskId: "t", errors: ["E"] }))), settings());
    expect(r).toMatchObject({ status: "TRIGGERED", action: "AUTOMATIC_RECOVERY" });
  });

  test("warnings alone leave the layers NORMAL", () => {
    const r = replayLayers(views(iterations(2, () => ({ taskId: "t", errors: ["E"] }))), settings());
    expect(brief(r)).toEqual(["error:warning:LOW@2/t"]);
    expect(r).toMatchObject({ status: "NORMAL", action: "NONE" });
  });

  test("a span's tokens count at its iteration, so a task trips mid-way", () => {
    // task t logs no tokens_used; its calls: 6 000 in it1, 6 000 in it2, nothing in it3 → trips at 2, not 3
    const its = iterations(3, () => ({ taskId: "t" }));
    const spans = [1, 2].map((n) => ({ iteration: n, taskId: "t", tokens: 6000, newTokens: 6000 }));
    expect(brief(replayLayers(views(its, [], [], spans), settings()))).toEqual([
      "token:warning:LOW@2/t",
      "token:trip:MEDIUM@2/t",
    ]);
  });

  test.each([
    ["no errors list", null],
    ["an empty list", []],
    ["only empty or whitespace errors", ["", "  "]],
  ])("a three-layer error warning needs at least one error — %s", (_name, errors) => {
    // task_error_limit 1: the warning's limit − 1 is 0, yet nothing warns without an error
    const r = replayLayers(views(iterations(2, () => ({ taskId: "t", errors }))), settings({ task_error_limit: 1 }));
    expect(r.events).toEqual([]);
  });

  test("iterations without a current task skip the task layers", () => {
    const r = replayLayers(views(iterations(2, () => ({ tokensUsed: 50000, errors: ["E"] }))), settings());
    expect(r.events).toEqual([]);
  });
});
