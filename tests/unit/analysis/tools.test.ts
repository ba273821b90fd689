// docs/analysis.md#bottlenecks: tool table, upper median, bottleneck reasons and their edges.
import { describe, expect, test } from "vitest";
import { findBottlenecks, summariseTools, upperMedian, slowThresholdMs } from "@/lib/analysis/tools";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import type { ToolAggregate } from "@/lib/analysis/types";

const agg = (tool: string, calls: number, totalMs: number, failures = 0): ToolAggregate => ({
  tool,
  calls,
  failures,
  totalMs,
  llm: false,
});
const S = DEFAULT_SETTINGS; // slow_ratio 3, min_slow_ms 50, fail_rate 0.5, overcall_calls 8

describe("tool table", () => {
  test("computes calls, failures, total_ms, avg_ms and fail_rate per tool", () => {
    expect(summariseTools([agg("a", 4, 100, 1)])).toEqual([
      { tool: "a", calls: 4, failures: 1, total_ms: 100, avg_ms: 25, fail_rate: 0.25, cost_usd: null },
    ]);
  });
  test("is ordered by total_ms desc, ties broken on the tool name", () => {
    const rows = summariseTools([agg("b", 1, 10), agg("c", 1, 30), agg("a", 1, 10)]);
    expect(rows.map((r) => r.tool)).toEqual(["c", "a", "b"]);
  });
  test("a tool without calls is left out (no division by zero)", () => {
    expect(summariseTools([agg("a", 0, 0)])).toEqual([]);
  });
});

describe("upper median", () => {
  test.each([
    { values: [], median: 0 },
    { values: [7], median: 7 },
    { values: [1, 2, 3], median: 2 },
    { values: [4, 1, 3, 2], median: 3 }, // even count: index 2 of [1,2,3,4], the upper one
    { values: [10, 50.45, 151.06], median: 50.45 },
  ])("of $values is $median", ({ values, median }) => {
    expect(upperMedian(values)).toBe(median);
  });
  test("slow threshold of an even count uses the upper median", () => {
    // avgs 10, 20, 30, 40 → upper median 30 → 90 ms
    const rows = summariseTools([agg("a", 1, 10), agg("b", 1, 20), agg("c", 1, 30), agg("d", 1, 40)]);
    expect(slowThresholdMs(rows, S)).toBe(90);
  });
});

describe("bottleneck reasons", () => {
  // median avg is 100 ms for [100, 100, x] → slow threshold 300 ms
  const withAvg = (x: number) => [agg("a", 1, 100), agg("b", 1, 100), agg("x", 1, x)];
  test.each([
    { avg: 300, slow: true }, // = threshold
    { avg: 299.999, slow: false },
  ])("slow when avg_ms ≥ median × slow_ratio: avg $avg → $slow", ({ avg, slow }) => {
    const b = findBottlenecks(summariseTools(withAvg(avg)), S);
    expect(b.some((x) => x.tool === "x")).toBe(slow);
  });
  test.each([
    { avg: 50, slow: true }, // = min_slow_ms
    { avg: 49.9, slow: false },
  ])("slow needs at least min_slow_ms even when the median is tiny: avg $avg → $slow", ({ avg, slow }) => {
    const rows = summariseTools([agg("a", 1, 1), agg("b", 1, 1), agg("x", 1, avg)]);
    expect(findBottlenecks(rows, S).some((x) => x.tool === "x")).toBe(slow);
  });
  test("a slow reason carries avg_ms and threshold_ms", () => {
    const [b] = findBottlenecks(summariseTools(withAvg(400)), S);
    expect(b).toEqual({ tool: "x", reasons: [{ kind: "slow", avg_ms: 400, threshold_ms: 300 }], total_ms: 400 });
  });
  test.each([
    { calls: 2, failures: 1, failing: true }, // rate 0.5 = fail_rate, calls = 2
    { calls: 3, failures: 1, failing: false }, // rate 0.33 < 0.5
    { calls: 1, failures: 1, failing: false }, // rate 1 but a single call
    { calls: 4, failures: 4, failing: true },
  ])(
    "failing when fail_rate ≥ fail_rate and calls ≥ 2: $failures/$calls → $failing",
    ({ calls, failures, failing }) => {
      const rows = summariseTools([agg("t", calls, calls, failures)]);
      const reasons = findBottlenecks(rows, S).flatMap((b) => b.reasons);
      expect(reasons.some((r) => r.kind === "failing")).toBe(failing);
      if (failing) expect(reasons).toContainEqual({ kind: "failing", fail_rate: failures / calls, calls });
    },
  );
  test.each([
    { calls: 8, overcalled: true }, // = overcall_calls
    { calls: 7, overcalled: false },
  ])("overcalled when calls ≥ overcall_calls: $calls → $overcalled", ({ calls, overcalled }) => {
    const reasons = findBottlenecks(summariseTools([agg("t", calls, calls)]), S).flatMap((b) => b.reasons);
    expect(reasons).toEqual(overcalled ? [{ kind: "overcalled", calls }] : []);
  });
  test("a tool lists every reason that holds, in the order slow, failing, overcalled", () => {
    const rows = summariseTools([agg("a", 1, 1), agg("b", 1, 1), agg("x", 10, 10_000, 9)]);
    expect(findBottlenecks(rows, S)[0]?.reasons.map((r) => r.kind)).toEqual(["slow", "failing", "overcalled"]);
  });
  test("bottlenecks are ordered by total_ms desc, ties on the tool name", () => {
    const rows = summariseTools([agg("b", 8, 80), agg("a", 8, 80), agg("c", 9, 900)]);
    expect(findBottlenecks(rows, S).map((b) => b.tool)).toEqual(["c", "a", "b"]);
  });
  test("no tools, no bottlenecks", () => {
    expect(findBottlenecks([], S)).toEqual([]);
  });
});
