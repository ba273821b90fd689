// The waterfall's rows: the span tree flattened depth-first, skipping the
// children of collapsed spans and whatever the filter hides, optionally
// folding runs of consecutive sibling leaves of the same tool into one
// "repeat" row (count, min / median / max duration). When asked (`turns`,
// turns.ts), root spans that carry an iteration go one level deeper under a
// "turn" row of their iteration (turn-rows.ts), which folds like a parent.
// Iterative, O(n) plus the sort of each fold's durations; runs when data,
// collapse or filters change.
import type { SpanStore } from "./store";
import type { SpanTree } from "./tree";
import { groupRootsByTurn, rootsHaveTurns, type TurnGroup } from "./turn-rows";
import { turnRowLabel, type TurnGrouping, type TurnNoun } from "./turns";

export type SpanRow = {
  kind: "span";
  span: number;
  depth: number;
  hasChildren: boolean;
  collapsed: boolean;
  /** Shown only as an ancestor of a filter match. */
  context: boolean;
};
export type RepeatRow = {
  kind: "repeat";
  /** Store indices, in time order. */
  spans: number[];
  depth: number;
  name: number;
  failures: number;
  minMs: number;
  medianMs: number;
  maxMs: number;
  t0: number;
  t1: number;
};
/** A synthetic row for one turn (or step) of the run, over its root spans. */
export type TurnRow = {
  kind: "turn";
  n: number;
  noun: TurnNoun;
  /** "turn 3 · Fix the cart total". */
  label: string;
  /** Its key in `collapsed` (turnKey). */
  key: string;
  depth: number;
  collapsed: boolean;
  /** Spans in the turn (its roots and all under them) and how many failed, whatever the filter shows. */
  spanCount: number;
  failures: number;
  t0: number;
  t1: number;
};
export type TimelineRow = SpanRow | RepeatRow | TurnRow;

/** A turn row's key in the `collapsed` set, beside the span ids. */
export const turnKey = (n: number): string => `turn:${n}`;

export type FlattenOptions = {
  /** Span ids (and turnKey keys) whose children are hidden. */
  collapsed: ReadonlySet<string>;
  /** From keepWithAncestors; null keeps everything. */
  keep: Uint8Array | null;
  collapseRepeats: boolean;
  /** A fold needs at least this many siblings. */
  minRepeat?: number;
  /** Group the roots by turn under turn rows; null or absent: no turn rows. */
  turns?: TurnGrouping | null;
};

type Item = { span: number } | { group: number[] } | { turn: TurnGroup };

export function median(sorted: readonly number[]): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

function repeatRow(store: SpanStore, spans: number[], depth: number): RepeatRow {
  const durations = spans.map((i) => store.t1[i]! - store.t0[i]!).sort((a, b) => a - b);
  let failures = 0;
  let t1 = -Infinity;
  for (const i of spans) {
    if (!store.ok[i]) failures++;
    if (store.t1[i]! > t1) t1 = store.t1[i]!;
  }
  return {
    kind: "repeat",
    spans,
    depth,
    name: store.name[spans[0]!]!,
    failures,
    minMs: durations[0]!,
    medianMs: median(durations),
    maxMs: durations[durations.length - 1]!,
    t0: store.t0[spans[0]!]!,
    t1,
  };
}

export function flattenRows(store: SpanStore, tree: SpanTree, o: FlattenOptions): TimelineRow[] {
  const minRepeat = o.minRepeat ?? 2;
  const kept = (i: number) => o.keep === null || o.keep[i]! > 0;
  const keptChildren = (i: number): number[] => {
    const out: number[] = [];
    for (let c = tree.childStart[i]!; c < tree.childStart[i + 1]!; c++)
      if (kept(tree.children[c]!)) out.push(tree.children[c]!);
    return out;
  };
  const isLeaf = (i: number) => {
    for (let c = tree.childStart[i]!; c < tree.childStart[i + 1]!; c++) if (kept(tree.children[c]!)) return false;
    return true;
  };
  /** Siblings → items, folding runs of same-named leaves when asked. */
  const itemsOf = (siblings: ArrayLike<number>): Item[] => {
    const items: Item[] = [];
    for (let k = 0; k < siblings.length;) {
      const i = siblings[k]!;
      let end = k + 1;
      if (o.collapseRepeats && isLeaf(i)) {
        while (end < siblings.length && store.name[siblings[end]!] === store.name[i] && isLeaf(siblings[end]!)) end++;
      }
      if (end - k >= minRepeat) items.push({ group: Array.from({ length: end - k }, (_, j) => siblings[k + j]!) });
      else {
        items.push({ span: i });
        end = k + 1;
      }
      k = end;
    }
    return items;
  };
  const rows: TimelineRow[] = [];
  const stack: { item: Item; depth: number }[] = [];
  const pushAll = (items: Item[], depth: number) => {
    for (let k = items.length - 1; k >= 0; k--) stack.push({ item: items[k]!, depth });
  };
  const turns = o.turns && rootsHaveTurns(store, tree.roots) ? o.turns : null;
  pushAll(
    turns ? topItems(groupRootsByTurn(store, tree, kept), itemsOf) : itemsOf(Array.from(tree.roots).filter(kept)),
    0,
  );
  while (stack.length > 0) {
    const { item, depth } = stack.pop()!;
    if ("group" in item) {
      rows.push(repeatRow(store, item.group, depth));
      continue;
    }
    if ("turn" in item) {
      const row = turnRow(item.turn, turns!, o.collapsed, depth);
      rows.push(row);
      if (!row.collapsed) pushAll(itemsOf(item.turn.roots), depth + 1);
      continue;
    }
    const i = item.span;
    const children = keptChildren(i);
    const collapsed = o.collapsed.has(store.ids[i]!);
    rows.push({
      kind: "span",
      span: i,
      depth,
      hasChildren: children.length > 0,
      collapsed,
      context: o.keep !== null && o.keep[i] === 2,
    });
    if (!collapsed && children.length > 0) pushAll(itemsOf(children), depth + 1);
  }
  return rows;
}

