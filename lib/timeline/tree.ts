// The span tree from parent ids, as flat typed arrays (children in CSR form:
// the children of i are children[childStart[i] .. childStart[i+1])). O(n)
// time and memory, iterative — agent traces run deep, so no recursion.
// Orphans (parent unknown, or not yet loaded) are roots; a cycle is broken at
// its earliest span, which becomes a root. Siblings keep store order = t0.
import type { SpanStore } from "./store";

export type SpanTree = {
  parent: Int32Array;
  childStart: Int32Array;
  children: Int32Array;
  roots: Int32Array;
  depth: Int32Array;
};

function linkChildren(parent: Int32Array): Pick<SpanTree, "childStart" | "children" | "roots"> {
  const n = parent.length;
  const childStart = new Int32Array(n + 1);
  let rootCount = 0;
  for (let i = 0; i < n; i++) {
    if (parent[i]! < 0) rootCount++;
    else childStart[parent[i]! + 1]!++;
  }
  for (let i = 0; i < n; i++) childStart[i + 1]! += childStart[i]!;
  const fill = childStart.slice(0, n);
  const children = new Int32Array(n - rootCount);
  const roots = new Int32Array(rootCount);
  let r = 0;
  for (let i = 0; i < n; i++) {
    if (parent[i]! < 0) roots[r++] = i;
    else children[fill[parent[i]!]!++] = i;
  }
  return { childStart, children, roots };
}

/** Depth-first from the roots; returns the depths, -1 where a span was never reached (a cycle). */
function walkDepths(links: Pick<SpanTree, "childStart" | "children" | "roots">, n: number): Int32Array {
  const depth = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  for (const r of links.roots) {
    depth[r] = 0;
    stack.push(r);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let c = links.childStart[i]!; c < links.childStart[i + 1]!; c++) {
      const child = links.children[c]!;
      if (depth[child]! >= 0) continue;
      depth[child] = depth[i]! + 1;
      stack.push(child);
    }
  }
  return depth;
}

export function buildTree(store: Pick<SpanStore, "count" | "parentIds" | "indexOf">): SpanTree {
  const n = store.count;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const pid = store.parentIds[i];
    const p = pid == null ? undefined : store.indexOf.get(pid);
    parent[i] = p === undefined || p === i ? -1 : p;
  }
  let links = linkChildren(parent);
  let depth = walkDepths(links, n);
  // Spans on a cycle are unreachable from any root: cut each cycle at its earliest span,
  // then mark what that span reaches so one cut serves the whole cycle. O(n) overall.
  let cut = false;
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    if (depth[i]! >= 0) continue;
    parent[i] = -1;
    cut = true;
    depth[i] = 0;
    stack.push(i);
    while (stack.length > 0) {
      const j = stack.pop()!;
      for (let c = links.childStart[j]!; c < links.childStart[j + 1]!; c++) {
        const child = links.children[c]!;
        if (depth[child]! < 0) {
          depth[child] = 0;
          stack.push(child);
        }
      }
    }
  }
  if (cut) {
    links = linkChildren(parent);
    depth = walkDepths(links, n);
  }
  return { parent, ...links, depth };
}
