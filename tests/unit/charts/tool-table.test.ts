// lib/charts/tool-table: tool rows with p95, explained reasons, breakers, timeouts, sorting.
import { describe, expect, test } from "vitest";
import { resolveSettings } from "@/lib/analysis/settings";
import { explainReason, parseToolSort, prepareToolTable, prepareToolTotals } from "@/lib/charts/tool-table";
import { makeReport, makeToolRow as tool } from "@/tests/support/analysis-report";

const report = makeReport({
  tools: [tool("http_get", 4, 4, 604.24), tool("search", 2, 0, 100.9), tool("run_shell", 1, 0, 10.4)],
  bottlenecks: [{ tool: "http_get", total_ms: 604.24, reasons: [{ kind: "failing", fail_rate: 1, calls: 4 }] }],
  tool_breakers: [
    {
      tool: "http_get",
      opened: [{ at: "2025-11-30T10:00:00.6Z", until: "2025-11-30T10:01:00.6Z" }],
      blocked_calls: 1,
      blocked_ms: 0.05,
    },
  ],
  timeouts: [{ tool: "search", timeout_s: 8, exceeded_calls: 1, excess_ms: 10 }],
});

describe("prepareToolTable", () => {
  test("joins p95, bottleneck reasons, breaker openings and timeouts per tool", () => {
    const rows = prepareToolTable(report, { http_get: 200.1 });
    expect(rows[0]).toMatchObject({
      tool: "http_get",
      p95_ms: 200.1,
      reasons: [{ kind: "failing", title: "fail rate 100.0 % ≥ threshold 50 % over 4 calls (≥ 2)" }],
      breaker: { openings: 1, blocked_calls: 1, blocked_ms: 0.05 },
      timeout: null,
    });
    expect(rows[1]).toMatchObject({
      tool: "search",
      p95_ms: null,
      reasons: [],
      breaker: null,
      timeout: { timeout_s: 8, exceeded_calls: 1 },
    });
  });

  test("a tool's repeated inputs come with it, and the repeated reason says how often and with what", () => {
    const repeated = { tool: "search", input: '{"q":"x"}', calls: 6, first_at: "2025-11-30T10:00:05.000000Z" };
    const rows = prepareToolTable(
      {
        ...report,
        repeated_calls: [repeated],
        bottlenecks: [
          { tool: "search", total_ms: 100.9, reasons: [{ kind: "repeated", calls: 6, input: '{"q":"x"}' }] },
        ],
      },
      {},
    );
    const search = rows.find((r) => r.tool === "search");
    expect(search?.repeated).toEqual([{ input: '{"q":"x"}', calls: 6, first_at: repeated.first_at }]);
    expect(search?.reasons).toEqual([
      { kind: "repeated", title: '6 calls with the same input {"q":"x"} (it came 5 times within 10 calls)' },
    ]);
    expect(rows.find((r) => r.tool === "http_get")?.repeated).toEqual([]);
  });

  test("defaults to total time, largest first", () => {
    expect(prepareToolTable(report, {}).map((r) => r.tool)).toEqual(["http_get", "search", "run_shell"]);
  });

  test.each([
    { sort: "calls", order: "asc", want: ["run_shell", "search", "http_get"] },
    { sort: "tool", order: "asc", want: ["http_get", "run_shell", "search"] },
    { sort: "tool", order: "desc", want: ["search", "run_shell", "http_get"] },
    { sort: "fail_rate", order: "desc", want: ["http_get", "run_shell", "search"] }, // 0-rate tie breaks on name
  ] as const)("sorts by $sort $order", ({ sort, order, want }) => {
    expect(prepareToolTable(report, {}, sort, order).map((r) => r.tool)).toEqual(want);
  });

  test("a missing p95 sorts last in either direction", () => {
    const p95 = { search: 5, run_shell: 9 };
    expect(prepareToolTable(report, p95, "p95_ms", "desc").map((r) => r.tool)).toEqual([
      "run_shell",
      "search",
      "http_get",
    ]);
    expect(prepareToolTable(report, p95, "p95_ms", "asc").map((r) => r.tool)).toEqual([
      "search",
      "run_shell",
      "http_get",
    ]);
  });

  test("an unknown cost sorts last, never as $0", () => {
    const costed = makeReport({ tools: [tool("a", 1, 0, 1, 0.5), tool("b", 1, 0, 2, null), tool("c", 1, 0, 3, 2)] });
    expect(prepareToolTable(costed, {}, "cost_usd", "asc").map((r) => [r.tool, r.cost_usd])).toEqual([
      ["a", 0.5],
      ["c", 2],
      ["b", null],
    ]);
  });
});

describe("explainReason", () => {
  test("slow names the average against the threshold with two decimals", () => {
    const s = resolveSettings({ slow_ratio: 1.5 });
    expect(explainReason({ kind: "slow", avg_ms: 151.0604, threshold_ms: 75.6751 }, s)).toBe(
      "avg 151.06 ms ≥ threshold 75.68 ms (max(median avg × slow_ratio 1.5, min_slow_ms 50))",
    );
    expect(explainReason({ kind: "slow", avg_ms: 24779.76, threshold_ms: 3609.9253 }, s)).toMatch(
      /^avg 24,779.76 ms ≥ threshold 3,609.93 ms/,
    );
  });
  test("overcalled names the calls against overcall_calls", () => {
    expect(explainReason({ kind: "overcalled", calls: 83 }, resolveSettings())).toBe(
      "83 calls ≥ threshold overcall_calls 8",
    );
  });
  test("slow against the team's baseline says how many times its usual time", () => {
    const r = { kind: "slow", avg_ms: 48_000, threshold_ms: 36_000, baseline_ms: 12_000, baseline_runs: 7 } as const;
    expect(explainReason(r, resolveSettings())).toBe(
      "avg 48.0 s is 4× its usual 12.0 s (the team's p95 over 7 runs) ≥ threshold 36,000 ms (max(usual × slow_ratio 3, min_slow_ms 50))",
    );
  });
  test("overcalled against the team's baseline says how many times its usual calls per iteration", () => {
    const r = {
      kind: "overcalled",
      calls: 300,
      per_iteration: 30,
      baseline_per_iteration: 8,
      baseline_runs: 5,
    } as const;
    expect(explainReason(r, resolveSettings())).toBe(
      "30 calls per iteration is 3.75× its usual 8 per iteration (the team's p95 over 5 runs) ≥ slow_ratio 3; 300 calls ≥ overcall_calls 8",
    );
  });
});

describe("parseToolSort", () => {
  test("unknown keys fall back to total time, descending; the name sorts ascending by default", () => {
    expect(parseToolSort("bogus", undefined)).toEqual({ sort: "total_ms", order: "desc" });
    expect(parseToolSort("tool", undefined)).toEqual({ sort: "tool", order: "asc" });
    expect(parseToolSort("p95_ms", "asc")).toEqual({ sort: "p95_ms", order: "asc" });
  });
});

describe("prepareToolTotals", () => {
  test("seconds per tool, largest first, bottlenecks flagged", () => {
    expect(prepareToolTotals(report)).toEqual([
      { tool: "http_get", total_s: 0.60424, bottleneck: true },
      { tool: "search", total_s: 0.1009, bottleneck: false },
      { tool: "run_shell", total_s: 0.0104, bottleneck: false },
    ]);
  });
});
