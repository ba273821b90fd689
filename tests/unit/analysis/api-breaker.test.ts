// docs/analysis.md#api-breaker: classification, a full window of 10
// calls with a failure rate > 50 % → OPEN, 60 s cooldown, probe.
import { describe, expect, test } from "vitest";
import { classifyApiCall, replayApiBreaker } from "@/lib/analysis/api-breaker";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { iso, makeEvent } from "./tool-side-factories";

const S = DEFAULT_SETTINGS;
const okCall = (at: number) => makeEvent("api_request", at);
const err = (at: number, status: number | null = 500, detail = "boom") =>
  makeEvent("api_error", at, { status, detail });
/** A sequence of calls 1 s apart from `start`: "o" success, "x" a 500. */
const calls = (pattern: string, start = 0) =>
  [...pattern].map((c, i) => (c === "o" ? okCall(start + i) : err(start + i)));

describe("classification", () => {
  test.each([
    ["api_request", null, "success"],
    ["api_error", 500, "retryable"],
    ["api_error", 529, "retryable"],
    ["api_error", 429, "backoff"],
    ["api_error", 400, "non_retryable"],
    ["api_error", 404, "non_retryable"],
    ["api_error", null, "retryable"], // no status: no response at all
    ["rate_limited", 429, null], // not an API call
  ] as const)("%s %s → %s", (kind, status, cls) => {
    expect(classifyApiCall({ kind, status })).toBe(cls);
  });
  test("counts every call per class, OPEN or not", () => {
    const r = replayApiBreaker([okCall(0), err(1, 503), err(2, 429), err(3, 401), err(4, null)], S);
    expect(r.counts).toEqual({ success: 1, retryable: 2, backoff: 1, non_retryable: 1 });
  });
});

describe("window", () => {
  test.each([
    { pattern: "xxxxxxxxx", final: "CLOSED" }, // 9 calls: the window is not full
    { pattern: "xxxxxxxxxx", final: "OPEN" }, // 10 failures
    { pattern: "oooooxxxxx", final: "CLOSED" }, // 50 % is not above 50 %
    { pattern: "ooooxxxxxx", final: "OPEN" }, // 60 %
    { pattern: "ooooooooooxxxxx", final: "CLOSED" }, // last 10: 5 failures
    { pattern: "ooooooooooxxxxxx", final: "OPEN" }, // last 10: 6 failures
  ])("$pattern → $final", ({ pattern, final }) => {
    expect(replayApiBreaker(calls(pattern), S).final_state).toBe(final);
  });
  test("opens at the call that tipped the rate", () => {
    expect(replayApiBreaker(calls("ooooxxxxxx"), S).transitions).toEqual([{ from: "CLOSED", to: "OPEN", at: iso(9) }]);
  });
});

describe("cooldown and probe", () => {
  const tripped = calls("xxxxxxxxxx"); // OPEN at 9 s, HALF_OPEN from 69 s
  test.each([
    { probe: okCall(68.999), final: "OPEN" }, // still cooling down: ignored by the breaker
    { probe: okCall(69), final: "CLOSED" }, // at opened_at + api_cooldown_s: the probe succeeds
    { probe: err(100), final: "OPEN" }, // the probe fails: reopened
  ])("probe → $final", ({ probe, final }) => {
    expect(replayApiBreaker([...tripped, probe], S).final_state).toBe(final);
  });
  test("HALF_OPEN is stamped at opened_at + cooldown, the probe's outcome at its own time", () => {
    const r = replayApiBreaker([...tripped, err(100), okCall(200)], S);
    expect(r.transitions).toEqual([
      { from: "CLOSED", to: "OPEN", at: iso(9) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(69) },
      { from: "HALF_OPEN", to: "OPEN", at: iso(100) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(160) },
      { from: "HALF_OPEN", to: "CLOSED", at: iso(200) },
    ]);
  });
  test("closing starts an empty window: it needs 10 new calls to open again", () => {
    const r = replayApiBreaker([...tripped, okCall(100), ...calls("xxxxxxxxx", 101)], S);
    expect(r.final_state).toBe("CLOSED");
  });
});

describe("retries of non-retryable errors", () => {
  test.each([
    { name: "same status and detail right after", seq: [err(0, 400, "bad"), err(1, 400, "bad")], retries: 1 },
    { name: "a chain of three", seq: [err(0, 400, "bad"), err(1, 400, "bad"), err(2, 400, "bad")], retries: 2 },
    { name: "another detail", seq: [err(0, 400, "bad"), err(1, 400, "worse")], retries: 0 },
    { name: "another status", seq: [err(0, 400, "bad"), err(1, 403, "bad")], retries: 0 },
    { name: "a call between", seq: [err(0, 400, "bad"), okCall(1), err(2, 400, "bad")], retries: 0 },
    { name: "repeated 500s are retryable", seq: [err(0, 500, "x"), err(1, 500, "x")], retries: 0 },
  ])("$name → $retries", ({ seq, retries }) => {
    expect(replayApiBreaker(seq, S).retries_of_non_retryable).toBe(retries);
  });
});
