// docs/guard.md#what-it-decides — what the run's verdict calls for, read from
// the analysis of the run so far (docs/analysis.md#verdict). A verdict that
// stops the run (the loop breaker's halt, a three-layer trip) is the halt: the
// verdict is the first stop in time, so the analysis of the run so far names
// the stop the post-mortem names. A verdict that only changes how the run goes
// on (the permission or API breaker opened) is a trip, told once, never a halt.
// While an observed run goes on, what stopping at the halt saves grows to what
// the post-mortem reports. Pure; O(findings).
import type { AnalysisReport } from "../analysis/analyze";
import { findingsOf } from "../analysis/verdict";
import { verdictStopOf } from "../report/stopping-points";
import type { GuardState } from "../schemas/guard";
import type { Finding } from "./call-rules";
import { formatTimeUs } from "../time";

/** The halt the run's verdict calls for, or null when its verdict, if any, stops nothing. */
export function haltOf(report: AnalysisReport, atUs: number): GuardState["halt"] {
  const stop = verdictStopOf(report);
  const breaker = report.verdict.breaker;
  if (!stop || (breaker !== "loop_breaker" && breaker !== "layers")) return null;
  const reason =
    breaker === "loop_breaker"
      ? `the loop breaker opened at iteration ${stop.iteration} (${stop.trigger}): stop and rethink the approach`
      : `the three-layer breaker tripped at iteration ${stop.iteration} (${stop.trigger}): ${stop.action}`;
  return {
    breaker,
    reason,
    at: formatTimeUs(atUs),
    iteration: stop.iteration,
    would_save: report.verdict.would_save,
  };
}

/** The run's verdict when it is a breaker that does not stop the run: told as a trip, once. */
export function runTripOf(
  report: AnalysisReport,
): (Finding & { breaker: "permission_breaker" | "api_breaker" }) | null {
  const { breaker } = report.verdict;
  if (breaker === "permission_breaker")
    return {
      breaker,
      reason: "the permission breaker opened: permission was refused again and again; confirm calls by hand",
    };
  if (breaker === "api_breaker")
    return { breaker, reason: "the API breaker opened: the model's API failed again and again; fail its calls fast" };
  return null;
}

/** What stopping at the halt's breaker saves in this report: it grows while an observed run goes on. */
export function savedSince(report: AnalysisReport, halt: NonNullable<GuardState["halt"]>): GuardState["halt"] {
  const finding = findingsOf(report).find((f) => f.breaker === halt.breaker);
  if (!finding) return halt;
  const { iterations, tokens, ms } = finding.saved;
  return { ...halt, would_save: { iterations, tokens, ms } };
}
