// docs/api.md#what-if-sweep — one point of a what-if sweep from the analysis
// report computed with that point's value: where the loop breaker would have
// halted the run, what halting would have saved (the report's
// loop_breaker.savings), and how many times any breaker tripped. O(transitions).
// Deliberately reads only the report: the sweep's settings and its
// computation belong to the caller.
import type { SweepPoint } from "../schemas/sweep";
import type { AnalysisReport } from "./analyze";

export type SweepReport = Pick<AnalysisReport, "loop_breaker" | "tool_breakers" | "permission_breaker" | "api_breaker">;

/**
 * Trips: transitions into OPEN of the loop, permission and API breakers,
 * including a failed probe's HALF_OPEN → OPEN, plus each OPEN window of a
 * tool breaker. The three-layer breaker's events are not state changes and
 * do not count.
 */
export function countTrips(report: SweepReport): number {
  const opens = (transitions: readonly { to: string }[]) => transitions.filter((t) => t.to === "OPEN").length;
  return (
    opens(report.loop_breaker.transitions) +
    opens(report.permission_breaker.transitions) +
    opens(report.api_breaker.transitions) +
    report.tool_breakers.reduce((n, b) => n + b.opened.length, 0)
  );
}

export function sweepPointOf(value: string | number, report: SweepReport): SweepPoint {
  const { would_have_halted_at: halted, savings } = report.loop_breaker;
  return {
    value,
    ...(halted && { halted_at: halted.iteration }),
    saved_iterations: savings.iterations,
    saved_tokens: savings.tokens,
    saved_cost_usd: savings.cost_usd,
    trips: countTrips(report),
  };
}
