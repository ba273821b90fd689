// The benchmarks' percentile (scripts/bench/support.ts): nearest rank, so a
// reported p95 is always a latency that was really measured.
import { expect, test } from "vitest";
import { percentile } from "@/scripts/bench/support";

test("p50 of 1..10 is the 5th sample and p95 the 10th (nearest rank)", () => {
  const xs = [10, 3, 7, 1, 9, 2, 8, 4, 6, 5];
  expect(percentile(xs, 0.5)).toBe(5);
  expect(percentile(xs, 0.95)).toBe(10);
});

test.each([
  [0, 1],
  [0.01, 1],
  [0.2, 20],
  [0.21, 21],
  [1, 100],
])("of 1..100, p=%s is %s", (p, want) => {
  const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
  expect(percentile(xs, p)).toBe(want);
});

test("one sample is every percentile; no samples is NaN", () => {
  expect(percentile([42], 0.95)).toBe(42);
  expect(percentile([], 0.5)).toBeNaN();
});

test("the input is left unsorted", () => {
  const xs = [3, 1, 2];
  percentile(xs, 0.5);
  expect(xs).toEqual([3, 1, 2]);
});
