// Time-axis ticks (lib/timeline/ticks.ts).
import { describe, expect, test } from "vitest";
import { chooseStepMs, chooseTicks, formatTick } from "@/lib/timeline/ticks";

describe("tick choice", () => {
  test.each([
    [1000, 1000, 80, 100], // 80 ms wanted → 100
    [1000, 1000, 40, 50], // 40 → 50
    [1000, 1000, 15, 20], // 15 → 20
    [1, 1000, 80, 0.1], // sub-ms windows get sub-ms steps
    [10_000, 1000, 80, 1000], // 800 ms → 1 s
  ])("a %d ms window over %d px with %d px gaps steps by %d ms", (span, width, gap, step) => {
    expect(chooseStepMs(span, width, gap)).toBeCloseTo(step, 9);
  });

  test("past half a minute the steps are whole minutes and hours", () => {
    expect(chooseStepMs(3_600_000, 1000, 80)).toBe(300_000); // 288 s → 5 min
    expect(chooseStepMs(10 * 3_600_000, 1000, 80)).toBe(3_600_000); // 48 min → 1 h
  });

  test("ticks sit on multiples of the step inside the window, none closer than the gap", () => {
    const ticks = chooseTicks({ startMs: 130, endMs: 930 }, 800, 80);
    expect(ticks.map((t) => t.ms)).toEqual([200, 300, 400, 500, 600, 700, 800, 900]);
    expect(ticks[0]?.x).toBeCloseTo(70, 9);
  });

  test("an empty or inverted window has no ticks", () => {
    expect(chooseTicks({ startMs: 5, endMs: 5 }, 800)).toEqual([]);
  });
});

describe("tick labels", () => {
  test.each([
    [250, 50, "250 ms"],
    [0.5, 0.1, "0.5 ms"],
    [1500, 500, "1.5 s"],
    [12_000, 2000, "12 s"],
    [90_000, 10_000, "1m 30s"],
    [300_000, 60_000, "5m"],
    [3_900_000, 300_000, "1h 05m"],
  ])("%d ms with a %d ms step reads %s", (ms, step, label) => {
    expect(formatTick(ms, step)).toBe(label);
  });
});