/** The top level: each turn, and each run of roots with no iteration folded as siblings are. */
function topItems(entries: ReturnType<typeof groupRootsByTurn>, itemsOf: (s: number[]) => Item[]): Item[] {
  const out: Item[] = [];
  let loose: number[] = [];
  for (const e of entries) {
    if ("root" in e) {
      loose.push(e.root);
      continue;
    }
    out.push(...itemsOf(loose), { turn: e.turn });
    loose = [];
  }
  out.push(...itemsOf(loose));
  return out;
}

function turnRow(g: TurnGroup, turns: TurnGrouping, collapsed: ReadonlySet<string>, depth: number): TurnRow {
  const key = turnKey(g.n);
  return {
    kind: "turn",
    n: g.n,
    noun: turns.noun,
    label: turnRowLabel(turns.noun, g.n, turns.labels.get(g.n) ?? null),
    key,
    depth,
    collapsed: collapsed.has(key),
    spanCount: g.spanCount,
    failures: g.failures,
    t0: g.t0,
    t1: g.t1,
  };
}

/** The row showing a span (directly or inside a fold), or -1: a turn row shows none itself. O(rows). */
export function rowIndexOfSpan(rows: readonly TimelineRow[], span: number): number {
  return rows.findIndex((r) => (r.kind === "span" ? r.span === span : r.kind === "repeat" && r.spans.includes(span)));
}

/**
 * The first row (in row order) still running at or after `ms`: where the rows
 * should scroll when a link opens the timeline at a moment (`view=`) without
 * naming a span. -1 when no loaded row reaches that far yet.
 */
export function firstRowAtTime(rows: readonly TimelineRow[], store: Pick<SpanStore, "t1">, ms: number): number {
  return rows.findIndex((r) =>
    r.kind === "span"
      ? store.t1[r.span]! >= ms
      : r.kind === "turn"
        ? r.t1 >= ms
        : r.spans.some((s) => store.t1[s]! >= ms),
  );
}

/** A row's bar from its first start to its last end, ms from the run start. */
export function rowExtent(row: TimelineRow, store: Pick<SpanStore, "t0" | "t1">): [number, number] {
  return row.kind === "span" ? [store.t0[row.span]!, store.t1[row.span]!] : [row.t0, row.t1];
}

/**
 * Where the rows scroll when a link names a moment: the first row whose bar
 * covers `atMs`, else the first whose bar meets the view window, else the
 * first still running after the window's start. -1 when nothing loaded
 * reaches there yet. O(rows).
 */
export function rowAtMoment(
  rows: readonly TimelineRow[],
  store: Pick<SpanStore, "t0" | "t1">,
  atMs: number,
  view: { startMs: number; endMs: number },
): number {
  let meets = -1;
  for (let r = 0; r < rows.length; r++) {
    const [a, b] = rowExtent(rows[r]!, store);
    if (a <= atMs && atMs <= b) return r;
    if (meets < 0 && a <= view.endMs && b >= view.startMs) meets = r;
  }
  return meets >= 0 ? meets : firstRowAtTime(rows, store, view.startMs);
}

/** Whether any of rows [from, to] has a bar inside the view window: if not, the rows show an empty area. */
export function rowsMeetWindow(
  rows: readonly TimelineRow[],
  store: Pick<SpanStore, "t0" | "t1">,
  from: number,
  to: number,
  view: { startMs: number; endMs: number },
): boolean {
  for (let r = Math.max(0, from); r <= Math.min(rows.length - 1, to); r++) {
    const [a, b] = rowExtent(rows[r]!, store);
    if (a <= view.endMs && b >= view.startMs) return true;
  }
  return false;
}
