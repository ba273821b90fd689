// Geometry of the timeline as small pure functions of a view range (the
// jaeger-ui way): ms ↔ px for a [startMs, endMs] window drawn across a pixel
// width, bars culled when off-screen, and the zoom / pan arithmetic clamped
// to the run. A view is always in ms from the run start; the optional `axis`
// (time-axis.ts) folds idle stretches, and px, zoom and pan are then linear in
// its units, not in ms. O(1) each, plus O(log folds) with an axis, except the
// binary searches (O(log n)).
import { axisOfMs, LINEAR_AXIS, msOfAxis, type TimeAxis } from "./time-axis";

export type ViewRange = { startMs: number; endMs: number };

/**
 * Width of the label column for a timeline totalPx wide: 300 px on a wide
 * screen; on a narrow one (a phone) 40 % of it, at least 120 px, so the bars
 * keep most of the width.
 */
export function labelColumnPx(totalPx: number): number {
  if (totalPx >= 760) return 300;
  return Math.min(300, Math.max(120, Math.round(totalPx * 0.4)));
}

/** Narrowest window a zoom may reach: 1 µs would only show rounding noise. */
export const MIN_VIEW_MS = 0.01;

export function xOfMs(ms: number, view: ViewRange, widthPx: number, axis: TimeAxis = LINEAR_AXIS): number {
  if (axis.folds.length === 0) return ((ms - view.startMs) / (view.endMs - view.startMs)) * widthPx;
  const u0 = axisOfMs(axis, view.startMs);
  return ((axisOfMs(axis, ms) - u0) / (axisOfMs(axis, view.endMs) - u0)) * widthPx;
}

export function msOfX(x: number, view: ViewRange, widthPx: number, axis: TimeAxis = LINEAR_AXIS): number {
  if (axis.folds.length === 0) return view.startMs + (x / widthPx) * (view.endMs - view.startMs);
  const u = toUnits(view, axis);
  return msOfAxis(axis, u.startMs + (x / widthPx) * (u.endMs - u.startMs));
}

/** A view in axis units, and back: zoom and pan work on units, so a fold stays a fold's width. */
const toUnits = (v: ViewRange, a: TimeAxis): ViewRange => ({
  startMs: axisOfMs(a, v.startMs),
  endMs: axisOfMs(a, v.endMs),
});
const fromUnits = (v: ViewRange, a: TimeAxis): ViewRange => ({
  startMs: msOfAxis(a, v.startMs),
  endMs: msOfAxis(a, v.endMs),
});

/** A bar's x and width, at least minPx wide; null when it lies wholly outside the view. */
export function layoutBar(
  t0: number,
  t1: number,
  view: ViewRange,
  widthPx: number,
  minPx = 1,
  axis: TimeAxis = LINEAR_AXIS,
): { x: number; w: number } | null {
  if (t1 < view.startMs || t0 > view.endMs) return null;
  const x0 = Math.max(-1, xOfMs(t0, view, widthPx, axis));
  const x1 = Math.min(widthPx + 1, xOfMs(t1, view, widthPx, axis));
  return { x: x0, w: Math.max(minPx, x1 - x0) };
}

/** The window clamped into bounds, keeping its width where it fits. */
export function clampView(view: ViewRange, bounds: ViewRange, minMs = MIN_VIEW_MS): ViewRange {
  const full = bounds.endMs - bounds.startMs;
  let width = Math.min(Math.max(view.endMs - view.startMs, Math.min(minMs, full)), full);
  if (!(width > 0)) width = full;
  let start = Math.min(Math.max(view.startMs, bounds.startMs), bounds.endMs - width);
  if (!Number.isFinite(start)) start = bounds.startMs;
  return { startMs: start, endMs: start + width };
}

/** Zoom by factor (< 1 narrows) keeping anchorMs at the same screen position. */
export function zoomView(
  view: ViewRange,
  factor: number,
  anchorMs: number,
  bounds: ViewRange,
  axis: TimeAxis = LINEAR_AXIS,
): ViewRange {
  if (axis.folds.length > 0)
    return fromUnits(zoomView(toUnits(view, axis), factor, axisOfMs(axis, anchorMs), toUnits(bounds, axis)), axis);
  const ratio = (anchorMs - view.startMs) / (view.endMs - view.startMs);
  const width = Math.max((view.endMs - view.startMs) * factor, MIN_VIEW_MS);
  const start = anchorMs - ratio * width;
  return clampView({ startMs: start, endMs: start + width }, bounds);
}

/** Shift the window by deltaMs, stopping at the run's edges. */
export function panView(view: ViewRange, deltaMs: number, bounds: ViewRange): ViewRange {
  return clampView({ startMs: view.startMs + deltaMs, endMs: view.endMs + deltaMs }, bounds);
}

/**
 * Shift the window by dxPx of a strip widthPx wide that shows `scale` (the
 * window itself; the whole run on the minimap), stopping at the run's edges.
 * With folds the shift is in axis units: a fold passes by at its drawn width.
 */
export function panViewByPx(
  view: ViewRange,
  dxPx: number,
  widthPx: number,
  bounds: ViewRange,
  axis: TimeAxis = LINEAR_AXIS,
  scale: ViewRange = view,
): ViewRange {
  const s = toUnits(scale, axis);
  const d = (dxPx / widthPx) * (s.endMs - s.startMs);
  const u = toUnits(view, axis);
  return fromUnits(clampView({ startMs: u.startMs + d, endMs: u.endMs + d }, toUnits(bounds, axis)), axis);
}

/** The window moved so its middle is at atMs, keeping its width in axis units. */
export function centerView(view: ViewRange, atMs: number, bounds: ViewRange, axis: TimeAxis = LINEAR_AXIS): ViewRange {
  const u = toUnits(view, axis);
  const half = (u.endMs - u.startMs) / 2;
  const at = axisOfMs(axis, atMs);
  return fromUnits(clampView({ startMs: at - half, endMs: at + half }, toUnits(bounds, axis)), axis);
}

/** A window from two pixel positions of a drag-select. */
export function viewFromSelection(
  x0: number,
  x1: number,
  view: ViewRange,
  widthPx: number,
  bounds: ViewRange,
  axis: TimeAxis = LINEAR_AXIS,
): ViewRange {
  const a = msOfX(Math.min(x0, x1), view, widthPx, axis);
  const b = msOfX(Math.max(x0, x1), view, widthPx, axis);
  return clampView({ startMs: a, endMs: b }, bounds);
}

/** First index whose value is ≥ ms in an ascending array. */
export function lowerBound(sorted: ArrayLike<number>, ms: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [from, to) of the points of an ascending array that fall inside the view. */
export function visiblePoints(sorted: ArrayLike<number>, view: ViewRange): [number, number] {
  return [lowerBound(sorted, view.startMs), lowerBound(sorted, view.endMs + Number.EPSILON * view.endMs + 1e-9)];
}
