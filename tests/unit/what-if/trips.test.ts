// lib/what-if/trips.ts — docs/dashboard.md#what-if: which breaker trips
// appear or disappear between the logged and the what-if analysis.
import { describe, expect, test } from "vitest";
import { diffTrips, listTrips } from "@/lib/what-if/trips";
import { makeReport } from "@/tests/support/analysis-report";

const at = (s: number) => `2026-03-28T14:00:${String(s).padStart(2, "0")}.000Z`;
type State = "CLOSED" | "OPEN" | "HALF_OPEN";
const loop = (iteration: number, from: State, to: State) => ({ from, to, at: at(iteration), iteration, reason: "r" });

describe("listTrips", () => {
  test("loop OPENs (a failed probe's too), tool windows, permission/API OPENs and three-layer trips, by time", () => {
    const r = makeReport({
      loop_breaker: {
        transitions: [loop(11, "CLOSED", "OPEN"), loop(27, "OPEN", "HALF_OPEN"), loop(27, "HALF_OPEN", "OPEN")],
        final_state: "OPEN",
        savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
      },
      tool_breakers: [{ tool: "http_get", opened: [{ at: at(5), until: at(50) }], blocked_calls: 0, blocked_ms: 0 }],
      permission_breaker: {
        transitions: [{ from: "CLOSED", to: "OPEN", at: at(20) }],
        final_state: "OPEN",
        denials: 3,
        grants: 0,
      },
      layers: {
        events: [
          { layer: "error", kind: "warning", severity: "LOW", value: 2, limit: 3, at: at(1) },
          { layer: "error", kind: "trip", severity: "HIGH", value: 4, limit: 3, iteration: 8, at: at(8) },
        ],
        status: "TRIGGERED",
        action: "AUTOMATIC_RECOVERY",
        after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
      },
    });
    expect(listTrips(r).map((x) => x.key)).toEqual([
      "tool:http_get@2026-03-28T14:00:05.000Z",
      "layer:error@8:",
      "loop@11",
      "permission@2026-03-28T14:00:20.000Z",
      "loop@27",
    ]);
  });
});

describe("diffTrips", () => {
  test("a re-open that moves from 27 to 20 is one trip that disappears and one that appears", () => {
    const logged = makeReport({
      loop_breaker: {
        transitions: [loop(11, "CLOSED", "OPEN"), loop(27, "HALF_OPEN", "OPEN")],
        final_state: "OPEN",
        savings: { iterations: 18, tokens: 0, ms: 0, cost_usd: null },
      },
    });
    const whatIf = makeReport({
      loop_breaker: {
        transitions: [loop(11, "CLOSED", "OPEN"), loop(20, "HALF_OPEN", "OPEN")],
        final_state: "OPEN",
        savings: { iterations: 18, tokens: 0, ms: 0, cost_usd: null },
      },
    });
    const diff = diffTrips(logged, whatIf);
    expect(diff.appeared.map((x) => x.key)).toEqual(["loop@20"]);
    expect(diff.disappeared.map((x) => x.key)).toEqual(["loop@27"]);
    expect(diff.kept.map((x) => x.key)).toEqual(["loop@11"]);
  });

  test("the same analysis twice: nothing appears or disappears", () => {
    const r = makeReport({
      loop_breaker: {
        transitions: [loop(3, "CLOSED", "OPEN")],
        final_state: "OPEN",
        savings: { iterations: 1, tokens: 0, ms: 0, cost_usd: null },
      },
    });
    expect(diffTrips(r, r)).toMatchObject({ appeared: [], disappeared: [], kept: [{ key: "loop@3" }] });
  });
});
