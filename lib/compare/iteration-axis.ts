// The iteration axis of the compare page (docs/dashboard.md#compare): two runs
// aligned by iteration number, not by wall-clock time. A run's clock maps a
// moment (ms from its start) to the iteration whose span holds it — iteration
// n covers the time after the previous iteration's ts up to its own
// (docs/analysis.md#run-start-and-iteration-time-spans) — and the shared axis
// places iteration n as a cell of equal width from 1 to the larger last
// iteration of the two. Pure; O(iterations) to build, O(log iterations) a lookup.
// It does not read the wall-clock gap between runs: that is the timeline's job.

/** A run's iterations by n, each with the end of its span in ms from the run start. */
export type IterationClock = { ns: number[]; endsMs: number[] };
/** The shared axis: iteration `first` to `last`, one cell each. */
export type IterationAxis = { first: number; last: number };
export type AxisTick = { n: number; pct: number };

/** Comparing two moments the database and the report give in µs, in ms: a µs rounding apart is the same moment. */
const SAME_MS = 1e-3;

/** Ends are running maxima of ts in the order of n: an iteration whose ts goes backwards lasts 0 ms. */
export function iterationClock(iterations: readonly { n: number; tsUs: number }[], startUs: number): IterationClock {
  const sorted = [...iterations].sort((a, b) => a.n - b.n);
  let end = -Infinity;
  return {
    ns: sorted.map((it) => it.n),
    endsMs: sorted.map((it) => (end = Math.max(end, (it.tsUs - startUs) / 1000))),
  };
}

/**
 * The iteration holding a moment: the first whose span ends at or after it.
 * A moment before the run start is the first iteration's; one after the last
 * iteration shows at the last (it belongs to no iteration, but it happened in
 * this run). Null for a run without iterations.
 */
export function iterationAtMs(clock: IterationClock, ms: number): number | null {
  const { ns, endsMs } = clock;
  if (ns.length === 0) return null;
  let lo = 0;
  let hi = ns.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endsMs[mid]! < ms - SAME_MS) lo = mid + 1;
    else hi = mid;
  }
  return ns[Math.min(lo, ns.length - 1)]!;
}

/** 1 … the larger last iteration of the runs (lower when a run numbers from 0); null when neither has any. */
export function iterationAxis(...runs: readonly (readonly number[])[]): IterationAxis | null {
  const all = runs.flat();
  if (all.length === 0) return null;
  return { first: all.reduce((m, n) => Math.min(m, n), 1), last: all.reduce((m, n) => Math.max(m, n)) };
}

export const axisCells = (axis: IterationAxis): number => axis.last - axis.first + 1;

/** The left edge of iteration n's cell, in % of the axis width. */
export const cellLeftPct = (axis: IterationAxis, n: number): number => ((n - axis.first) / axisCells(axis)) * 100;

/** Iterations from..to (inclusive) as a left and a width in % of the axis. */
export function cellSpanPct(axis: IterationAxis, from: number, to: number): { left: number; width: number } {
  return { left: cellLeftPct(axis, from), width: ((to - from + 1) / axisCells(axis)) * 100 };
}

/** The smallest of 1, 2, 5, 10, 20, 50 … that leaves at most maxTicks multiples in `cells`. */
export function tickStep(cells: number, maxTicks: number): number {
  for (let mag = 1; ; mag *= 10)
    for (const m of [1, 2, 5]) if (Math.ceil(cells / (m * mag)) <= Math.max(1, maxTicks)) return m * mag;
}

/** Labels at the multiples of a round step, and at the first iteration when the first multiple is far from it; each at its cell's centre. */
export function axisTicks(axis: IterationAxis, maxTicks: number): AxisTick[] {
  const cells = axisCells(axis);
  const step = tickStep(cells, maxTicks);
  const at = (n: number): AxisTick => ({ n, pct: ((n - axis.first + 0.5) / cells) * 100 });
  const ticks: AxisTick[] = [];
  for (let n = Math.ceil(axis.first / step) * step; n <= axis.last; n += step) ticks.push(at(n));
  if (ticks.length === 0 || ticks[0]!.n - axis.first >= step / 2) ticks.unshift(at(axis.first));
  return ticks;
}
