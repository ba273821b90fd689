// Breaker lanes above the span rows (docs/dashboard.md#breaker-lanes): one thin
// lane per breaker that has any event in the run — loop, three-layer, one per
// tool breaker, permission, API, rate limit, context — as state segments
// (CLOSED / HALF_OPEN / OPEN, and WARNING for the breakers that only warn and
// trip) with a labelled mark at each transition, in ms from the run start.
// Pure; O(transitions · log) per lane. It does not replay anything: every
// state comes from the analysis report — which is Loopscope's replay of the
// breakers over the log, not what the harness did, and the lanes say so.
// A tool lane also carries the calls its replayed breaker would have blocked
// (blocked-calls.ts): the replay's verdict about a call lives on the lane.
// Each lane names the glossary breaker it is and the kinds of terms its marks
// name (LANE_BREAKER, LANE_MARK_TERMS), so the page explains every name it shows.
import type { AnalysisReport } from "../analysis/analyze";
import type { GlossaryKind, GlossaryName } from "../glossary";
import { xOfMs } from "./layout";
import { msFromIso } from "./overlays";
import { LINEAR_AXIS, type TimeAxis } from "./time-axis";

export type LaneState = "CLOSED" | "HALF_OPEN" | "OPEN" | "WARNING";
export type LaneKind = "loop" | "layers" | "tool" | "permission" | "api" | "rate" | "context";
export type LaneSegment = { state: LaneState; startMs: number; endMs: number };
export type LaneMark = { atMs: number; state: LaneState; label: string; iteration: number | null };
export type BreakerLane = { id: string; kind: LaneKind; label: string; segments: LaneSegment[]; marks: LaneMark[] };

type Change = { at: string; to: string; label?: string; iteration?: number | null };

/** The glossary breaker each lane is (lib/glossary.ts): its label explains itself on the page. */
export const LANE_BREAKER: Readonly<Record<LaneKind, GlossaryName<"breaker">>> = {
  loop: "loop",
  layers: "layer",
  tool: "tool",
  permission: "permission",
  api: "api",
  rate: "rate",
  context: "context",
};

/**
 * The glossary kinds a lane's mark labels name, first kind first
 * (`OPEN · no_progress`, `HALF_OPEN · cooldown_elapsed`, `iteration warning`,
 * `pause: hourly limit reached`, `AUTO_COMPACT`, `clear recommended`):
 * tests/unit/glossary-lanes.test.ts checks that every name a mark can show is found.
 */
export const LANE_MARK_TERMS: Readonly<Record<LaneKind, readonly GlossaryKind[]>> = {
  loop: ["state", "detector", "transition"],
  layers: ["event"],
  tool: ["state"],
  permission: ["state"],
  api: ["state"],
  rate: ["event"],
  context: ["tier", "decision"],
};

/** The serialisable part of the report the lanes and halt lines need (picked on the server). */
export type LaneInputs = {
  loop: { from: string; to: string; at: string; iteration: number; reason: string }[];
  layers: { layer: string; kind: "warning" | "trip"; at: string; iteration?: number; task_id?: string }[];
  tools: { tool: string; opened: { at: string; until: string }[]; blocked_calls: number }[];
  permission: { from: string; to: string; at: string }[];
  api: { from: string; to: string; at: string }[];
  rate: { warning_at: string | null; pause_at: string | null };
  context: { from: string; to: string; at: string; iteration: number }[];
  clear_at: { iteration: number; at: string } | null;
  halt: AnalysisReport["loop_breaker"]["would_have_halted_at"] | null;
  savings: AnalysisReport["loop_breaker"]["savings"];
  scores: { n: number; score: number }[];
};

/** No breaker events at all: what the timeline draws from before the analysis arrives. */
export const NO_LANE_INPUTS: LaneInputs = {
  loop: [],
  layers: [],
  tools: [],
  permission: [],
  api: [],
  rate: { warning_at: null, pause_at: null },
  context: [],
  clear_at: null,
  halt: null,
  savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
  scores: [],
};

