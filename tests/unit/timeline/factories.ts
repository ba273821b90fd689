// Tiny factories for the timeline tests: spans written as short tuples become
// one columnar page (the wire format) and then a store, as the client builds it.
import { appendPage, emptyStore, type SpanStore } from "@/lib/timeline/store";
import type { TimelineSpanColumns } from "@/lib/timeline/wire";

export type S = {
  id: string;
  parent?: string | null;
  name?: string;
  t0?: number;
  t1?: number;
  ok?: boolean;
  error?: string;
  kind?: string;
  /** The span's iteration (turn or step); none when absent. */
  iteration?: number;
};

export function makePage(spans: S[]): TimelineSpanColumns {
  const table = (xs: string[]) => {
    const list = [...new Set(xs)];
    const at = new Map(list.map((x, i) => [x, i] as const));
    return Object.assign(list, { at: (x: string) => at.get(x)! });
  };
  const names = table(spans.map((s) => s.name ?? "tool"));
  const kinds = table(spans.map((s) => s.kind ?? "tool"));
  const errors = table(spans.filter((s) => s.error).map((s) => s.error!));
  const parents = table(spans.filter((s) => s.parent).map((s) => s.parent!));
  return {
    ids: spans.map((s) => s.id),
    parent: spans.map((s) => (s.parent ? parents.at(s.parent) : -1)),
    parent_ids: parents,
    name: spans.map((s) => names.at(s.name ?? "tool")),
    names,
    kind: spans.map((s) => kinds.at(s.kind ?? "tool")),
    kinds,
    t0: spans.map((s, i) => s.t0 ?? i * 10),
    t1: spans.map((s, i) => s.t1 ?? (s.t0 ?? i * 10) + 5),
    ok: spans.map((s) => ((s.ok ?? !s.error) ? 1 : 0)),
    error: spans.map((s) => (s.error ? errors.at(s.error) : -1)),
    errors,
    iteration: spans.map((s) => s.iteration ?? -1),
  };
}

export function makeStore(...pages: S[][]): SpanStore {
  return pages.reduce((store, p) => appendPage(store, makePage(p)), emptyStore());
}
