// docs/guard.md#what-it-decides — the halt a run's verdict calls for, read
// from the analysis of the run so far (docs/analysis.md#verdict): the first
// halt is the first verdict in time; while an observed run goes on, what
// stopping there saves grows to what the post-mortem reports. Pure; O(findings).
import type { AnalysisReport } from "../analysis/analyze";
import { findingsOf } from "../analysis/verdict";
import type { GuardState } from "../schemas/guard";
import { formatTimeUs } from "../time";

/**
 * The halt the run's verdict calls for, or null when it has none (docs/analysis.md#verdict):
 * the analysis of the run so far, so the first halt is the first verdict in time.
 */
export function haltOf(report: AnalysisReport, atUs: number): GuardState["halt"] {
  const v = report.verdict;
  if (!v.tripped || v.breaker === null) return null;
  const halt = report.loop_breaker.would_have_halted_at;
  const trip = report.layers.events.find((e) => e.kind === "trip");
  const iteration =
    v.breaker === "loop_breaker"
      ? (halt?.iteration ?? null)
      : v.breaker === "layers"
        ? (trip?.iteration ?? null)
        : null;
  const what =
    v.breaker === "loop_breaker"
      ? `the loop breaker opened at iteration ${halt?.iteration ?? "?"} (${halt?.reason ?? "stagnation"})`
      : v.breaker === "layers"
        ? `the three-layer breaker tripped at iteration ${trip?.iteration ?? "?"} (${trip?.layer ?? ""} layer)`
        : v.breaker === "permission_breaker"
          ? "the permission breaker opened: permission was refused again and again"
          : "the API breaker opened: the model's API failed again and again";
  return {
    breaker: v.breaker,
    reason: `${what}: stop and rethink the approach`,
    at: formatTimeUs(atUs),
    iteration,
    would_save: v.would_save,
  };
}

/** What stopping at the halt's breaker saves in this report: it grows while an observed run goes on. */
export function savedSince(report: AnalysisReport, halt: NonNullable<GuardState["halt"]>): GuardState["halt"] {
  const finding = findingsOf(report).find((f) => f.breaker === halt.breaker);
  if (!finding) return halt;
  const { iterations, tokens, ms } = finding.saved;
  return { ...halt, would_save: { iterations, tokens, ms } };
}
