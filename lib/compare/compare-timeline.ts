// Everything the compare page draws on its iteration axis (docs/dashboard.md#compare),
// prepared for both runs at once: the shared axis (1 … the larger last
// iteration), each run's breaker lanes, its score / context fill / tokens
// strip on a scale both share, and the iteration where its loop breaker would
// have halted. Pure; O(iterations + transitions) per run.
import type { AnalysisReport } from "../analysis/analyze";
import { prepareIterationSeries } from "../charts/iteration-series";
import type { StoredIteration } from "../schemas/records";
import { alignLanes, compareLanes, thinLane, type IterationLane } from "./compare-lanes";
import { prepareCompareStrips, type CompareScale, type CompareSeries } from "./compare-strip";
import { axisCells, iterationAxis, iterationClock, type IterationAxis } from "./iteration-axis";

/** About this many elements a lane at most, whatever the runs' length (two per pixel of a wide screen). */
export const MAX_LANE_CELLS = 2_000;

/** The iteration fields the axis and the strip read (a subset of the stored row). */
export type CompareIterationFacts = Pick<StoredIteration, "n" | "tsUs" | "tokensUsed">;
/** One run: its report, its iterations and its start (epoch µs; null: its first iteration's ts). */
export type CompareTimelineInput = {
  report: AnalysisReport;
  iterations: readonly CompareIterationFacts[];
  startUs: number | null;
};
export type CompareTimelineSide = {
  lanes: IterationLane[];
  series: CompareSeries[];
  /** The loop breaker's halt, or null when it never opens. */
  halt: { iteration: number; reason: string } | null;
  /** Its first and last iteration; null when it logged none. */
  span: [number, number] | null;
};
export type CompareTimeline = {
  axis: IterationAxis;
  scales: CompareScale[];
  a: CompareTimelineSide;
  b: CompareTimelineSide;
};

/**
 * Both runs show the same lanes, row for row (alignLanes). Null when neither
 * run logged an iteration: there is no axis to align them on.
 */
export function prepareCompareTimeline(a: CompareTimelineInput, b: CompareTimelineInput): CompareTimeline | null {
  const axis = iterationAxis(
    a.iterations.map((i) => i.n),
    b.iterations.map((i) => i.n),
  );
  if (!axis) return null;
  const pointsOf = (x: CompareTimelineInput) =>
    prepareIterationSeries(x.iterations, x.report.stagnation.iterations, x.report.token_budget.iterations);
  const strips = prepareCompareStrips(pointsOf(a), pointsOf(b), axis);
  const [sa, sb] = [sideOf(a, strips.a), sideOf(b, strips.b)];
  const lanes = alignLanes(sa.lanes, sb.lanes, { a: sa.span, b: sb.span });
  const thin = (ls: IterationLane[]) => ls.map((l) => thinLane(l, axis.first, axisCells(axis), MAX_LANE_CELLS));
  return {
    axis,
    scales: strips.scales,
    a: { ...sa, lanes: thin(lanes.a) },
    b: { ...sb, lanes: thin(lanes.b) },
  };
}

function sideOf(x: CompareTimelineInput, series: CompareSeries[]): CompareTimelineSide {
  const startUs = x.startUs ?? x.iterations.reduce((m, i) => Math.min(m, i.tsUs), Infinity);
  const clock = iterationClock(x.iterations, Number.isFinite(startUs) ? startUs : 0);
  const h = x.report.loop_breaker.would_have_halted_at;
  return {
    lanes: compareLanes(x.report, clock, Number.isFinite(startUs) ? startUs : 0),
    series,
    halt: h ? { iteration: h.iteration, reason: h.reason } : null,
    span: clock.ns.length > 0 ? [clock.ns[0]!, clock.ns.at(-1)!] : null,
  };
}
