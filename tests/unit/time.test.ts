// lib/time.ts's fast path against its general one: the canonical form (what
// formatTimeUs writes) read by position, against the same instant written with
// `+00:00`, which only the general, regex path reads. Seeded, so the same values
// every run.
import { describe, expect, test } from "vitest";
import { formatTimeUs, MAX_TIME_US, parseTimeUs } from "@/lib/time";
import { seededRandom } from "../integration/support/fuzz-lines";

const DAY_US = 86_400_000_000;
const EDGES = [0, 1, 999, 1000, DAY_US - 1, DAY_US, 951_782_400_000_000, MAX_TIME_US, MAX_TIME_US - DAY_US];

function randomTimes(n: number): number[] {
  const rand = seededRandom(11);
  return Array.from({ length: n }, () => Math.floor(rand() * MAX_TIME_US));
}

describe("times: the fast path answers as the general one", () => {
  test("a time written by formatTimeUs reads back exactly, as its +00:00 twin does through the regex", () => {
    for (const us of [...EDGES, ...randomTimes(20_000)]) {
      const text = formatTimeUs(us);
      expect(text).toHaveLength(27);
      expect(parseTimeUs(text)).toBe(us);
      expect(parseTimeUs(`${text.slice(0, -1)}+00:00`)).toBe(us);
    }
  });

  test("every six-digit fraction reads as its digits, as the general path rounds it", () => {
    for (let f = 0; f < 1_000_000; f += 13) {
      const frac = String(f).padStart(6, "0");
      expect(parseTimeUs(`2026-03-28T14:00:00.${frac}Z`)).toBe(parseTimeUs(`2026-03-28T14:00:00.${frac}+00:00`));
    }
  });

  test("canonical-looking strings out of range or malformed answer as the general path does", () => {
    const cases = [
      "2026-13-01T00:00:00.000000Z",
      "2026-00-10T00:00:00.000000Z",
      "2026-02-30T00:00:00.000000Z",
      "2026-01-00T00:00:00.000000Z",
      "2026-01-01T24:00:00.000000Z",
      "2026-01-01T25:00:00.000000Z",
      "2026-01-01T23:60:00.000000Z",
      "2016-12-31T23:59:60.000000Z",
      "1969-12-31T23:59:59.999999Z",
      "2200-01-01T00:00:00.000000Z",
      "2026-01-01T00:00:00.00000aZ",
      "2026-01-01T00:0a:00.000000Z",
      "+026-01-01T00:00:00.000000Z",
    ];
    for (const text of cases) expect(parseTimeUs(text), text).toBe(parseTimeUs(`${text.slice(0, -1)}+00:00`));
  });
});
