// SPEC §3.3 + §3.12.6: a call exceeds its tool's timeout when its duration is
// strictly greater; excess_ms sums duration − timeout.
import { describe, expect, test } from "vitest";
import { findTimeouts, timeoutOf } from "@/lib/analysis/timeouts";
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
  ])("http_get lasting $ms ms exceeds $exceeded time(s)", async ({ ms, exceeded }) => {
    const r = await findTimeouts("http_get", [ok(0, ms)], S);
    expect(r?.exceeded_calls ?? 0).toBe(exceeded);
  });
  test("excess_ms sums duration − timeout over the exceeding calls", async () => {
    const r = await findTimeouts("search", [ok(0, 9_000), ok(10, 8_000), ok(20, 12_500)], S);
    expect(r).toEqual({ tool: "search", timeout_s: 8, exceeded_calls: 2, excess_ms: 5_500 });
  });
  test("a per-tool override and a changed default apply", async () => {
    const s = { timeouts: { search: 1 }, default_timeout_s: 2 };
    expect((await findTimeouts("search", [ok(0, 1_500)], s))?.excess_ms).toBe(500);
    expect((await findTimeouts("other", [ok(0, 2_500)], s))?.timeout_s).toBe(2);
  });
  test("a tool whose calls all fit reports nothing", async () => {
    expect(await findTimeouts("search", [ok(0, 10)], S)).toBeNull();
  });
});
