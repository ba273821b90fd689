// docs/import.md#agent-transcripts: transcript iterations numbered by time across the run's files.
import { describe, expect, test } from "vitest";
import { isProvisional, placeInMemory, planPlacement, provisionalN } from "@/lib/import/place-iterations";
import { blankIteration } from "@/tests/support/records";

describe("provisionalN", () => {
  test("is stable for a key and above every real iteration number", () => {
    expect(provisionalN("s1#p1")).toBe(provisionalN("s1#p1"));
    expect(provisionalN("s1#p1")).not.toBe(provisionalN("s1#p2"));
    expect(isProvisional(provisionalN("x"))).toBe(true);
    expect(provisionalN("x")).toBeLessThan(2 ** 31);
  });
});

describe("planPlacement", () => {
  const row = (n: number, tsUs: number, sourceKey: string | null) => ({ n, tsUs, sourceKey });

  test("a first upload is numbered 1, 2, … by time", () => {
    const [a, b] = [provisionalN("a"), provisionalN("b")];
    expect(planPlacement([row(b, 20, "b"), row(a, 10, "a")])).toEqual({
      drop: [],
      moves: [
        { from: a, to: 1 },
        { from: b, to: 2 },
      ],
    });
  });

  test("a session that ran earlier, uploaded later, goes before the placed ones", () => {
    // placed: b@20 = 1 · new: a@10
    const a = provisionalN("a");
    expect(planPlacement([row(1, 20, "b"), row(a, 10, "a")]).moves).toEqual([
      { from: a, to: 1 },
      { from: 1, to: 2 },
    ]);
  });

  test("a re-upload replaces the placed row of the same key and moves nothing else", () => {
    const a = provisionalN("a");
    expect(planPlacement([row(1, 10, "a"), row(2, 20, "b"), row(a, 10, "a")])).toEqual({
      drop: [1],
      moves: [{ from: a, to: 1 }],
    });
  });

  test("iterations without a key keep their numbers; keyed ones follow them", () => {
    const a = provisionalN("a");
    expect(planPlacement([row(1, 50, null), row(2, 60, null), row(a, 10, "a")]).moves).toEqual([{ from: a, to: 3 }]);
  });
});

test("placeInMemory applies the plan to stored records", () => {
  const it = (n: number, tsUs: number, key: string) => ({ ...blankIteration(n, tsUs), attrs: { source_key: key } });
  const placed = placeInMemory([it(1, 20, "b"), it(provisionalN("a"), 10, "a"), it(provisionalN("b"), 20, "b")]);
  expect(placed.map((r) => [r.n, r.attrs.source_key])).toEqual([
    [1, "a"],
    [2, "b"],
  ]);
});
