// lib/charts/iteration-series: chart rows per iteration, gaps as null.
import { describe, expect, test } from "vitest";
import { hasSeries, prepareDetectorMarks, prepareIterationSeries, TIER_BANDS } from "@/lib/charts/iteration-series";
import { scored } from "./factories";

describe("prepareIterationSeries", () => {
  test("joins tokens, scores and fill on the iteration number", () => {
    const rows = prepareIterationSeries(
      [
        { n: 1, tokensUsed: 800 },
        { n: 2, tokensUsed: 900 },
      ],
      [scored(1, 6, 6), scored(2, -3, 3)],
      [
        { n: 1, fill_pct: 15.4, tier: "NORMAL", tokens: 800, cost_usd: null },
        { n: 2, fill_pct: 71, tier: "WARNING", tokens: 900, cost_usd: null },
      ],
    );
    expect(rows).toEqual([
      { n: 1, score: 6, window: 6, tokens: 800, fill: 15.4, tier: "NORMAL" },
      { n: 2, score: -3, window: 3, tokens: 900, fill: 71, tier: "WARNING" },
    ]);
  });

  test("a field that was not logged is a gap (null), never a zero", () => {
    const [row] = prepareIterationSeries(
      [{ n: 1, tokensUsed: null }],
      [],
      [{ n: 1, fill_pct: null, tier: null, tokens: null, cost_usd: null }],
    );
    expect(row).toEqual({ n: 1, score: null, window: null, tokens: null, fill: null, tier: null });
  });

  test("a score of 0 stays 0 (zero is data, only absence is a gap)", () => {
    const [row] = prepareIterationSeries([{ n: 1, tokensUsed: 0 }], [scored(1, 0, 0)], []);
    expect(row).toMatchObject({ score: 0, window: 0, tokens: 0 });
  });

  test("holes in the numbering become all-null rows so the x axis stays linear", () => {
    // iterations 1, 2, 5 logged: 3 and 4 are holes
    const rows = prepareIterationSeries(
      [1, 2, 5].map((n) => ({ n, tokensUsed: 100 })),
      [],
      [],
    );
    expect(rows.map((r) => [r.n, r.tokens])).toEqual([
      [1, 100],
      [2, 100],
      [3, null],
      [4, null],
      [5, 100],
    ]);
  });

  test("a sparse, huge numbering is not filled", () => {
    const rows = prepareIterationSeries(
      [
        { n: 1, tokensUsed: 1 },
        { n: 1_000_000, tokensUsed: 1 },
      ],
      [],
      [],
    );
    expect(rows.map((r) => r.n)).toEqual([1, 1_000_000]);
  });

  test("rows come ordered by n whatever the input order", () => {
    const rows = prepareIterationSeries(
      [
        { n: 3, tokensUsed: 1 },
        { n: 1, tokensUsed: 1 },
      ],
      [scored(2, 1, 1)],
      [],
    );
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
  });

  test("no iterations at all gives no rows", () => {
    expect(prepareIterationSeries([], [], [])).toEqual([]);
  });

  test("hasSeries tells a chart with only gaps from one with data", () => {
    const rows = prepareIterationSeries([{ n: 1, tokensUsed: null }], [scored(1, 2, 2)], []);
    expect([hasSeries(rows, "score"), hasSeries(rows, "tokens"), hasSeries(rows, "fill")]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("prepareDetectorMarks", () => {
  test("one mark per iteration, detectors that fired together joined, in order", () => {
    const marks = prepareDetectorMarks([
      { detector: "same_error", at_iteration: 13, detail: "" },
      { detector: "negative_window", at_iteration: 11, detail: "" },
      { detector: "test_fix_loop", at_iteration: 13, detail: "" },
    ]);
    expect(marks).toEqual([
      { n: 11, label: "negative_window" },
      { n: 13, label: "same_error, test_fix_loop" },
    ]);
  });
});

describe("TIER_BANDS", () => {
  test("cover 0–100 without gaps at the docs/analysis.md#token-budget edges 70, 80, 92, 95", () => {
    expect(TIER_BANDS.map((b) => [b.from, b.to])).toEqual([
      [0, 70],
      [70, 80],
      [80, 92],
      [92, 95],
      [95, 100],
    ]);
    expect(TIER_BANDS.map((b) => b.tier)).toEqual(["NORMAL", "WARNING", "AUTO_COMPACT", "SNIP_COMPACT", "REJECT"]);
  });
});
