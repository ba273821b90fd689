// The timeline's URL state: `view=<startMs>-<endMs>` (ms from the run start,
// decimals allowed) and `span=<span_id>`, read from the page's search params
// and written back into a query string that keeps every other parameter
// (the run page's `tab`). Pure: the component does the history.replaceState.
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

/** `search` with view and span set (or removed when null); other parameters stay as they were. */
export function withTimelineParams(search: string, view: ViewRange | null, span: string | null): string {
  const p = new URLSearchParams(search);
  if (view) p.set("view", formatViewParam(view));
  else p.delete("view");
  if (span) p.set("span", span);
  else p.delete("span");
  const s = p.toString();
  return s ? `?${s}` : "";
}
