// lib/compare/compare-runs.ts: the rows of the Compare page.
import { describe, expect, test } from "vitest";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { RunSummary } from "@/lib/schemas/api";
import { compareRuns, compareTools, figureRow } from "@/lib/compare/compare-runs";
import { makeReport, makeRunSummary, makeToolRow as tool } from "@/tests/support/analysis-report";

function makeRun(id: string, over: Partial<RunSummary["counts"]> = {}, duration_ms: number | null = 1000): RunSummary {
  return {
    run_id: id,
    name: id,
    agent: null,
    labels: {},
    started_at: null,
    ended_at: null,
    duration_ms,
    cost_usd: 0,
    counts: { spans: 10, failures: 0, iterations: 3, events: 0, tokens: 100, cache_read_tokens: 0, ...over },
    verdict: null,
    review: { status: "open", category: null },
    shape: "loop",
    outcome: null,
  };
}

describe("figureRow", () => {
  test.each([
    ["more failures in B: B is worse", 1, 3, false, 2, "b"],
    ["fewer failures in B: A is worse", 3, 1, false, -2, "a"],
    ["equal: nobody is worse", 2, 2, false, 0, null],
    ["higher is better, B higher: A is worse", 1, 3, true, 2, "a"],
  ] as const)("%s", (_name, a, b, higherIsBetter, delta, worse) => {
    expect(figureRow("k", "K", "count", a, b, higherIsBetter)).toMatchObject({ delta, worse });
  });

  test("a missing side is a gap: no delta, nobody worse", () => {
    expect(figureRow("d", "Duration", "ms", null, 5)).toMatchObject({ a: null, b: 5, delta: null, worse: null });
  });
});

describe("compareTools", () => {
  test("the union of tool names, by the larger total of either run; a tool one run never called has no delta", () => {
    // A: search 100 ms, http_get 900 ms | B: search 300 ms, deploy 500 ms
    const a = makeReport({ tools: [tool("http_get", 3, 2, 900), tool("search", 2, 0, 100)] });
    const b = makeReport({ tools: [tool("deploy", 1, 0, 500), tool("search", 4, 1, 300)] });
    const rows = compareTools(a, b);
    expect(rows.map((r) => r.tool)).toEqual(["http_get", "deploy", "search"]);
    expect(rows[0]).toMatchObject({ b: null, delta: null, worse: null });
    expect(rows[1]).toMatchObject({ a: null, delta: null });
    expect(rows[2]).toMatchObject({ delta: { calls: 2, failures: 1, total_ms: 200, avg_ms: 25 }, worse: "b" });
  });

  test("ties on total time break on the tool name", () => {
    const a = makeReport({ tools: [tool("b", 1, 0, 10), tool("a", 1, 0, 10)] });
    expect(compareTools(a, makeReport()).map((r) => r.tool)).toEqual(["a", "b"]);
  });
});

