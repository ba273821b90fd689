// lib/charts/iteration-page and iteration-strip: a 600-iteration run shows one
// page of rows; the strip zooms the table (a click: a page around the
// iteration; a brush: the iterations under it); each row links to its
// iteration's time on the timeline; a missing value is a gap in the strip.
import { describe, expect, test } from "vitest";
import {
  ITERATION_PAGE_SIZE,
  iterationTimelineViews,
  pageIterationRows,
  parseIterationRange,
  parsePageParam,
  rangeAround,
} from "@/lib/charts/iteration-page";
import { prepareIterationStrip, rangeFromStrip, stripPath } from "@/lib/charts/iteration-strip";

const rows = Array.from({ length: 600 }, (_, i) => ({ n: i + 1 }));

describe("paging the iterations table", () => {
  test("600 iterations are 12 pages of 50; a page past the end is the last one", () => {
    const p = pageIterationRows(rows, null, 99);
    expect([p.page, p.pages, p.rows.length, p.rows[0]?.n]).toEqual([12, 12, ITERATION_PAGE_SIZE, 551]);
  });

  test("a zoom keeps only the range's iterations, paged", () => {
    const p = pageIterationRows(rows, parseIterationRange("180-120"), 2);
    expect([p.total, p.pages, p.rows[0]?.n, p.rows.at(-1)?.n]).toEqual([61, 2, 170, 180]);
  });

  test.each([
    ["", null],
    ["12-60", { from: 12, to: 60 }],
    ["x-1", null],
  ])("iters=%s reads as %o", (value, range) => {
    expect(parseIterationRange(value)).toEqual(range);
  });

  test("a page number that is not a positive integer is page 1", () => {
    expect([parsePageParam("3"), parsePageParam("0"), parsePageParam("2.5"), parsePageParam(undefined)]).toEqual([
      3, 1, 1, 1,
    ]);
  });

  test("a page around an iteration stays inside the run", () => {
    expect(rangeAround(300, 1, 600)).toEqual({ from: 275, to: 324 });
    expect(rangeAround(3, 1, 600)).toEqual({ from: 1, to: 50 });
    expect(rangeAround(599, 1, 600)).toEqual({ from: 551, to: 600 });
    expect(rangeAround(5, 1, 10)).toEqual({ from: 1, to: 10 });
  });
});

test("an iteration's timeline window runs from the previous iteration's end to its own", () => {
  const start = 1_000_000_000;
  const views = iterationTimelineViews(
    [
      { n: 2, tsUs: start + 9_000_000 },
      { n: 1, tsUs: start + 4_000_000 },
    ],
    start,
  );
  expect(views.get(1)).toEqual({ startMs: 0, endMs: 4000 });
  expect(views.get(2)).toEqual({ startMs: 4000, endMs: 9000 });
  expect(iterationTimelineViews([{ n: 1, tsUs: start }], null).size).toBe(0);
});

describe("the strip", () => {
  test("a missing value breaks the line; a lone point is a short tick", () => {
    expect(stripPath([0, 10, null, 5], 0, 10)).toBe("M0.5 1L1.5 0M3.1 0.5L3.9 0.5");
  });

  test("a series with no value has no path; the others are scaled from 0 to their max", () => {
    const strip = prepareIterationStrip([
      { n: 1, score: 2, window: null, tokens: null, fill: 50, tier: "NORMAL" },
      { n: 2, score: 4, window: null, tokens: null, fill: 100, tier: "REJECT" },
    ]);
    expect(strip.ns).toEqual([1, 2]);
    expect(strip.series.map((s) => [s.key, s.max, s.path])).toEqual([
      ["score", 4, "M0.5 0.5L1.5 0"],
      ["fill", 100, "M0.5 0.5L1.5 0"],
      ["tokens", null, ""],
    ]);
  });

  test("a click zooms the table to a page around the iteration under it; a brush to the iterations brushed", () => {
    const ns = rows.map((r) => r.n);
    expect(rangeFromStrip(ns, 0.5, 0.502)).toEqual({ from: 276, to: 325 });
    expect(rangeFromStrip(ns, 0.3, 0.1)).toEqual({ from: 61, to: 181 });
    expect(rangeFromStrip([], 0, 1)).toBeNull();
  });
});
