// The compare page's iteration axis (lib/compare/iteration-axis.ts).
import { describe, expect, test } from "vitest";
import { axisTicks, cellSpanPct, iterationAtMs, iterationAxis, iterationClock } from "@/lib/compare/iteration-axis";

const START_US = 1_000_000_000;
const it = (n: number, s: number) => ({ n, tsUs: START_US + s * 1e6 });

describe("iterationAtMs: iteration n covers the time after n−1's ts up to its own", () => {
  // run start | #1 ends 10 s | #2 ends 20 s | #3 ends 30 s
  const clock = iterationClock([it(3, 30), it(1, 10), it(2, 20)], START_US);
  test.each([
    ["a moment before the run start is the first iteration's", -5_000, 1],
    ["a moment inside the first span", 4_000, 1],
    ["a moment exactly at an iteration's ts is that iteration's", 10_000, 1],
    ["a moment just after it is the next one's", 10_001, 2],
    ["a moment at the last ts", 30_000, 3],
    ["a moment after the last iteration shows at the last", 99_000, 3],
  ])("%s", (_name, ms, n) => {
    expect(iterationAtMs(clock, ms)).toBe(n);
  });

  test("an iteration whose ts goes backwards lasts 0 ms and holds no moment", () => {
    // #1 ends 10 s | #2 logged at 5 s (ends at 10 s: empty) | #3 ends 20 s
    const back = iterationClock([it(1, 10), it(2, 5), it(3, 20)], START_US);
    expect(back.endsMs).toEqual([10_000, 10_000, 20_000]);
    expect(iterationAtMs(back, 10_000)).toBe(1);
    expect(iterationAtMs(back, 12_000)).toBe(3);
  });

  test("a run without iterations has no iteration for any moment", () => {
    expect(iterationAtMs(iterationClock([], START_US), 0)).toBeNull();
  });
});

describe("the shared axis", () => {
  test("runs from 1 to the larger last iteration of the two runs", () => {
    expect(iterationAxis([1, 2, 30], [1, 13])).toEqual({ first: 1, last: 30 });
    expect(iterationAxis([], [])).toBeNull();
  });

  test("each iteration is a cell of equal width: 30 cells, #11 starts at one third", () => {
    const axis = { first: 1, last: 30 };
    expect(cellSpanPct(axis, 11, 30)).toEqual({ left: (10 / 30) * 100, width: (20 / 30) * 100 });
    expect(cellSpanPct(axis, 1, 1).width).toBeCloseTo(100 / 30);
  });

  test("tick labels at round steps, the first iteration included, at most maxTicks plus it", () => {
    expect(axisTicks({ first: 1, last: 30 }, 8).map((t) => t.n)).toEqual([1, 5, 10, 15, 20, 25, 30]);
    expect(axisTicks({ first: 1, last: 4 }, 8).map((t) => t.n)).toEqual([1, 2, 3, 4]);
    expect(axisTicks({ first: 1, last: 1 }, 8)).toEqual([{ n: 1, pct: 50 }]);
  });
});
