// docs/analysis.md#timeouts: a call exceeds its tool's timeout when its
// duration is strictly greater; excess_ms sums duration − timeout.
import { describe, expect, test } from "vitest";
import { timeoutLimitUs, timeoutOf, totalTimeouts } from "@/lib/analysis/timeouts";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { ok } from "./tool-side-factories";

const S = DEFAULT_SETTINGS;

describe("tool timeouts", () => {
  test.each([
    ["search", 8],
    ["http_get", 10],
    ["run_shell", 30],
    ["deploy", 120],
    ["run_tests", 15],
    ["constructor", 15], // not an inherited property of the timeouts object
  ])("%s times out after %i s", (tool, seconds) => {
    expect(timeoutOf(tool, S)).toBe(seconds);
  });
  test.each([
    { ms: 10_000, exceeded: 0 }, // = timeout: not exceeded
    { ms: 10_000.001, exceeded: 1 }, // one microsecond over
  ])("a 10 s call lasting $ms ms exceeds $exceeded time(s)", ({ ms, exceeded }) => {
    expect(totalTimeouts([ok(0, ms)], 10).exceeded).toBe(exceeded);
  });
  test("excess_ms sums duration − timeout over the exceeding calls only", () => {
    // 9 s (+1 s) | 8 s (= timeout, not cut) | 12.5 s (+4.5 s)
    expect(totalTimeouts([ok(0, 9_000), ok(10, 8_000), ok(20, 12_500)], 8)).toEqual({ exceeded: 2, excessMs: 5_500 });
  });
  test("a per-tool override and a changed default apply", () => {
    const s = { timeouts: { search: 1 }, default_timeout_s: 2 };
    expect(totalTimeouts([ok(0, 1_500)], timeoutOf("search", s)).excessMs).toBe(500);
    expect(timeoutOf("other", s)).toBe(2);
  });
  test("a call ending before it starts lasts 0 and never exceeds", () => {
    expect(totalTimeouts([{ t0Us: 10, t1Us: 5 }], 0)).toEqual({ exceeded: 0, excessMs: 0 });
  });
  test("a tool whose calls all fit totals nothing", () => {
    expect(totalTimeouts([ok(0, 10)], 8)).toEqual({ exceeded: 0, excessMs: 0 });
  });
  test("the limit is the timeout in whole microseconds", () => {
    expect(timeoutLimitUs(0.5)).toBe(500_000);
    expect(timeoutLimitUs(0.0000015)).toBe(2);
  });
});
