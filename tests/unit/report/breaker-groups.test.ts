// lib/report/breaker-groups.ts: repeated breaker events are one line per
// breaker and event, with a count, a time range and the calls blocked
// (docs/dashboard.md#post-mortem).
import { describe, expect, test } from "vitest";
import { describeBreakerGroup, groupBreakerEvents } from "@/lib/report/breaker-groups";
import { breakerEvents } from "@/lib/report/markdown";
import { makeReport } from "@/tests/support/analysis-report";
import { at } from "../charts/factories";

describe("grouping breaker events", () => {
  // http_get OPEN at 0 s, 60 s, …, 7 140 s (120×) · loop CLOSED→OPEN @11 at 30 s
  const opened = Array.from({ length: 120 }, (_, i) => ({ at: at(i * 60), until: at(i * 60 + 30) }));
  const report = makeReport({
    tool_breakers: [{ tool: "http_get", opened, blocked_calls: 183, blocked_ms: 18_300 }],
    loop_breaker: {
      transitions: [{ from: "CLOSED", to: "OPEN", at: at(30), iteration: 11, reason: "negative_window" }],
      final_state: "OPEN",
      would_have_halted_at: { iteration: 11, at: at(30), reason: "negative_window" },
      savings: { iterations: 5, tokens: 1000, ms: 60_000, cost_usd: null },
    },
  });

  test("120 openings of one tool are one group with the count, the range and the blocked calls", () => {
    const groups = groupBreakerEvents(breakerEvents(report), report);
    expect(groups.map((g) => [g.breaker, g.event, g.count, g.rows.length])).toEqual([
      ["tool:http_get", "OPEN", 120, 120],
      ["loop", "CLOSED→OPEN", 1, 1],
    ]);
    expect(describeBreakerGroup(groups[0]!)).toBe(
      "`tool:http_get` OPEN 120× between 10:00:00 and 11:59:00 UTC, 183 calls blocked",
    );
  });

  test("a single event keeps its time, iteration and reason", () => {
    const groups = groupBreakerEvents(breakerEvents(report), report);
    expect(describeBreakerGroup(groups[1]!)).toBe(
      "`loop` CLOSED→OPEN @11 at 2025-11-30 10:00:30 UTC — negative_window",
    );
  });

  test("a range across midnight names both dates", () => {
    const late = makeReport({
      tool_breakers: [
        {
          tool: "x",
          opened: [
            { at: at(12 * 3600), until: at(12 * 3600 + 30) },
            { at: at(22 * 3600), until: at(22 * 3600 + 30) },
          ],
          blocked_calls: 2,
          blocked_ms: 200,
        },
      ],
    });
    const [g] = groupBreakerEvents(breakerEvents(late), late);
    expect(describeBreakerGroup(g!)).toBe(
      "`tool:x` OPEN 2× between 2025-11-30 22:00:00 and 2025-12-01 08:00:00 UTC, 2 calls blocked",
    );
  });
});