describe("compareRuns", () => {
  const stuck = makeReport({
    stagnation: {
      iterations: [{ n: 1, score: -3, window_score: -3, risk: "HIGH", signals: [] }],
      detections: [
        { detector: "negative_window", at_iteration: 11, detail: "" },
        { detector: "circular", at_iteration: 12, detail: "" },
      ],
    },
    loop_breaker: {
      transitions: [
        { from: "CLOSED", to: "OPEN", at: "2026-01-01T00:00:00Z", iteration: 11, reason: "negative_window" },
      ],
      final_state: "OPEN",
      would_have_halted_at: { iteration: 11, at: "2026-01-01T00:00:00Z", reason: "negative_window" },
      savings: { iterations: 18, tokens: 107744, ms: 60000, cost_usd: null },
    },
    layers: {
      events: [],
      status: "TRIGGERED",
      action: "BLOCKER_ESCALATION",
      after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    },
    context_clear: {
      decision: "clear",
      reasons: [],
      factors: {} as AnalysisReport["context_clear"]["factors"],
      first_recommended_at: { iteration: 12, at: "x" },
    },
  });
  const healthy = makeReport({
    stagnation: { iterations: [{ n: 1, score: 3, window_score: 3, risk: "LOW", signals: [] }], detections: [] },
  });
  const cmp = compareRuns(
    { run: makeRun("stuck", { failures: 69 }), report: stuck },
    { run: makeRun("healthy", { failures: 9 }), report: healthy },
  );

  test("bottleneck tools count only the slow, failing or repeated ones, as the runs list does", () => {
    const slow = {
      tool: "run_tests",
      total_ms: 9000,
      reasons: [{ kind: "slow" as const, avg_ms: 900, threshold_ms: 150 }],
    };
    const overcalled = { tool: "read_file", total_ms: 90, reasons: [{ kind: "overcalled" as const, calls: 9 }] };
    const row = compareRuns(
      { run: makeRunSummary(), report: makeReport({ bottlenecks: [slow, overcalled] }) },
      { run: makeRunSummary(), report: makeReport({ bottlenecks: [overcalled] }) },
    ).counts.find((r) => r.key === "bottlenecks");
    expect(row).toMatchObject({ a: 1, b: 0 });
  });

  test("counts: fewer failures in B marks A worse", () => {
    expect(cmp.counts.find((r) => r.key === "failures")).toMatchObject({ a: 69, b: 9, delta: -60, worse: "a" });
  });

  test("cost: the runs' calls as priced, a run that prices and logs nothing has none (not $0)", () => {
    const priced = (cost_usd: number | null) => [tool("llm_call", 3, 0, 900, cost_usd)];
    const row = compareRuns(
      { run: makeRunSummary({ cost_usd: 0 }), report: makeReport({ tools: priced(1.25) }) },
      { run: makeRunSummary({ cost_usd: 0 }), report: makeReport({ tools: priced(null) }) },
    ).counts.find((r) => r.key === "cost");
    expect(row).toMatchObject({ unit: "usd", a: 1.25, b: null, delta: null });
  });

  test("stagnation: every detector of either run, with where each run first fired it, and the final risk", () => {
    expect(cmp.stagnation.detectors.map((r) => [r.label, r.a, r.b, r.differs])).toEqual([
      ["Final risk", "HIGH", "LOW", true],
      ["circular", "iteration 12", "—", true],
      ["negative_window", "iteration 11", "—", true],
    ]);
  });

  test("loop breaker: the halt and the savings of each side", () => {
    expect(cmp.loopBreaker.verdict[0]).toMatchObject({
      a: "halt at iteration 11 (negative_window)",
      b: "never opened",
      differs: true,
    });
    expect(cmp.loopBreaker.rows.find((r) => r.key === "saved_tokens")).toMatchObject({ a: 107744, b: 0, worse: "a" });
  });

  test("status: three-layer and context decisions, equal ones not marked", () => {
    const byKey = Object.fromEntries(cmp.status.map((r) => [r.key, r]));
    expect(byKey.layers).toMatchObject({ a: "TRIGGERED · BLOCKER_ESCALATION", b: "NORMAL · NONE", differs: true });
    expect(byKey.context).toMatchObject({ a: "clear (from iteration 12)", b: "keep" });
    expect(byKey.api?.differs).toBe(false);
    expect(byKey.outcome).toMatchObject({ a: "unknown", b: "unknown", differs: false });
  });

  test("status: the outcome says who said it", () => {
    const graded = {
      ...makeRun("g"),
      outcome: { status: "failure" as const, score: 0, source: "api" as const, detail: null },
    };
    const rows = compareRuns({ run: graded, report: makeReport() }, { run: makeRun("h"), report: makeReport() }).status;
    expect(rows.find((r) => r.key === "outcome")).toMatchObject({
      a: "failure (a grader)",
      b: "unknown",
      differs: true,
    });
  });
});