export function pickLaneInputs(r: AnalysisReport): LaneInputs {
  return {
    loop: r.loop_breaker.transitions.map(({ from, to, at, iteration, reason }) => ({
      from,
      to,
      at,
      iteration,
      reason,
    })),
    layers: r.layers.events.map(({ layer, kind, at, iteration, task_id }) => ({ layer, kind, at, iteration, task_id })),
    tools: r.tool_breakers.map((b) => ({ tool: b.tool, opened: b.opened, blocked_calls: b.blocked_calls })),
    permission: r.permission_breaker.transitions.map(({ from, to, at }) => ({ from, to, at })),
    api: r.api_breaker.transitions.map(({ from, to, at }) => ({ from, to, at })),
    rate: { warning_at: r.rate_limit.warning_at ?? null, pause_at: r.rate_limit.pause_at ?? null },
    context: r.token_budget.transitions,
    clear_at: r.context_clear.first_recommended_at ?? null,
    halt: r.loop_breaker.would_have_halted_at ?? null,
    savings: r.loop_breaker.savings,
    scores: r.stagnation.iterations.map(({ n, score }) => ({ n, score })),
  };
}

/** Context tiers read as breaker states: NORMAL is closed, WARNING warns, every compaction tier is open. */
const TIER_STATE: Record<string, LaneState> = { NORMAL: "CLOSED", WARNING: "WARNING" };
const asState = (s: string): LaneState =>
  s === "CLOSED" || s === "HALF_OPEN" || s === "OPEN" ? s : (TIER_STATE[s] ?? "OPEN");

/** Segments from the run start (CLOSED) through each change to endMs; marks at every change. */
export function laneFromChanges(
  id: string,
  kind: LaneKind,
  label: string,
  changes: readonly Change[],
  startUs: number,
  endMs: number,
): BreakerLane {
  const sorted = changes
    .map((c) => ({ ...c, atMs: msFromIso(c.at, startUs), state: asState(c.to) }))
    .sort((a, b) => a.atMs - b.atMs);
  const segments: LaneSegment[] = [];
  let state: LaneState = "CLOSED";
  let from = 0;
  for (const c of sorted) {
    if (c.atMs > from) segments.push({ state, startMs: from, endMs: c.atMs });
    state = c.state;
    from = Math.max(from, c.atMs);
  }
  segments.push({ state, startMs: from, endMs: Math.max(endMs, from) });
  const marks = sorted.map((c) => ({
    atMs: c.atMs,
    state: c.state,
    label: c.label ?? c.to,
    iteration: c.iteration ?? null,
  }));
  return { id, kind, label, segments: mergeSegments(segments), marks };
}

/** Neighbouring segments of one state become one. */
function mergeSegments(segs: LaneSegment[]): LaneSegment[] {
  const out: LaneSegment[] = [];
  for (const s of segs) {
    const last = out[out.length - 1];
    if (last && last.state === s.state) last.endMs = s.endMs;
    else out.push({ ...s });
  }
  return out;
}

/** Three-layer events only escalate: a warning after a trip does not close the lane again. */
function layerChanges(layers: LaneInputs["layers"]): Change[] {
  let tripped = false;
  return [...layers]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((e) => {
      tripped ||= e.kind === "trip";
      const label = `${e.layer} ${e.kind}${e.task_id ? ` (${e.task_id})` : ""}`;
      return { at: e.at, to: tripped ? "OPEN" : "WARNING", label, iteration: e.iteration ?? null };
    });
}

/** Every lane with at least one event, in a fixed order: loop, three-layer, tools, permission, API, rate, context. */
export function breakerLanes(x: LaneInputs, startUs: number, endMs: number): BreakerLane[] {
  const lane = (id: string, kind: LaneKind, label: string, changes: Change[]) =>
    changes.length === 0 ? [] : [laneFromChanges(id, kind, label, changes, startUs, endMs)];
  const rate: Change[] = [
    ...(x.rate.warning_at ? [{ at: x.rate.warning_at, to: "WARNING", label: "80 % of the hourly calls" }] : []),
    ...(x.rate.pause_at ? [{ at: x.rate.pause_at, to: "OPEN", label: "pause: hourly limit reached" }] : []),
  ];
  const context: Change[] = x.context.map((t) => ({ at: t.at, to: t.to, label: t.to, iteration: t.iteration }));
  if (x.clear_at) context.push({ ...x.clear_at, to: tierAt(x.context, x.clear_at.at), label: "clear recommended" });
  return [
    ...lane(
      "loop",
      "loop",
      "loop breaker",
      x.loop.map((t) => ({ ...t, label: `${t.to} · ${t.reason}` })),
    ),
    ...lane("layers", "layers", "three-layer", layerChanges(x.layers)),
    ...x.tools.flatMap((b) =>
      lane(
        `tool:${b.tool}`,
        "tool",
        `tool ${b.tool}`,
        b.opened.flatMap((o) => [
          { at: o.at, to: "OPEN", label: "OPEN" },
          { at: o.until, to: "CLOSED", label: "cooled down" },
        ]),
      ),
    ),
    ...lane("permission", "permission", "permission", x.permission),
    ...lane("api", "api", "API", x.api),
    ...lane("rate", "rate", "rate limit", rate),
    ...lane("context", "context", "context", context),
  ];
}

