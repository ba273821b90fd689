// The iterations tab's table, one page at a time (docs/dashboard.md#iterations): a run
// of 600 iterations must not put 600 rows in the page. The URL holds the
// state — `iters=<from>-<to>` zooms the table to a range of iteration numbers
// (what a click or a brush on the strip chart sets), `page=<k>` pages through
// it — so a link shows the same rows. Each row links to the timeline at its
// iteration: from the previous iteration's end (or the run start) to its own
// end, ms from the run start (the timeline's `view=` contract). Pure; O(rows).
import type { ViewRange } from "../timeline/layout";

/** Rows on one page of the iterations table. */
export const ITERATION_PAGE_SIZE = 50;

export type IterationRange = { from: number; to: number };

export type IterationPage<T> = {
  rows: T[];
  /** 1-based; clamped to the pages there are. */
  page: number;
  pages: number;
  /** Rows in the range (all rows when not zoomed). */
  total: number;
  range: IterationRange | null;
};

const RANGE_RE = /^(\d{1,9})-(\d{1,9})$/;

/** `12-60` → {from: 12, to: 60}; a reversed range is turned round; anything else is no zoom. */
export function parseIterationRange(value: string | undefined): IterationRange | null {
  const m = value ? RANGE_RE.exec(value.trim()) : null;
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

/** A 1-based page number from the URL; 1 for anything else. */
export function parsePageParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The rows of the range (or all), cut to one page. */
export function pageIterationRows<T extends { n: number }>(
  rows: readonly T[],
  range: IterationRange | null,
  page: number,
  size = ITERATION_PAGE_SIZE,
): IterationPage<T> {
  const inRange = range ? rows.filter((r) => r.n >= range.from && r.n <= range.to) : rows;
  const pages = Math.max(1, Math.ceil(inRange.length / size));
  const p = Math.min(Math.max(1, page), pages);
  return { rows: inRange.slice((p - 1) * size, p * size), page: p, pages, total: inRange.length, range };
}

/** A page's worth of iteration numbers centred on `n`, kept inside first..last. */
export function rangeAround(n: number, first: number, last: number, size = ITERATION_PAGE_SIZE): IterationRange {
  const half = Math.floor(size / 2);
  const from = Math.max(first, Math.min(n - half, last - size + 1));
  return { from, to: Math.min(last, from + size - 1) };
}

/** The URL value of a range: `12-60`. */
export const formatIterationRange = (r: IterationRange): string => `${r.from}-${r.to}`;

/**
 * Each iteration's timeline window: from the previous iteration's time (or the
 * run start) to its own, where an iteration record is written as it ends.
 * An iteration with no time before it gets a one-second window.
 */
export function iterationTimelineViews(
  facts: readonly { n: number; tsUs: number | null }[],
  runStartUs: number | null,
): Map<number, ViewRange> {
  const out = new Map<number, ViewRange>();
  let prevMs: number | null = runStartUs == null ? null : 0;
  for (const f of [...facts].sort((a, b) => a.n - b.n)) {
    if (f.tsUs == null || runStartUs == null) continue;
    const endMs = (f.tsUs - runStartUs) / 1000;
    const startMs = prevMs != null && prevMs < endMs ? prevMs : Math.max(0, endMs - 1000);
    out.set(f.n, { startMs, endMs: Math.max(endMs, startMs + 1) });
    prevMs = endMs;
  }
  return out;
}
