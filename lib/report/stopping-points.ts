// The two stopping points of a run side by side (docs/dashboard.md#post-mortem):
// where the loop breaker would have halted it and where the three-layer
// breaker first tripped, each with what it would have done and what ran
// after it; the one that is the run's verdict leads the headline. Pure; O(1)
// over the report: the analysis sums what ran after each point
// (loop_breaker.savings, layers.after_first_trip).
import type { AnalysisReport } from "../analysis/analyze";
import { formatDuration, formatTimestamp, formatTokens, formatUsd } from "../format";
import { plural, pluralWord } from "../plural";

export type StoppingPoint = {
  breaker: "loop breaker" | "three-layer breaker";
  iteration: number;
  at: string;
  /** Why it stopped there: the detector, or the layer with its value and limit. */
  trigger: string;
  /** What the breaker would have done there. */
  action: string;
  /** What came after it: iterations, their tokens, time and cost (null: no call logs or prices one). */
  saved: AnalysisReport["layers"]["after_first_trip"];
};

/** The loop breaker's halt and the first three-layer trip, earliest first. */
export function prepareStoppingPoints(report: AnalysisReport): StoppingPoint[] {
  const out: StoppingPoint[] = [];
  const lb = report.loop_breaker;
  if (lb.would_have_halted_at) {
    const h = lb.would_have_halted_at;
    out.push({
      breaker: "loop breaker",
      iteration: h.iteration,
      at: h.at,
      trigger: h.reason,
      action: "halt the loop",
      saved: lb.savings,
    });
  }
  const trip = report.layers.events.find((e) => e.kind === "trip" && e.iteration !== undefined);
  if (trip && trip.iteration !== undefined) {
    out.push({
      breaker: "three-layer breaker",
      iteration: trip.iteration,
      at: trip.at,
      trigger: `${trip.layer} layer ${trip.value} / limit ${trip.limit}${trip.task_id ? ` (task ${trip.task_id})` : ""}, ${trip.severity}`,
      action:
        trip.severity === "HIGH"
          ? "escalate to a human (BLOCKER_ESCALATION)"
          : "recover automatically: reset the task and retry (AUTOMATIC_RECOVERY)",
      saved: report.layers.after_first_trip,
    });
  }
  return out.sort((a, b) => a.iteration - b.iteration || (a.at < b.at ? -1 : 1));
}

/** The stopping point that is the run's verdict (docs/analysis.md#verdict), or null when no stop is. */
export function verdictStopOf(report: AnalysisReport): StoppingPoint | null {
  const v = report.verdict.breaker;
  const breaker = v === "loop_breaker" ? "loop breaker" : v === "layers" ? "three-layer breaker" : null;
  return breaker === null ? null : (prepareStoppingPoints(report).find((p) => p.breaker === breaker) ?? null);
}

/**
 * The verdict of a breaker that does not stop the run (the permission or API
 * breaker, docs/analysis.md#verdict), as a headline says it; null for any other verdict.
 */
export function describeVerdictTrip(report: AnalysisReport): string | null {
  const { breaker, at } = report.verdict;
  const when = at === null ? "" : ` at ${formatTimestamp(at)} UTC`;
  if (breaker === "permission_breaker")
    return `The permission breaker would have opened${when}: the run would have gone on with every call confirmed by hand. No breaker would have stopped it.`;
  if (breaker === "api_breaker")
    return `The API breaker would have opened${when}: the run would have gone on with the model's failing calls failed fast. No breaker would have stopped it.`;
  return null;
}

/** How a headline says the verdict's stop: the loop breaker halts the loop, the three-layer breaker stops it for its action. */
export function stopVerbOf(p: StoppingPoint): string {
  return p.breaker === "loop breaker" ? "halted" : "stopped";
}

/** What stopping there saves, as a headline lists it: iterations, tokens, cost when known, time. */
export function describeSaved(s: StoppingPoint["saved"]): string {
  const parts = [
    plural(s.iterations, "iteration"),
    `${formatTokens(s.tokens)} ${pluralWord(s.tokens, "token")}`,
    ...(s.cost_usd === null ? [] : [formatUsd(s.cost_usd)]),
  ];
  return `${parts.join(", ")} and ${formatDuration(s.ms)}`;
}

/** One sentence per stopping point; the second says whether it comes earlier or later than the first. */
export function describeStoppingPoints(points: readonly StoppingPoint[]): string[] {
  return points.map((p, i) => {
    const first = points[0];
    const order =
      i === 0 || !first
        ? ""
        : p.iteration === first.iteration
          ? ` — at the same iteration as the ${first.breaker}`
          : ` — ${plural(p.iteration - first.iteration, "iteration")} after the ${first.breaker}`;
    const s = p.saved;
    const savedText = [
      plural(s.iterations, "iteration"),
      `${formatTokens(s.tokens)} ${pluralWord(s.tokens, "token")}`,
      ...(s.cost_usd === null ? [] : [formatUsd(s.cost_usd)]),
      formatDuration(s.ms),
    ].join(", ");
    const verb = p.breaker === "loop breaker" ? "saving" : "after it the run went on for";
    return `The ${p.breaker} at iteration ${p.iteration} (${formatTimestamp(p.at)} UTC, ${p.trigger}) would ${p.action}; ${verb} ${savedText}${order}.`;
  });
}
