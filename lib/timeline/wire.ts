// The timeline's wire format — its schemas are in lib/schemas/timeline.ts —
// and how it is paged: each page kept under ~2 MB (Next route responses
// break past ~4 MB), the first one small so the waterfall paints at once.
import type { TimelineSpanColumns } from "../schemas/timeline";

export {
  TIMELINE_PAGE_DEFAULT,
  TIMELINE_PAGE_MAX,
  TimelineEvent,
  TimelineIteration,
  TimelinePage,
  TimelineQuery,
  TimelineRunInfo,
  TimelineSpanColumns,
} from "../schemas/timeline";

/** A page with no spans yet: every column empty. */
export function emptyColumns(): TimelineSpanColumns {
  return {
    ids: [],
    parent: [],
    parent_ids: [],
    name: [],
    names: [],
    kind: [],
    kinds: [],
    t0: [],
    t1: [],
    ok: [],
    error: [],
    errors: [],
    iteration: [],
  };
}

/** Soft ceiling of one page's JSON; a page stops early once its estimate passes it. */
export const TIMELINE_PAGE_BUDGET_BYTES = 1_500_000;
/** Errors longer than this are cut in the page; the span panel fetches the whole span. */
export const TIMELINE_ERROR_CHARS = 240;

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
