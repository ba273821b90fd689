// The compare page's score / context fill / tokens strips (lib/compare/compare-strip.ts).
import { describe, expect, test } from "vitest";
import type { IterationPoint } from "@/lib/charts/iteration-series";
import { prepareCompareStrips, seriesPath } from "@/lib/compare/compare-strip";

const point = (n: number, over: Partial<IterationPoint> = {}): IterationPoint => ({
  n,
  score: null,
  window: null,
  tokens: null,
  fill: null,
  tier: null,
  ...over,
});
const AXIS = { first: 1, last: 4 };

describe("seriesPath", () => {
  test("iteration n sits at x = n − ½ on the shared axis, the max at the top", () => {
    const p = [
      { n: 1, v: 0 },
      { n: 2, v: 10 },
    ];
    expect(seriesPath(p, AXIS, 0, 10)).toBe("M0.5 1L1.5 0");
  });

  test("a missing value and a hole in the numbering are gaps, never zeros", () => {
    // 1: 5, 2: —, 3: 10, 4: 10  → a lone tick at 1, a line 3–4
    const p = [
      { n: 1, v: 5 },
      { n: 2, v: null },
      { n: 3, v: 10 },
      { n: 4, v: 10 },
    ];
    expect(seriesPath(p, AXIS, 0, 10)).toBe("M0.1 0.5L0.9 0.5M2.5 0L3.5 0");
  });
});

describe("prepareCompareStrips", () => {
  test("both runs share one scale per series, so their heights compare", () => {
    const a = [point(1, { tokens: 100 }), point(2, { tokens: 200 })];
    const b = [point(1, { tokens: 400 }), point(2, { tokens: 400 })];
    const strips = prepareCompareStrips(a, b, AXIS);
    expect(strips.scales.find((s) => s.key === "tokens")).toMatchObject({ min: 0, max: 400 });
    expect(strips.a.find((s) => s.key === "tokens")!.path).toBe("M0.5 0.75L1.5 0.5");
    expect(strips.b.find((s) => s.key === "tokens")!.path).toBe("M0.5 0L1.5 0");
  });

  test("a series neither run has is an empty path, its scale null", () => {
    const strips = prepareCompareStrips([point(1)], [point(2)], AXIS);
    expect(strips.scales.find((s) => s.key === "fill")).toMatchObject({ min: null, max: null });
    expect(strips.a.every((s) => s.path === "")).toBe(true);
  });
});
