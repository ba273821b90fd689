// lib/analysis/sweep.ts — docs/api.md#what-if-sweep: a report → one sweep point.
import { describe, expect, test } from "vitest";
import { countTrips, sweepPointOf } from "@/lib/analysis/sweep";
import { makeReport } from "@/tests/support/analysis-report";

const AT = "2026-03-28T14:00:00.000Z";
const move = (from: string, to: string) => ({ from, to, at: AT }) as { from: "CLOSED"; to: "OPEN"; at: string };

describe("sweepPointOf", () => {
  test("a run the loop breaker never opens on: no halted_at, nothing saved, no trips", () => {
    expect(sweepPointOf(5, makeReport())).toEqual({
      value: 5,
      saved_iterations: 0,
      saved_tokens: 0,
      saved_cost_usd: null,
      trips: 0,
    });
  });

  test("halted_at is the loop breaker's halting iteration and the savings are the report's", () => {
    // CLOSED → OPEN at 4 (halt) → HALF_OPEN at 9 → OPEN again (a failed probe)
    const report = makeReport({
      loop_breaker: {
        transitions: [
          { ...move("CLOSED", "OPEN"), iteration: 4, reason: "repeated_call" },
          { ...move("OPEN", "HALF_OPEN"), iteration: 9, reason: "cooldown_elapsed" },
          { ...move("HALF_OPEN", "OPEN"), iteration: 9, reason: "probe_failed" },
        ],
        final_state: "OPEN",
        would_have_halted_at: { iteration: 4, at: AT, reason: "repeated_call" },
        savings: { iterations: 7, tokens: 7000, ms: 420_000, cost_usd: 0.35 },
      },
    });
    expect(sweepPointOf("relaxed", report)).toEqual({
      value: "relaxed",
      halted_at: 4,
      saved_iterations: 7,
      saved_tokens: 7000,
      saved_cost_usd: 0.35,
      trips: 2,
    });
  });
});

describe("countTrips", () => {
  test("counts every transition into OPEN of every breaker, and each tool breaker window", () => {
    const report = makeReport({
      tool_breakers: [
        {
          tool: "http_get",
          opened: [
            { at: AT, until: AT },
            { at: AT, until: AT },
          ],
          blocked_calls: 3,
          blocked_ms: 10,
        },
        { tool: "search", opened: [{ at: AT, until: AT }], blocked_calls: 0, blocked_ms: 0 },
      ],
      permission_breaker: {
        transitions: [move("CLOSED", "OPEN"), move("OPEN", "HALF_OPEN"), move("HALF_OPEN", "CLOSED")],
        final_state: "CLOSED",
        denials: 3,
        grants: 1,
      },
      api_breaker: { ...makeReport().api_breaker, transitions: [move("CLOSED", "OPEN")], final_state: "OPEN" },
    });
    expect(countTrips(report)).toBe(3 + 1 + 1);
  });
});
