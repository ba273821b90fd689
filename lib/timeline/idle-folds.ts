// Idle stretches folded on the time axis (docs/dashboard.md#idle-folds): the
// gaps longer than IDLE_FOLD_MS in which no call was running and nothing was
// logged, each shown as a marked break of a fixed small width ("4h 12m idle")
// instead of hours of empty axis. A call (any span but a container) is active
// over [t0, t1]; a container (kind `agent`: an iteration, a sub-agent) and a
// call that waits for a person (the report's `human_tools` and
// `permission_tools`) count by their start and end only, as do iterations and
// events: an iteration that sat idle for an hour is folded too, and a break
// that a wait for a person spans reads "… waiting for a person". Spans come in
// t0 order (the store's), so a gap is known once a span starting after it
// has loaded; until the last page, nothing past the last start is folded.
// Pure; O(spans + points · log points).
import { formatDuration } from "../format";
import type { SpanStore } from "./store";
import { foldAxis, LINEAR_AXIS, type IdleFold, type TimeAxis } from "./time-axis";

/** No activity for longer than this is folded (the URL's `idle=` minutes override it). */
export const IDLE_FOLD_MS = 10 * 60_000;
/** A break's width in px when the whole run is shown. */
export const IDLE_FOLD_PX = 56;
/** All breaks together take at most this share of the width. */
const MAX_FOLD_SHARE = 0.3;

export type IdleInputs = {
  store: Pick<SpanStore, "count" | "t0" | "t1" | "kind" | "kinds" | "name">;
  /** Name indices whose calls wait for a person. */
  waitNames: ReadonlySet<number>;
  /** Iteration and event times in ms, any order. */
  points: readonly number[];
  endMs: number;
  /** The latest time the loaded spans settle: the last loaded start, or Infinity once every page is in. */
  knownUntilMs: number;
};

/** The idle stretches longer than minGapMs, in time order. */
export function findIdleFolds(x: IdleInputs, minGapMs = IDLE_FOLD_MS): IdleFold[] {
  const { store } = x;
  const agent = store.kinds.indexOf("agent");
  const late: number[] = [...x.points]; // instants that are not a call's start, sorted below
  const waits: [number, number][] = [];
  for (let i = 0; i < store.count; i++) {
    const byEnds = store.kind[i] === agent || x.waitNames.has(store.name[i]!);
    if (byEnds) late.push(store.t1[i]!);
    if (x.waitNames.has(store.name[i]!)) waits.push([store.t0[i]!, store.t1[i]!]);
  }
  late.sort((a, b) => a - b);
  const gaps: [number, number][] = [];
  let cursor = 0; // the run start is activity
  const reach = (start: number, end: number) => {
    if (start - cursor > minGapMs && start <= x.knownUntilMs) gaps.push([cursor, start]);
    cursor = Math.max(cursor, end);
  };
  let p = 0;
  for (let i = 0; i < store.count; i++) {
    const t0 = store.t0[i]!;
    while (p < late.length && late[p]! <= t0) reach(late[p]!, late[p++]!);
    const byEnds = store.kind[i] === agent || x.waitNames.has(store.name[i]!);
    reach(t0, byEnds ? t0 : Math.max(t0, store.t1[i]!));
  }
  while (p < late.length) reach(late[p]!, late[p++]!);
  if (x.knownUntilMs >= x.endMs) reach(x.endMs, x.endMs);
  return gaps.map(([startMs, endMs]) => {
    const waiting = waits.some(([a, b]) => a < endMs && b > startMs);
    const length = formatDuration(endMs - startMs);
    return { startMs, endMs, label: `${length} ${waiting ? "waiting for a person" : "idle"}`, length, waiting };
  });
}

/**
 * The axis that shows each fold foldPx wide when the whole run (0 to endMs) is
 * drawn widthPx wide — narrower when many folds would take more than
 * MAX_FOLD_SHARE of it. A fold that would save less than its own width is not
 * folded. O(folds).
 */
export function idleAxis(folds: readonly IdleFold[], endMs: number, widthPx: number, foldPx = IDLE_FOLD_PX): TimeAxis {
  let kept = folds;
  // Each pass drops at least one fold or returns, so this ends within folds.length + 1 passes.
  while (kept.length > 0) {
    const px = Math.min(foldPx, (widthPx * MAX_FOLD_SHARE) / kept.length);
    const folded = kept.reduce((s, f) => s + f.endMs - f.startMs, 0);
    const workMs = endMs - folded;
    // ms per px of worked time, times a fold's px; with no worked time at all the folds share the width.
    const units = workMs > 0 ? (px * workMs) / Math.max(1, widthPx - kept.length * px) : 1;
    const worth = kept.filter((f) => f.endMs - f.startMs > 2 * units);
    if (worth.length === kept.length) return foldAxis(kept, units);
    kept = worth;
  }
  return LINEAR_AXIS;
}

/** The URL's fold settings: `folds=0` shows the time unfolded, `idle=<minutes>` moves the threshold. */
export type FoldParams = { fold: boolean; idleMs: number };

export const DEFAULT_FOLD_PARAMS: FoldParams = { fold: true, idleMs: IDLE_FOLD_MS };

export function parseFoldParams(q: Record<string, string | undefined>): FoldParams {
  const min = q.idle !== undefined && /^\d+(\.\d+)?$/.test(q.idle.trim()) ? Number(q.idle) : NaN;
  return { fold: q.folds !== "0", idleMs: min > 0 ? min * 60_000 : IDLE_FOLD_MS };
}

/** The `folds=` and `idle=` values for a query string; null drops a parameter at its default. */
export function foldQueryValues(f: FoldParams): { folds: string | null; idle: string | null } {
  return {
    folds: f.fold ? null : "0",
    idle: f.idleMs === IDLE_FOLD_MS ? null : String(Math.round((f.idleMs / 60_000) * 1000) / 1000),
  };
}