/** The tier in force at `at` (the last transition at or before it), NORMAL before any. */
function tierAt(ts: LaneInputs["context"], at: string): string {
  let tier = "NORMAL";
  for (const t of ts) if (Date.parse(t.at) <= Date.parse(at)) tier = t.to;
  return tier;
}

/** Each tool's OPEN windows in ms, sorted, for the blocked marks on that tool's own spans. */
export function toolOpenWindows(x: Pick<LaneInputs, "tools">, startUs: number): Map<string, [number, number][]> {
  return new Map(
    x.tools.map((b) => [
      b.tool,
      b.opened
        .map((o): [number, number] => [msFromIso(o.at, startUs), msFromIso(o.until, startUs)])
        .sort((a, b) => a[0] - b[0]),
    ]),
  );
}

/** Whether a call starting at t0Ms falls inside one of its tool's OPEN windows [at, until): it would have been blocked. */
export function isBlockedStart(windows: readonly (readonly [number, number])[] | undefined, t0Ms: number): boolean {
  if (!windows) return false;
  let lo = 0;
  let hi = windows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (windows[mid]![0] <= t0Ms) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && t0Ms < windows[lo - 1]![1];
}

const SEVERITY: Record<LaneState, number> = { CLOSED: 0, WARNING: 1, HALF_OPEN: 2, OPEN: 3 };
export type PlacedSegment = { state: LaneState; x: number; w: number; startMs: number; endMs: number };
export type PlacedMark = { mark: LaneMark; x: number };

/**
 * A lane's segments and marks in the view as pixels, thinned so a dense lane
 * costs what its width does, not what its events do: a segment under a pixel
 * joins its neighbour (which shows the more severe state of the two), and a
 * mark within minGapPx of the previous one kept is dropped. O(log n + visible).
 */
export function placeLane(
  lane: Pick<BreakerLane, "segments" | "marks">,
  view: { startMs: number; endMs: number },
  widthPx: number,
  minGapPx = 2,
  axis: TimeAxis = LINEAR_AXIS,
): { segments: PlacedSegment[]; marks: PlacedMark[] } {
  const scale = widthPx / (view.endMs - view.startMs);
  const xOf =
    axis.folds.length === 0
      ? (ms: number) => (ms - view.startMs) * scale
      : (ms: number) => xOfMs(ms, view, widthPx, axis);
  const segments: PlacedSegment[] = [];
  for (const s of lane.segments) {
    if (s.endMs < view.startMs || s.startMs > view.endMs) continue;
    const x0 = Math.max(0, xOf(s.startMs));
    const x1 = Math.min(widthPx, xOf(s.endMs));
    const last = segments[segments.length - 1];
    if (last && x1 - x0 < 1 && last.w < 1 && x0 - (last.x + last.w) < 1) {
      last.w = Math.max(last.w, x1 - last.x);
      last.endMs = s.endMs;
      if (SEVERITY[s.state] > SEVERITY[last.state]) last.state = s.state;
      continue;
    }
    segments.push({ state: s.state, x: x0, w: x1 - x0, startMs: s.startMs, endMs: s.endMs });
  }
  const marks: PlacedMark[] = [];
  for (const m of lane.marks) {
    if (m.atMs < view.startMs || m.atMs > view.endMs) continue;
    const x = xOf(m.atMs);
    const last = marks[marks.length - 1];
    if (last && x - last.x < minGapPx) continue;
    marks.push({ mark: m, x });
  }
  return { segments, marks };
}
