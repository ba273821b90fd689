// The timeline's URL state: `view=<startMs>-<endMs>` (ms from the run start,
// decimals allowed), `span=<span_id>`, `at=<ms>` (the moment a link points
// at, highlighted; the window's middle when absent), the filters
// (`tool=`, `failures=1`, `q=`) and the idle folds (`folds=0` unfolds the
// time, `idle=<minutes>` moves the threshold: idle-folds.ts) and the
// conversation pane (`conv=1` opens it beside the waterfall; a `#turn-<n>` or
// `#span-<id>` hash is where it opens), read from the page's search params and
// written back into a query string that keeps every other parameter (the
// run page's `tab`). Pure: the component does the history.replaceState.
import type { TimelineFilter } from "./filter";
import { foldQueryValues, type FoldParams } from "./idle-folds";
import type { ViewRange } from "./layout";

const VIEW_RE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

export function parseViewParam(value: string | null | undefined): ViewRange | null {
  const m = value ? VIEW_RE.exec(value.trim()) : null;
  if (!m) return null;
  const startMs = Number(m[1]);
  const endMs = Number(m[2]);
  return endMs > startMs ? { startMs, endMs } : null;
}

/** Three decimals (µs) at most, trailing zeros dropped: short links, exact enough to restore. */
export function formatViewParam(view: ViewRange): string {
  const f = (ms: number) => String(Math.round(Math.max(0, ms) * 1000) / 1000);
  return `${f(view.startMs)}-${f(view.endMs)}`;
}

/** The filters a shared link carries; absent parameters filter nothing. */
export function parseFilterParams(q: Record<string, string | undefined>): TimelineFilter {
  return { tool: q.tool?.trim() || null, failuresOnly: q.failures === "1", search: q.q ?? "" };
}

/** The moment a link points at: `at=` when it parses, else the middle of `view=`, else null. */
export function parseMomentParam(at: string | undefined, view: ViewRange | null): number | null {
  const n = at !== undefined && /^\d+(\.\d+)?$/.test(at.trim()) ? Number(at) : NaN;
  if (Number.isFinite(n)) return n;
  return view ? (view.startMs + view.endMs) / 2 : null;
}

/**
 * `search` with view, span and (when given) the filters and folds set, or removed when
 * empty; other parameters stay as they were. `at=` is a link's one-off
 * target, so the timeline drops it once the user moves the view.
 */
export function withTimelineParams(
  search: string,
  view: ViewRange | null,
  span: string | null,
  filter?: TimelineFilter,
  keepAt = false,
  folds?: FoldParams,
): string {
  const p = new URLSearchParams(search);
  const put = (k: string, v: string | null) => (v ? p.set(k, v) : p.delete(k));
  put("view", view && formatViewParam(view));
  put("span", span);
  if (!keepAt) p.delete("at");
  if (filter) {
    put("tool", filter.tool);
    put("failures", filter.failuresOnly ? "1" : null);
    put("q", filter.search.trim() === "" ? null : filter.search);
  }
  if (folds) {
    const q = foldQueryValues(folds);
    put("folds", q.folds);
    put("idle", q.idle);
  }
  const s = p.toString();
  return s ? `?${s}` : "";
}

/**
 * The run page query that opens the timeline at a moment: a window of
 * ±padMs around atMs (clamped at the run start) and the moment itself.
 */
export function timelineMomentQuery(atMs: number, padMs: number): string {
  const view = { startMs: Math.max(0, Math.floor(atMs - padMs)), endMs: Math.ceil(atMs + padMs) };
  return `tab=timeline&view=${formatViewParam(view)}&at=${Math.round(Math.max(0, atMs) * 1000) / 1000}`;
}

/** Whether the conversation pane beside the waterfall is open: `conv=1`. */
export function parseConversationParam(q: Record<string, string | undefined>): boolean {
  return q.conv === "1";
}

/** `search` with the pane's `conv=1` set or removed; other parameters stay. */
export function withConversationParam(search: string, open: boolean): string {
  const p = new URLSearchParams(search);
  if (open) p.set("conv", "1");
  else p.delete("conv");
  const s = p.toString();
  return s ? `?${s}` : "";
}

/**
 * The run page link that opens the timeline with the conversation pane on a
 * turn (its `#turn-<n>` anchor), keeping `query`'s view and moment.
 */
export function conversationPaneHref(runId: string, query: string, anchor: string): string {
  return `/runs/${encodeURIComponent(runId)}${withConversationParam(query, true)}#${anchor}`;
}
