// Iterations on the timeline: which span rows are iteration parents and what
// they read ("iteration 11 · score −3 · task t-2"), and which iteration
// numbers the axis lane can show without two labels overlapping (every one
// that fits, greedily left to right). Pure; O(iterations) per call.
import { xOfMs, type ViewRange } from "./layout";
import type { IterationBand } from "./overlays";
import { LINEAR_AXIS, type TimeAxis } from "./time-axis";

export type IterationInfo = { n: number; score: number | null; task: string | null };

/** "−3" with a true minus sign, "+2" for a gain, "0". */
export function formatScore(score: number): string {
  const r = Math.round(score * 10) / 10;
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "0";
}

export function iterationRowLabel(it: IterationInfo): string {
  return [
    `iteration ${it.n}`,
    it.score === null ? null : `score ${formatScore(it.score)}`,
    it.task === null ? null : `task ${it.task}`,
  ]
    .filter((x) => x !== null)
    .join(" · ");
}

/**
 * The iteration a top-level agent span stands for: the band (i−1's ts, i's ts]
 * holding its end — an iteration span ends when its iteration is logged.
 * Binary search over bands sorted by time; null past the last iteration.
 */
export function iterationAtEnd(bands: readonly IterationBand[], t1Ms: number): number | null {
  let lo = 0;
  let hi = bands.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bands[mid]!.endMs < t1Ms - 1e-6) lo = mid + 1;
    else hi = mid;
  }
  return lo < bands.length ? bands[lo]!.n : null;
}

export type AxisIterationLabel = { n: number; x: number; text: string };

/** Width of a label in px at the lane's 10 px font: about 6 px a character plus padding. */
export const labelWidthPx = (text: string): number => text.length * 6 + 6;

/**
 * Every iteration number whose label fits, placed at its band's start (at 0
 * when the band starts before the view); a label is dropped only when it
 * would overlap the previous one kept. O(visible bands).
 */
export function fitIterationLabels(
  bands: readonly IterationBand[],
  view: ViewRange,
  widthPx: number,
  gapPx = 4,
  axis: TimeAxis = LINEAR_AXIS,
): AxisIterationLabel[] {
  const out: AxisIterationLabel[] = [];
  let right = -Infinity;
  for (const b of bands) {
    if (b.endMs < view.startMs || b.startMs > view.endMs) continue;
    const text = `#${b.n}`;
    const x = Math.max(0, xOfMs(b.startMs, view, widthPx, axis));
    const w = labelWidthPx(text);
    if (x < right + gapPx || x + w > widthPx + w / 2) continue;
    out.push({ n: b.n, x, text });
    right = x + w;
  }
  return out;
}

/**
 * Iteration parent rows: top-level spans of kind `agent`, each standing for
 * the iteration whose band holds its end. Map from span index to n, and back
 * (the first span of each n). O(roots · log iterations).
 */
export function iterationSpans(
  store: { t1: ArrayLike<number>; kind: ArrayLike<number>; kinds: readonly string[] },
  roots: ArrayLike<number>,
  bands: readonly IterationBand[],
): { nOf: Map<number, number>; spanOf: Map<number, number> } {
  const agent = store.kinds.indexOf("agent");
  const nOf = new Map<number, number>();
  const spanOf = new Map<number, number>();
  if (agent < 0 || bands.length === 0) return { nOf, spanOf };
  for (let k = 0; k < roots.length; k++) {
    const i = roots[k]!;
    if (store.kind[i] !== agent) continue;
    const n = iterationAtEnd(bands, store.t1[i]!);
    if (n === null) continue;
    nOf.set(i, n);
    if (!spanOf.has(n)) spanOf.set(n, i);
  }
  return { nOf, spanOf };
}
