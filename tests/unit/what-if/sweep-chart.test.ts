// lib/what-if/sweep-chart.ts — docs/dashboard.md#sweep-chart: one row per value,
// numbers ascending on a numeric axis, a choice in the order given, unknown cost a gap.
import { describe, expect, test } from "vitest";
import { prepareSweepChart } from "@/lib/what-if/sweep-chart";

const point = (value: number | string, saved: number, halted_at?: number) => ({
  value,
  saved_iterations: saved,
  saved_tokens: saved * 100,
  saved_cost_usd: null,
  trips: 1,
  ...(halted_at !== undefined && { halted_at }),
});

describe("prepareSweepChart", () => {
  test("numeric values: one row per value, ascending, on a numeric axis", () => {
    const chart = prepareSweepChart([point(60, 19, 11), point(5, 17, 11), point(30, 18, 11)]);
    expect(chart.numeric).toBe(true);
    expect(chart.rows.map((r) => [r.x, r.saved_iterations, r.saved_tokens])).toEqual([
      [5, 17, 1700],
      [30, 18, 1800],
      [60, 19, 1900],
    ]);
  });

  test("a choice keeps its order on a category axis; a value that never halts has halted_at null", () => {
    const chart = prepareSweepChart([point("relaxed", 0), point("aggressive", 3, 7)]);
    expect(chart.numeric).toBe(false);
    expect(chart.rows.map((r) => [r.label, r.halted_at])).toEqual([
      ["relaxed", null],
      ["aggressive", 7],
    ]);
  });

  test("an unknown cost stays null (a gap), never a zero", () => {
    expect(prepareSweepChart([point(1, 2)]).rows[0]?.saved_cost_usd).toBeNull();
  });
});
