// The waterfall's top level grouped by turn (docs/dashboard.md#rows-by-turn):
// root spans that carry an iteration go under one entry per iteration, placed
// where its first shown root is; roots with none stay entries of their own,
// in time order. Each turn counts its spans (its roots and everything under
// them) and failures and spans their extent, whatever the filter shows.
// Iterative, O(n); rows.ts turns the entries into rows.
import type { SpanStore } from "./store";
import type { SpanTree } from "./tree";

export type TurnGroup = {
  n: number;
  /** Its roots the filter keeps, in time order. */
  roots: number[];
  t0: number;
  t1: number;
  spanCount: number;
  failures: number;
};

/** A top-level entry: a turn, or a root span with no iteration. */
export type TopEntry = { turn: TurnGroup } | { root: number };

/** Whether any root carries an iteration: only then is there a turn to group by. */
export function rootsHaveTurns(store: Pick<SpanStore, "iteration">, roots: ArrayLike<number>): boolean {
  for (let k = 0; k < roots.length; k++) if ((store.iteration[roots[k]!] ?? -1) >= 0) return true;
  return false;
}

export function groupRootsByTurn(
  store: Pick<SpanStore, "iteration" | "ok" | "t0" | "t1">,
  tree: Pick<SpanTree, "roots" | "childStart" | "children">,
  kept: (span: number) => boolean,
): TopEntry[] {
  const byN = new Map<number, TurnGroup>();
  const entries: TopEntry[] = [];
  const stack: number[] = [];
  for (const r of tree.roots) {
    const n = store.iteration[r] ?? -1;
    if (n < 0) {
      if (kept(r)) entries.push({ root: r });
      continue;
    }
    let g = byN.get(n);
    if (!g) {
      g = { n, roots: [], t0: Infinity, t1: -Infinity, spanCount: 0, failures: 0 };
      byN.set(n, g);
    }
    if (kept(r)) {
      if (g.roots.length === 0) entries.push({ turn: g });
      g.roots.push(r);
    }
    stack.push(r);
    while (stack.length > 0) {
      const i = stack.pop()!;
      g.spanCount++;
      if (!store.ok[i]) g.failures++;
      if (store.t0[i]! < g.t0) g.t0 = store.t0[i]!;
      if (store.t1[i]! > g.t1) g.t1 = store.t1[i]!;
      for (let c = tree.childStart[i]!; c < tree.childStart[i + 1]!; c++) stack.push(tree.children[c]!);
    }
  }
  return entries;
}
