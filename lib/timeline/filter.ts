// Timeline filters: tool, failures only, and a case-insensitive text search
// on name and error — and, through `also`, on what the spans do not carry:
// an iteration's logged errors and its events' details match that
// iteration's own span (searchIterationSpans). A match is shown with its
// ancestors as context, so the waterfall keeps its nesting. O(n) per filter
// change, never per frame.
import type { SpanStore } from "./store";
import type { SpanTree } from "./tree";

export type TimelineFilter = { tool: string | null; failuresOnly: boolean; search: string };

export const NO_FILTER: TimelineFilter = { tool: null, failuresOnly: false, search: "" };

export function isFiltering(f: TimelineFilter): boolean {
  return f.tool !== null || f.failuresOnly || f.search.trim() !== "";
}

/** 1 for each span the filter matches, 0 otherwise; null when nothing filters. */
export function matchSpans(
  store: SpanStore,
  f: TimelineFilter,
  also: ReadonlySet<number> = new Set(),
): Uint8Array | null {
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
    if (needle !== "" && !nameHit[store.name[i]!] && !(store.error[i]! >= 0 && errHit[store.error[i]!]) && !also.has(i))
      continue;
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

/** What the search can read beyond the spans: each iteration's errors and the events in its band. */
export type SearchExtras = {
  iterations: readonly { n: number; errors?: readonly string[] }[];
  events: readonly { ts_ms: number; kind: string; tool: string | null; detail: string | null }[];
};

/**
 * The iteration spans (span index by iteration n, from iterationSpans) whose
 * iteration logged an error, or holds an event, that contains the needle.
 * O(iterations + events · log iterations).
 */
export function searchIterationSpans(
  needle: string,
  x: SearchExtras,
  spanOfIteration: ReadonlyMap<number, number>,
  iterationAt: (ms: number) => number | null,
): Set<number> {
  const q = needle.trim().toLowerCase();
  const out = new Set<number>();
  if (q === "") return out;
  const add = (n: number | null) => {
    const i = n === null ? undefined : spanOfIteration.get(n);
    if (i !== undefined) out.add(i);
  };
  for (const it of x.iterations) if (it.errors?.some((e) => e.toLowerCase().includes(q))) add(it.n);
  for (const e of x.events) {
    const text = `${e.kind} ${e.tool ?? ""} ${e.detail ?? ""}`.toLowerCase();
    if (text.includes(q)) add(iterationAt(e.ts_ms));
  }
  return out;
}
