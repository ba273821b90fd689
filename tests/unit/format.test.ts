// lib/format.ts: iteration lists as ranges and one duration format for the
// report, the Markdown export, the CLI and the pages (docs/dashboard.md#post-mortem).
import { describe, expect, test } from "vitest";
import { formatDuration, formatRanges } from "@/lib/format";

describe("formatRanges", () => {
  test("a run of consecutive iterations collapses to first–last", () => {
    const ns = [...Array.from({ length: 577 }, (_, i) => i + 24), 602];
    expect(formatRanges(ns)).toBe("24–600, 602");
  });
  test.each([
    [[], ""],
    [[7], "7"],
    [[3, 4], "3, 4"],
    [[3, 4, 5], "3–5"],
    [[9, 1, 2, 3, 3, 7], "1–3, 7, 9"],
    [[1, 3, 5], "1, 3, 5"],
  ])("%o → %s (sorted, de-duplicated; two in a row stay two numbers)", (ns, text) => {
    expect(formatRanges(ns)).toBe(text);
  });
});

describe("formatDuration", () => {
  test.each([
    [null, "—"],
    [Number.NaN, "—"],
    [0.5, "0.50 ms"],
    [180, "180 ms"],
    [999.4, "999 ms"],
    [999.6, "1.0 s"],
    [4_200, "4.2 s"],
    [59_940, "59.9 s"],
    [59_960, "1m 0s"],
    [179_700, "3m 0s"],
    [1_972_000, "32m 52s"],
    [3_599_600, "1h 0m"],
    [35_640_000, "9h 54m"],
    [-4_200, "-4.2 s"],
  ])("%s ms → %s (never 60s or 60m)", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
