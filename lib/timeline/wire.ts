// The timeline's wire format: one compact columnar page of spans (parallel
// arrays, repeated strings as indices into small tables) so 100 000 spans
// travel in a handful of responses, each kept under ~2 MB (Next route
// responses break past ~4 MB). The first page also carries what the overlays
// need: the run's start and end, its iterations and its events.
import { z } from "zod";

export const TIMELINE_PAGE_DEFAULT = 10_000;
export const TIMELINE_PAGE_MAX = 20_000;
/** Soft ceiling of one page's JSON; a page stops early once its estimate passes it. */
export const TIMELINE_PAGE_BUDGET_BYTES = 1_500_000;
/** Errors longer than this are cut in the page; the span panel fetches the whole span. */
export const TIMELINE_ERROR_CHARS = 240;

export const TimelineQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
  cursor: z.string().max(2000).optional(),
});
export type TimelineQuery = z.output<typeof TimelineQuery>;

/** Spans of one page; index i of every array is the same span. Times are ms from the run start. */
export type TimelineSpanColumns = {
  ids: string[];
  /** Index into `parent_ids`, or -1 for no parent. */
  parent: number[];
  parent_ids: string[];
  /** Index into `names`. */
  name: number[];
  names: string[];
  /** Index into `kinds`. */
  kind: number[];
  kinds: string[];
  t0: number[];
  t1: number[];
  /** 1 ok, 0 failed. */
  ok: number[];
  /** Index into `errors`, or -1 for none. */
  error: number[];
  errors: string[];
};

export type TimelineIteration = { n: number; ts_ms: number };
export type TimelineEvent = {
  ts_ms: number;
  kind: string;
  tool: string | null;
  detail: string | null;
  status: number | null;
};

export type TimelineRunInfo = {
  /** Epoch µs of the run start (SPEC §3.12.3): every ms offset counts from here. */
  start_us: number;
  /** ms from the start to the run's last record. */
  end_ms: number;
  span_count: number;
  iterations: TimelineIteration[];
  events: TimelineEvent[];
};

export type TimelinePage = {
  run_id: string;
  spans: TimelineSpanColumns;
  next_cursor: string | null;
  /** Only on the first page (no cursor). */
  run?: TimelineRunInfo;
};

/** The first page is small so the waterfall paints at once; later pages are large so there are few. */
export const TIMELINE_FIRST_PAGE = 2_000;
export const TIMELINE_NEXT_PAGE = 20_000;

/** One URL for a page, shared by the client's fetch and the server's preload hint (they must match). */
export function timelinePageUrl(runId: string, cursor: string | null): string {
  const base = `/api/v1/runs/${encodeURIComponent(runId)}/timeline`;
  return cursor
    ? `${base}?limit=${TIMELINE_NEXT_PAGE}&cursor=${encodeURIComponent(cursor)}`
    : `${base}?limit=${TIMELINE_FIRST_PAGE}`;
}
