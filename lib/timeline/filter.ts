// Timeline filters: tool, failures only, and a case-insensitive text search
// on name and error. A match is shown with its ancestors as context, so the
// waterfall keeps its nesting. O(n) per filter change, never per frame.
import type { SpanStore } from "./store";
import type { SpanTree } from "./tree";

export type TimelineFilter = { tool: string | null; failuresOnly: boolean; search: string };

export const NO_FILTER: TimelineFilter = { tool: null, failuresOnly: false, search: "" };

export function isFiltering(f: TimelineFilter): boolean {
  return f.tool !== null || f.failuresOnly || f.search.trim() !== "";
}

/** 1 for each span the filter matches, 0 otherwise; null when nothing filters. */
export function matchSpans(store: SpanStore, f: TimelineFilter): Uint8Array | null {
  if (!isFiltering(f)) return null;
  const toolIdx = f.tool === null ? -1 : store.names.indexOf(f.tool);
  const needle = f.search.trim().toLowerCase();
  // Match each distinct name and error once, not once per span.
  const nameHit = store.names.map((n) => needle !== "" && n.toLowerCase().includes(needle));
  const errHit = store.errors.map((e) => needle !== "" && e.toLowerCase().includes(needle));
  const out = new Uint8Array(store.count);
  for (let i = 0; i < store.count; i++) {
    if (f.tool !== null && store.name[i] !== toolIdx) continue;
    if (f.failuresOnly && store.ok[i]) continue;
    if (needle !== "" && !nameHit[store.name[i]!] && !(store.error[i]! >= 0 && errHit[store.error[i]!])) continue;
    out[i] = 1;
  }
  return out;
}

/** What to keep: 1 = a match, 2 = an ancestor of a match kept for context, 0 = hidden. */
export function keepWithAncestors(tree: SpanTree, match: Uint8Array): Uint8Array {
  const keep = match.slice();
  for (let i = 0; i < keep.length; i++) {
    if (match[i] !== 1) continue;
    for (let p = tree.parent[i]!; p >= 0 && keep[p] === 0; p = tree.parent[p]!) keep[p] = 2;
  }
  return keep;
}
