// The timeline's time axis with idle stretches folded (docs/dashboard.md#idle-folds):
// a strictly increasing, piecewise-linear map from ms since the run start to
// axis units — one unit a ms wherever the run worked, each fold squeezed into a
// few units — and its inverse. Every pixel position of the timeline is a view
// window of axis units spread over a width (layout.ts), so the waterfall, the
// ticks, the lanes, the minimap, the halt lines and the comment marks share
// this one mapping. Without folds it is the identity. Pure; O(log folds) a lookup.

/** A folded idle stretch [startMs, endMs), ms from the run start, with the words on its break. */
export type IdleFold = {
  startMs: number;
  endMs: number;
  /** "4h 12m idle", or "… waiting for a person" when a person held the time. */
  label: string;
  /** "4h 12m": the break's first line. */
  length: string;
  waiting: boolean;
};

export type TimeAxis = {
  /** Sorted, disjoint. */
  folds: readonly IdleFold[];
  /** The axis units each fold takes. */
  foldUnits: Float64Array;
  /** The axis value at each fold's start. */
  startUnits: Float64Array;
};

export const LINEAR_AXIS: TimeAxis = { folds: [], foldUnits: new Float64Array(0), startUnits: new Float64Array(0) };

/** The axis for these folds, each taking `units` (at most its own length: a fold never widens). */
export function foldAxis(folds: readonly IdleFold[], units: number): TimeAxis {
  const foldUnits = new Float64Array(folds.length);
  const startUnits = new Float64Array(folds.length);
  let cut = 0; // the ms taken out by the folds before this one
  folds.forEach((f, k) => {
    foldUnits[k] = Math.min(units, f.endMs - f.startMs);
    startUnits[k] = f.startMs - cut;
    cut += f.endMs - f.startMs - foldUnits[k]!;
  });
  return { folds, foldUnits, startUnits };
}

/** The last k whose value is ≤ v in an ascending list, -1 when none. */
function lastAtOrBefore(n: number, valueAt: (k: number) => number, v: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (valueAt(mid) <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function axisOfMs(a: TimeAxis, ms: number): number {
  const n = a.folds.length;
  if (n === 0) return ms;
  const k = lastAtOrBefore(n, (i) => a.folds[i]!.startMs, ms);
  if (k < 0) return ms;
  const f = a.folds[k]!;
  const u0 = a.startUnits[k]!;
  const w = a.foldUnits[k]!;
  if (ms < f.endMs) return u0 + ((ms - f.startMs) / (f.endMs - f.startMs)) * w;
  return u0 + w + (ms - f.endMs);
}

export function msOfAxis(a: TimeAxis, u: number): number {
  const n = a.folds.length;
  if (n === 0) return u;
  const k = lastAtOrBefore(n, (i) => a.startUnits[i]!, u);
  if (k < 0) return u;
  const f = a.folds[k]!;
  const u0 = a.startUnits[k]!;
  const w = a.foldUnits[k]!;
  if (u < u0 + w) return f.startMs + ((u - u0) / w) * (f.endMs - f.startMs);
  return f.endMs + (u - u0 - w);
}

/** The folds that meet [startMs, endMs]. O(folds). */
export function foldsIn(a: TimeAxis, startMs: number, endMs: number): IdleFold[] {
  return a.folds.filter((f) => f.endMs > startMs && f.startMs < endMs);
}

/** How many ms of [startMs, endMs] lie inside folds: the header's "… folded". */
export function foldedMsIn(a: TimeAxis, startMs: number, endMs: number): number {
  let ms = 0;
  for (const f of a.folds) ms += Math.max(0, Math.min(f.endMs, endMs) - Math.max(f.startMs, startMs));
  return ms;
}
