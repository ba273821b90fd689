// The span tree (lib/timeline/tree.ts) and the store it is built from.
import { describe, expect, test } from "vitest";
import { buildTree } from "@/lib/timeline/tree";
import { spanName } from "@/lib/timeline/store";
import { makeStore } from "./factories";

const childrenOf = (t: ReturnType<typeof buildTree>, i: number) =>
  Array.from(t.children.subarray(t.childStart[i], t.childStart[i + 1]));

describe("buildTree", () => {
  test("children nest under their parent in time order, with depths", () => {
    // root ─┬─ a ── a1
    //       └─ b
    const s = makeStore([
      { id: "root" },
      { id: "a", parent: "root" },
      { id: "a1", parent: "a" },
      { id: "b", parent: "root" },
    ]);
    const t = buildTree(s);
    expect(Array.from(t.roots)).toEqual([0]);
    expect(childrenOf(t, 0)).toEqual([1, 3]);
    expect(childrenOf(t, 1)).toEqual([2]);
    expect(Array.from(t.depth)).toEqual([0, 1, 2, 1]);
  });

  test("a span whose parent is unknown becomes a root", () => {
    const t = buildTree(makeStore([{ id: "x", parent: "missing" }, { id: "y" }]));
    expect(Array.from(t.roots)).toEqual([0, 1]);
  });

  test("a parent arriving in a later page adopts the child it orphaned", () => {
    const s = makeStore([{ id: "child", parent: "late", t0: 5 }], [{ id: "late", t0: 6 }]);
    const t = buildTree(s);
    expect(Array.from(t.roots)).toEqual([1]);
    expect(childrenOf(t, 1)).toEqual([0]);
  });

  test("a 100 000-deep chain builds without recursion", () => {
    const n = 100_000;
    const spans = Array.from({ length: n }, (_, i) => ({ id: `s${i}`, parent: i ? `s${i - 1}` : null, t0: i }));
    const t = buildTree(makeStore(spans));
    expect(t.depth[n - 1]).toBe(n - 1);
  });

  test("a cycle is cut at its earliest span, which becomes a root", () => {
    const t = buildTree(
      makeStore([
        { id: "a", parent: "b" },
        { id: "b", parent: "a" },
        { id: "self", parent: "self" },
      ]),
    );
    expect(Array.from(t.roots)).toEqual([0, 2]);
    expect(childrenOf(t, 0)).toEqual([1]);
    expect(t.depth[1]).toBe(1);
  });

  test("pages merge their name tables into one", () => {
    const s = makeStore(
      [{ id: "1", name: "read" }],
      [
        { id: "2", name: "write" },
        { id: "3", name: "read" },
      ],
    );
    expect(s.names).toEqual(["read", "write"]);
    expect([0, 1, 2].map((i) => spanName(s, i))).toEqual(["read", "write", "read"]);
  });
});
