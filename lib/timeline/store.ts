// The client's copy of a run's spans: the columnar pages of wire.ts appended
// into one set of parallel arrays, with the pages' small string tables merged
// into global ones. O(page) per append; spans keep their (t0, span_id) order,
// so an index is also a position in time order. Parent ids stay strings here:
// a parent may arrive in a later page, so the tree resolves them (tree.ts).
import { emptyColumns, type TimelineSpanColumns } from "./wire";

export type SpanStore = {
  count: number;
  ids: string[];
  parentIds: (string | null)[];
  /** Index into `names`. */
  name: number[];
  names: string[];
  kind: number[];
  kinds: string[];
  t0: number[];
  t1: number[];
  ok: Uint8Array;
  /** Index into `errors`, or -1. */
  error: number[];
  errors: string[];
  /** The span's iteration number, or -1 for none. */
  iteration: number[];
  indexOf: Map<string, number>;
  /** The latest end seen, ms from the run start. */
  maxT1: number;
};

export function emptyStore(): SpanStore {
  // A page's columns, but parents kept as ids (a parent may arrive later) and ok as bytes.
  const { parent: _parent, parent_ids: _parentIds, ok: _ok, ...columns } = emptyColumns();
  return { ...columns, count: 0, parentIds: [], ok: new Uint8Array(0), indexOf: new Map(), maxT1: 0 };
}

/** Map a page's local string table onto the store's global one. */
function mergeTable(global: string[], local: string[]): number[] {
  const at = new Map(global.map((s, i) => [s, i] as const));
  return local.map((s) => {
    const i = at.get(s);
    if (i !== undefined) return i;
    global.push(s);
    return global.length - 1;
  });
}

/** A new store object (for React identity) holding the old spans followed by the page's. */
export function appendPage(store: SpanStore, page: TimelineSpanColumns): SpanStore {
  const names = store.names.slice();
  const kinds = store.kinds.slice();
  const errors = store.errors.slice();
  const nameMap = mergeTable(names, page.names);
  const kindMap = mergeTable(kinds, page.kinds);
  const errMap = mergeTable(errors, page.errors);
  const n = page.ids.length;
  const ok = new Uint8Array(store.count + n);
  ok.set(store.ok);
  const s: SpanStore = { ...store, names, kinds, errors, ok, count: store.count + n };
  for (let j = 0; j < n; j++) {
    const i = store.count + j;
    const id = page.ids[j]!;
    s.ids.push(id);
    s.indexOf.set(id, i);
    s.parentIds.push(page.parent[j]! < 0 ? null : page.parent_ids[page.parent[j]!]!);
    s.name.push(nameMap[page.name[j]!]!);
    s.kind.push(kindMap[page.kind[j]!]!);
    s.t0.push(page.t0[j]!);
    s.t1.push(page.t1[j]!);
    ok[i] = page.ok[j] ? 1 : 0;
    s.error.push(page.error[j]! < 0 ? -1 : errMap[page.error[j]!]!);
    s.iteration.push(page.iteration[j] ?? -1);
    if (page.t1[j]! > s.maxT1) s.maxT1 = page.t1[j]!;
  }
  return s;
}

export const spanName = (s: SpanStore, i: number): string => s.names[s.name[i]!]!;
export const spanError = (s: SpanStore, i: number): string => (s.error[i]! < 0 ? "" : s.errors[s.error[i]!]!);
export const spanKind = (s: SpanStore, i: number): string => s.kinds[s.kind[i]!]!;
