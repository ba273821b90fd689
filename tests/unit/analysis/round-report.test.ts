// lib/analysis/round-report.ts: the report's numbers rounded where it is
// assembled (docs/api.md#the-analysis-report).
import { describe, expect, test } from "vitest";
import { roundNumbers, roundTo } from "@/lib/analysis/round-report";

describe("rounding the report's numbers", () => {
  test.each([
    [1234.5670000001, 1234.567],
    [0.1 + 0.2, 0.3],
    [2.0006, 2.001],
    [-0.0004, 0],
    [42, 42],
  ])("%s → %s (3 decimals, half away from zero)", (n, r) => {
    expect(roundTo(n)).toBe(r);
  });
  test("nested objects and arrays are rounded; money keeps 6 decimals; strings and nulls pass", () => {
    const report = {
      savings: { ms: 12.34567, iterations: 3 },
      tools: [{ tool: "a", avg_ms: 1 / 3, cost_usd: 0.00012345678, note: null }],
      at: "2026-01-01T00:00:00.000Z",
    };
    expect(roundNumbers(report)).toEqual({
      savings: { ms: 12.346, iterations: 3 },
      tools: [{ tool: "a", avg_ms: 0.333, cost_usd: 0.000123, note: null }],
      at: "2026-01-01T00:00:00.000Z",
    });
  });
});
