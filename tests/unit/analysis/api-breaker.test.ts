// docs/analysis.md#api-breaker: classification, a full window of 10
// calls with a failure rate > 50 % → OPEN, HALF_OPEN by time 60 s later,
// probe; and docs/analysis.md#429-back-off, the 429 back-off replay.
import { describe, expect, test } from "vitest";
import { classifyApiCall, replayApiBreaker } from "@/lib/analysis/api-breaker";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import type { StoredEvent } from "@/lib/schemas/records";
import { iso, makeEvent, us } from "./tool-side-factories";

const S = DEFAULT_SETTINGS;
const okCall = (at: number) => makeEvent("api_request", at);
const err = (at: number, status: number | null = 500, detail = "boom") =>
  makeEvent("api_error", at, { status, detail });
/** The replay with the run ending at its last event (or at `endS` when given). */
const replay = (events: StoredEvent[], endS?: number) =>
  replayApiBreaker(events, S, endS === undefined ? (events.at(-1)?.tsUs ?? 0) : us(endS));
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
    const r = replay([okCall(0), err(1, 503), err(2, 429), err(3, 401), err(4, null)]);
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
    expect(replay(calls(pattern)).final_state).toBe(final);
  });
  test("opens at the call that tipped the rate", () => {
    expect(replay(calls("ooooxxxxxx")).transitions).toEqual([{ from: "CLOSED", to: "OPEN", at: iso(9) }]);
  });
});

describe("cooldown and probe", () => {
  const tripped = calls("xxxxxxxxxx"); // OPEN at 9 s, HALF_OPEN from 69 s
  test.each([
    { probe: okCall(68.999), final: "OPEN" }, // still cooling down: ignored by the breaker
    { probe: okCall(69), final: "CLOSED" }, // at opened_at + api_cooldown_s: the probe succeeds
    { probe: err(100), final: "OPEN" }, // the probe fails: reopened
  ])("probe → $final", ({ probe, final }) => {
    expect(replay([...tripped, probe]).final_state).toBe(final);
  });
  test("HALF_OPEN is stamped at opened_at + cooldown, the probe's outcome at its own time", () => {
    const r = replay([...tripped, err(100), okCall(200)]);
    expect(r.transitions).toEqual([
      { from: "CLOSED", to: "OPEN", at: iso(9) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(69) },
      { from: "HALF_OPEN", to: "OPEN", at: iso(100) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(160) },
      { from: "HALF_OPEN", to: "CLOSED", at: iso(200) },
    ]);
  });
  test.each([
    { endS: 68.999, final: "OPEN", tos: ["OPEN"] }, // the run ends before opened_at + cooldown
    { endS: 69, final: "HALF_OPEN", tos: ["OPEN", "HALF_OPEN"] }, // at that moment: HALF_OPEN, with no call to probe
    { endS: 3600, final: "HALF_OPEN", tos: ["OPEN", "HALF_OPEN"] }, // and it stays so without a call
  ])("no call after the opening, the run's last record at $endS s → $final", ({ endS, final, tos }) => {
    // x×10 (OPEN at 9 s) ·········· 69 s: cooldown over ······ end of the run
    const r = replay(tripped, endS);
    expect(r.final_state).toBe(final);
    expect(r.transitions.map((t) => t.to)).toEqual(tos);
    if (final === "HALF_OPEN") expect(r.transitions[1]?.at).toBe(iso(69));
  });
  test("HALF_OPEN comes by time even when the next call is much later; that call is the probe", () => {
    // OPEN at 9 s · HALF_OPEN at 69 s (no event there) · ok at 500 s closes
    const r = replay([...tripped, makeEvent("permission_denied", 80), okCall(500)]);
    expect(r.transitions).toEqual([
      { from: "CLOSED", to: "OPEN", at: iso(9) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(69) },
      { from: "HALF_OPEN", to: "CLOSED", at: iso(500) },
    ]);
  });
  test("an error without a status in HALF_OPEN is a failure: it reopens", () => {
    expect(replay([...tripped, err(70, null)]).final_state).toBe("OPEN");
  });
  test("closing starts an empty window: it needs 10 new calls to open again", () => {
    const r = replay([...tripped, okCall(100), ...calls("xxxxxxxxx", 101)]);
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
    expect(replay(seq).retries_of_non_retryable).toBe(retries);
  });
});

describe("429 back-off (backoff_429)", () => {
  const r429 = (at: number) => err(at, 429, "rate_limit_error");
  test.each([
    // a lone 429, then a call 2 s later: on time
    { name: "one 429, the next call 2 s later", seq: [r429(0), okCall(2)], want: [1, 0, 0] },
    // 429 · 1.999 s · call: sooner than 2^1 s
    { name: "one 429, the next call 1.999 s later", seq: [r429(0), okCall(1.999)], want: [1, 1, 0] },
    // 429 ·2s· 429 ·4s· 429 ·8s· ok: each wait long enough
    { name: "2, 4, 8 s after the 1st, 2nd, 3rd 429", seq: [r429(0), r429(2), r429(6), okCall(14)], want: [3, 0, 0] },
    // 429 ·2s· 429 ·3s· 429 ·7s· ok: the 3rd comes 3 s after the 2nd (< 4), the ok 7 s after the 3rd (< 8)
    { name: "too soon after the 2nd and the 3rd", seq: [r429(0), r429(2), r429(5), okCall(12)], want: [3, 2, 0] },
    // 4 × 429 (on time) then two more 429s and an ok: the three calls after the 4th are after give-up
    {
      name: "four 429s in a row, then three more calls",
      seq: [r429(0), r429(2), r429(6), r429(14), r429(100), r429(200), okCall(300)],
      want: [6, 0, 3],
    },
    // 429 429 | 500 | 429: another failure ends the streak; the 500 came 1 s after the 2nd 429 (< 4 s)
    { name: "a 500 ends the streak", seq: [r429(0), r429(2), err(3), r429(10), okCall(20)], want: [2, 1, 0] },
    { name: "no 429 at all", seq: [err(0), okCall(0.5)], want: [0, 0, 0] },
  ])("$name → [max_streak, early_retries, after_give_up] $want", ({ seq, want }) => {
    const b = replay(seq).backoff_429;
    expect([b.max_streak, b.early_retries, b.after_give_up]).toEqual(want);
  });
  test("events that are not API calls neither end a streak nor count", () => {
    // 429 · permission_denied at 0.5 s · ok at 1 s (1 s after the 429: early)
    const r = replay([r429(0), makeEvent("permission_denied", 0.5), okCall(1)]);
    expect(r.backoff_429).toEqual({ max_streak: 1, early_retries: 1, after_give_up: 0 });
  });
  test("calls the breaker fails fast while OPEN still count", () => {
    // x×10 → OPEN at 9 s; then 429 at 10 s and a call at 10.5 s, both while OPEN
    const r = replay([...calls("xxxxxxxxxx"), r429(10), err(10.5)]);
    expect(r.final_state).toBe("OPEN");
    expect(r.backoff_429).toEqual({ max_streak: 1, early_retries: 1, after_give_up: 0 });
  });
});
