// The breaker lanes of the compare page on the iteration axis
// (docs/dashboard.md#compare): the timeline's lanes (lib/timeline/lanes.ts,
// in ms from the run start) moved onto iteration numbers. A change that names
// its iteration (loop breaker, three-layer, context tiers) keeps it; one that
// has only a time (tool breakers, permission, API, rate limit) takes the
// iteration whose span holds it (lib/compare/iteration-axis.ts). An iteration
// shows the most severe state the breaker was in during it, so an OPEN
// window shorter than one iteration still shows. Pure; O(segments + marks)
// per lane. It replays nothing: every state comes from the analysis report.
import type { AnalysisReport } from "../analysis/analyze";
import { breakerLanes, pickLaneInputs, type BreakerLane, type LaneKind, type LaneState } from "../timeline/lanes";
import { iterationAtMs, type IterationClock } from "./iteration-axis";

/** Iterations fromN..toN (inclusive) in one state. */
export type IterationSegment = { state: LaneState; fromN: number; toN: number };
/** The changes within one iteration: the first one's label, and how many there were. */
export type IterationMark = { n: number; state: LaneState; label: string; count: number };
export type IterationLane = {
  id: string;
  kind: LaneKind;
  label: string;
  segments: IterationSegment[];
  marks: IterationMark[];
};

const SEVERITY: Record<LaneState, number> = { CLOSED: 0, WARNING: 1, HALF_OPEN: 2, OPEN: 3 };

/** One lane on the iteration axis of a run with at least one iteration. */
export function laneOnIterations(lane: BreakerLane, clock: IterationClock): IterationLane | null {
  const firstN = clock.ns[0];
  const lastN = clock.ns[clock.ns.length - 1];
  if (firstN === undefined || lastN === undefined) return null;
  // The iteration a change names wins over the one its time falls in.
  const named = new Map<number, number>();
  for (const m of lane.marks) if (m.iteration !== null) named.set(m.atMs, m.iteration);
  const nAt = (ms: number): number => named.get(ms) ?? iterationAtMs(clock, ms)!;
  const starts = lane.segments.map((s, k) => (k === 0 ? firstN : Math.max(firstN, Math.min(lastN, nAt(s.startMs)))));
  const segments: IterationSegment[] = [];
  lane.segments.forEach((s, k) => {
    // A segment runs to the iteration where the next one starts: that iteration saw both.
    const toN = k + 1 < starts.length ? Math.max(starts[k]!, starts[k + 1]!) : lastN;
    placeSegment(segments, { state: s.state, fromN: starts[k]!, toN });
  });
  return { id: lane.id, kind: lane.kind, label: lane.label, segments, marks: marksByIteration(lane, nAt) };
}

/** Adds a segment after those placed; where they share iterations, the more severe state keeps them. */
function placeSegment(out: IterationSegment[], seg: IterationSegment): void {
  let { fromN } = seg;
  for (let last = out.at(-1); last && last.toN >= fromN; last = out.at(-1)) {
    if (SEVERITY[seg.state] <= SEVERITY[last.state]) {
      fromN = last.toN + 1;
      break;
    }
    if (last.fromN >= fromN) out.pop();
    else last.toN = fromN - 1;
  }
  if (fromN > seg.toN) return;
  const last = out.at(-1);
  if (last && last.state === seg.state && last.toN === fromN - 1) last.toN = seg.toN;
  else out.push({ state: seg.state, fromN, toN: seg.toN });
}

function marksByIteration(lane: BreakerLane, nAt: (ms: number) => number): IterationMark[] {
  const out: IterationMark[] = [];
  for (const m of lane.marks) {
    const n = nAt(m.atMs);
    const last = out.at(-1);
    if (last && last.n === n) last.count++;
    else out.push({ n, state: m.state, label: m.label, count: 1 });
  }
  return out;
}

/** Every lane of a run with any event, in the timeline's order, on the iteration axis; `startUs` is the clock's. */
export function compareLanes(report: AnalysisReport, clock: IterationClock, startUs: number): IterationLane[] {
  const endMs = clock.endsMs.at(-1) ?? 0;
  return breakerLanes(pickLaneInputs(report), startUs, endMs).flatMap((l) => laneOnIterations(l, clock) ?? []);
}

const KIND_ORDER: LaneKind[] = ["loop", "layers", "tool", "permission", "api", "rate", "context"];
const LOOP_LANE = { id: "loop", kind: "loop", label: "loop breaker" } as const;

/**
 * Both runs' lanes on the same rows: the union of their lanes (and always the
 * loop breaker's), in the timeline's order, tools by name. A lane a run has no
 * event in is CLOSED from its first iteration to its last; a run without
 * iterations has no lanes.
 */
export function alignLanes(
  a: readonly IterationLane[],
  b: readonly IterationLane[],
  ends: { a: [number, number] | null; b: [number, number] | null },
): { a: IterationLane[]; b: IterationLane[] } {
  const rows = new Map<string, Pick<IterationLane, "id" | "kind" | "label">>([["loop", LOOP_LANE]]);
  for (const l of [...a, ...b]) rows.set(l.id, { id: l.id, kind: l.kind, label: l.label });
  const order = [...rows.values()].sort(
    (x, y) => KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) || x.id.localeCompare(y.id),
  );
  const fill = (lanes: readonly IterationLane[], end: [number, number] | null): IterationLane[] => {
    if (!end) return [];
    const byId = new Map(lanes.map((l) => [l.id, l]));
    return order.map(
      (r) => byId.get(r.id) ?? { ...r, segments: [{ state: "CLOSED", fromN: end[0], toN: end[1] }], marks: [] },
    );
  };
  return { a: fill(a, ends.a), b: fill(b, ends.b) };
}

/**
 * A lane drawn with at most about `maxCells` elements however long the run:
 * iterations are taken `size` at a time (from `first`), each group showing
 * the most severe state in it and one mark counting its changes. A lane with
 * groups of 1 comes back as it was. O(segments + marks).
 */
export function thinLane(lane: IterationLane, first: number, cells: number, maxCells: number): IterationLane {
  const size = Math.ceil(cells / Math.max(1, maxCells));
  if (size <= 1) return lane;
  const start = (n: number) => first + Math.floor((n - first) / size) * size;
  const segments: IterationSegment[] = [];
  for (const s of lane.segments) {
    placeSegment(segments, { state: s.state, fromN: start(s.fromN), toN: Math.max(start(s.toN) + size - 1, s.toN) });
  }
  const last = lane.segments.at(-1)?.toN;
  if (last !== undefined && segments.length > 0) segments.at(-1)!.toN = Math.min(segments.at(-1)!.toN, last);
  const marks: IterationMark[] = [];
  for (const m of lane.marks) {
    const prev = marks.at(-1);
    if (prev && prev.n === start(m.n)) prev.count += m.count;
    else marks.push({ ...m, n: start(m.n) });
  }
  return { ...lane, segments, marks };
}
