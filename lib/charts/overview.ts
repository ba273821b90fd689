// The run page's overview strip (docs/dashboard.md): the verdict
// sentences — where the loop breaker would have halted and what that saves,
// the three-layer status, the stagnation risk now, the context decision —
// as plain strings and a tone, so the component only lays them out. Pure.
import type { AnalysisReport } from "../analysis/analyze";
import { describeVerdictTrip, stopVerbOf, verdictStopOf } from "../report/stopping-points";
import type { Risk } from "../analysis/iteration-report-types";
import { formatDuration, formatRanges, formatTokens, formatUsd } from "../format";
import { plural, pluralWord } from "../plural";
import { summariseContext } from "./context-factors";

export type Tone = "ok" | "warn" | "bad" | "info";
export type Verdict = { text: string; tone: Tone; detail: string | null };

export type OverviewVerdicts = { halt: Verdict; layers: Verdict; risk: Verdict; context: Verdict };

const RISK_TONE: Record<Risk, Tone> = { LOW: "ok", MEDIUM: "warn", HIGH: "bad" };

/**
 * The verdict's card: the first breaker's stop when it is the verdict; "no
 * breaker would have stopped this run" (with the notes) when nothing is; a halt
 * below the verdict floor as a note beside another breaker's verdict
 * (docs/analysis.md#verdict).
 */
function haltVerdict(r: AnalysisReport): Verdict {
  const lb = r.loop_breaker;
  const h = verdictStopOf(r);
  const notes = r.verdict.notes.length ? `Note: ${r.verdict.notes.join("; ")}` : null;
  if (h) {
    const s = h.saved;
    const cost = s.cost_usd === null ? "" : `${formatUsd(s.cost_usd)} / `;
    const who = h.breaker === "loop breaker" ? "Loop breaker" : "Three-layer breaker";
    return {
      text: `${who} would have ${stopVerbOf(h)} ${h.breaker === "loop breaker" ? "" : "the run "}at iteration ${h.iteration} (${h.trigger}), saving ${plural(s.iterations, "iteration")} / ${formatTokens(s.tokens)} ${pluralWord(s.tokens, "token")} / ${cost}${formatDuration(s.ms)}`,
      tone: "bad",
      detail:
        h.breaker === "loop breaker" ? `ends ${lb.final_state}` : `${h.action}; loop breaker ends ${lb.final_state}`,
    };
  }
  if (!r.verdict.tripped) {
    const detail = notes ?? `loop breaker ends ${lb.final_state}`;
    return { text: "No breaker would have stopped this run", tone: notes ? "info" : "ok", detail };
  }
  const trip = describeVerdictTrip(r);
  if (trip) return { text: trip, tone: "warn", detail: notes ?? `loop breaker ends ${lb.final_state}` };
  if (lb.would_have_halted_at) return { text: "Loop breaker: below the verdict floor", tone: "info", detail: notes };
  return { text: "Loop breaker never opened", tone: "ok", detail: `ends ${lb.final_state}` };
}

export function prepareVerdicts(r: AnalysisReport): OverviewVerdicts {
  const halt = haltVerdict(r);

  const trips = r.layers.events.filter((e) => e.kind === "trip").length;
  const layers: Verdict = {
    text: `Three-layer breaker ${r.layers.status} · action ${r.layers.action}`,
    tone: r.layers.action === "BLOCKER_ESCALATION" ? "bad" : r.layers.status === "TRIGGERED" ? "warn" : "ok",
    detail: trips ? plural(trips, "trip") : null,
  };

  const its = r.stagnation.iterations;
  const last = its[its.length - 1];
  const risk: Verdict = last
    ? {
        text: `Stagnation risk now ${last.risk} (iteration ${last.n})`,
        tone: RISK_TONE[last.risk],
        detail: r.stagnation.detections.length ? describeDetections(r.stagnation.detections) : null,
      }
    : { text: "Stagnation risk: no iterations logged", tone: "info", detail: null };

  const context: Verdict = {
    text: `Context: ${summariseContext(r.context_clear)}`,
    tone: r.context_clear.decision === "clear" ? "warn" : "ok",
    detail: null,
  };
  return { halt, layers, risk, context };
}

/**
 * The run's cost: every call's, logged or priced by the `prices` setting
 * (docs/analysis.md#costs), summed over the report's tools; the run's
 * logged total when no call could be costed; null when neither knows.
 */
export function runCostOf(r: AnalysisReport, loggedUsd: number): number | null {
  const costed = r.tools.filter((t) => t.cost_usd !== null);
  if (costed.length > 0) return costed.reduce((sum, t) => sum + (t.cost_usd ?? 0), 0);
  return loggedUsd > 0 ? loggedUsd : null;
}

/** One entry per detector, in the order each first fired, its iterations as ranges: stays short at 600 iterations. */
export function describeDetections(detections: AnalysisReport["stagnation"]["detections"]): string {
  return groupDetections(detections)
    .map((g) => `${g.detector}@${g.ranges.map((r) => r.text).join(", ")}`)
    .join("; ");
}

type Detector = AnalysisReport["stagnation"]["detections"][number]["detector"];
export type DetectionGroup = { detector: Detector; ranges: { text: string; first: number }[] };

/** Detections by detector (first-fired order), each a list of iteration ranges with the iteration a link opens. */
export function groupDetections(detections: AnalysisReport["stagnation"]["detections"]): DetectionGroup[] {
  const byDetector = new Map<Detector, number[]>();
  for (const d of detections) byDetector.set(d.detector, [...(byDetector.get(d.detector) ?? []), d.at_iteration]);
  return [...byDetector].map(([detector, at]) => ({
    detector,
    ranges: formatRanges(at)
      .split(", ")
      .map((text) => ({ text, first: Number.parseInt(text, 10) })),
  }));
}
