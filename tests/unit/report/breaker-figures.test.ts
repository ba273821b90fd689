// lib/report: how the post-mortem words the rate limit's waits, the 429
// back-off replay and an event breaker's HALF_OPEN by time
// (docs/analysis.md#rate-limit, docs/analysis.md#429-back-off,
// docs/analysis.md#api-breaker).
import { describe, expect, test } from "vitest";
import { breakerRows, describeBackoff429 } from "@/lib/report/markdown";
import { recommend } from "@/lib/report/recommendations";
import { makeReport } from "@/tests/support/analysis-report";
import { at } from "../charts/factories";

describe("the 429 back-off line", () => {
  test.each([
    [{ max_streak: 0, early_retries: 0, after_give_up: 0 }, "no 429"],
    [
      { max_streak: 1, early_retries: 0, after_give_up: 0 },
      "429 back-off: longest streak 1, 0 early retries, 0 calls after give-up",
    ],
    [
      { max_streak: 6, early_retries: 1, after_give_up: 3 },
      "429 back-off: longest streak 6, 1 early retry, 3 calls after give-up",
    ],
  ])("%o → %s", (b, line) => {
    expect(describeBackoff429(b)).toBe(line);
  });
});

describe("recommendations", () => {
  const api = makeReport().api_breaker;
  test.each([
    { early: 0, giveUp: 0, advised: false },
    { early: 2, giveUp: 0, advised: true },
    { early: 0, giveUp: 1, advised: true },
  ])("429s: $early early retries, $giveUp after give-up → advised: $advised", ({ early, giveUp, advised }) => {
    const r = makeReport({
      api_breaker: { ...api, backoff_429: { max_streak: 4, early_retries: early, after_give_up: giveUp } },
    });
    expect(recommend(r).some((x) => x.startsWith("Back off on 429s"))).toBe(advised);
  });
  test.each([
    {
      name: "the last call waited: the run would have taken longer",
      extra: 1_800_000,
      text: "Pace model calls: 3 calls would have waited for the hourly limit, the longest 59m 0s; the run would have taken 30m 0s longer.",
    },
    {
      name: "the last call did not wait, an earlier one did",
      extra: 0,
      text: "Pace model calls: 3 calls would have waited for the hourly limit, the longest 59m 0s; the last call would not have waited.",
    },
  ])("rate limit — $name: the longest wait and the extra duration, never a sum", ({ extra, text }) => {
    const r = makeReport({
      rate_limit: { peak_per_hour: 103, waited_calls: 3, max_wait_ms: 3_540_000, extra_duration_ms: extra },
    });
    expect(recommend(r)).toContain(text);
  });
});

describe("breaker rows", () => {
  test("a HALF_OPEN by time names the cooldown that ran out; openings and closings carry no reason", () => {
    // permission OPEN at 10 s ····· 310 s HALF_OPEN (no event) · api OPEN at 20 s ·· 80 s HALF_OPEN · 90 s CLOSED
    const r = makeReport({
      permission_breaker: {
        transitions: [
          { from: "CLOSED", to: "OPEN", at: at(10) },
          { from: "OPEN", to: "HALF_OPEN", at: at(310) },
        ],
        final_state: "HALF_OPEN",
        denials: 3,
        grants: 0,
      },
      api_breaker: {
        ...makeReport().api_breaker,
        transitions: [
          { from: "CLOSED", to: "OPEN", at: at(20) },
          { from: "OPEN", to: "HALF_OPEN", at: at(80) },
          { from: "HALF_OPEN", to: "CLOSED", at: at(90) },
        ],
      },
    });
    expect(breakerRows(r).map(([, breaker, event, reason]) => [breaker, event, reason])).toEqual([
      ["permission", "CLOSED→OPEN", ""],
      ["api", "CLOSED→OPEN", ""],
      ["api", "OPEN→HALF_OPEN", "cooldown over (60 s)"],
      ["api", "HALF_OPEN→CLOSED", ""],
      ["permission", "OPEN→HALF_OPEN", "cooldown over (300 s)"],
    ]);
  });
});
