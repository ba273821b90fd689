// docs/analysis.md#tool-breaker: the per-tool breaker replay (fail_max 3, cool_s 60 by default).
import { describe, expect, test } from "vitest";
import { isHarnessShortCircuit, replayToolBreaker, startToolBreaker } from "@/lib/analysis/tool-breaker";
import { fail, iso, ok } from "./tool-side-factories";

const S = { fail_max: 3, cool_s: 60 };

describe("tool breaker replay", () => {
  test("opens when the failures in a row reach fail_max, at the third failure's end", async () => {
    // fail fail fail(ends at 2.1 s) → opened [2.1 s, 62.1 s)
    const r = await replayToolBreaker("t", [fail(0), fail(1), fail(2)], S);
    expect(r).toEqual({ tool: "t", opened: [{ at: iso(2.1), until: iso(62.1) }], blocked_calls: 0, blocked_ms: 0 });
  });
  test("fewer failures in a row than fail_max never open it (a success resets the count)", async () => {
    expect(await replayToolBreaker("t", [fail(0), fail(1), ok(2), fail(3), fail(4)], S)).toBeNull();
  });
  test("a blocked call does not move the breaker", async () => {
    // fail fail fail | blocked blocked (ok or not) | (60 s later) ok
    const spans = [fail(0), fail(1), fail(2), ok(10, 250), fail(20, 500), ok(75)];
    const r = await replayToolBreaker("t", spans, S);
    expect(r?.blocked_calls).toBe(2);
    expect(r?.blocked_ms).toBe(750);
    expect(r?.opened).toHaveLength(1);
  });
  test.each([
    { at: 62.099, blocked: true }, // t0 − opened_at < cool_s
    { at: 62.1, blocked: false }, // t0 − opened_at = cool_s: the cooldown has passed
  ])("a call at $at s after opening at 2.1 s: blocked $blocked", ({ at, blocked }) => {
    const b = startToolBreaker(S);
    [fail(0), fail(1), fail(2)].forEach((s) => b.step(s));
    expect(b.step(ok(at))).toBe(blocked ? "blocked" : "allowed");
  });
  test("after the cooldown the count starts again from 0: one failure does not reopen", async () => {
    const r = await replayToolBreaker("t", [fail(0), fail(1), fail(2), fail(70), fail(71)], S);
    expect(r?.opened).toHaveLength(1);
  });
  test("after the cooldown fail_max new failures open it again", async () => {
    const r = await replayToolBreaker("t", [fail(0), fail(1), fail(2), fail(70), fail(71), fail(72), ok(80)], S);
    expect(r?.opened.map((w) => w.at)).toEqual([iso(2.1), iso(72.1)]);
    expect(r?.blocked_calls).toBe(1);
  });
  test("fail_max 1 opens on every allowed failure", async () => {
    const r = await replayToolBreaker("t", [fail(0), fail(1), fail(61)], { fail_max: 1, cool_s: 60 });
    expect(r?.opened).toHaveLength(2);
    expect(r?.blocked_calls).toBe(1);
  });
});

describe("harness short-circuit errors (shown as such on the timeline)", () => {
  test.each([
    ["熔断中", true],
    ["Circuit open for http_get", true],
    ["CIRCUIT_OPEN", true],
    ["breaker open: too many failures", true],
    ["circuit breaker is open", true],
    ["连接失败", false],
    ["HTTP 502 Bad Gateway", false],
    ["", false],
  ])("%j → %s", (error, expected) => {
    expect(isHarnessShortCircuit(error)).toBe(expected);
  });
});
