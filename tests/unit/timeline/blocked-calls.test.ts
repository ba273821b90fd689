// The calls a replayed tool breaker would have blocked (lib/timeline/blocked-calls.ts):
// found on their tool's lane, never a tag on their own row.
import { describe, expect, test } from "vitest";
import { blockedCallsByLane, placeBlockedCalls } from "@/lib/timeline/blocked-calls";
import { makeStore } from "./factories";

describe("blocked calls on the replay lane", () => {
  // run_tests OPEN [100, 200): calls at 50 (before), 100 and 150 (inside), 200 (after); search never opened.
  const store = makeStore([
    { id: "a", name: "run_tests", t0: 50, t1: 60 },
    { id: "b", name: "run_tests", t0: 100, t1: 110 },
    { id: "c", name: "search", t0: 120, t1: 130 },
    { id: "d", name: "run_tests", t0: 150, t1: 160, ok: false },
    { id: "e", name: "run_tests", t0: 200, t1: 210 },
  ]);
  const toolOpen = new Map([[store.names.indexOf("run_tests"), [[100, 200] as const]]]);

  test("the calls that started inside their own tool's OPEN window, by lane id, in time order", () => {
    const byLane = blockedCallsByLane(store, toolOpen);
    expect([...byLane.keys()]).toEqual(["tool:run_tests"]);
    expect(byLane.get("tool:run_tests")!.map((c) => store.ids[c.span])).toEqual(["b", "d"]);
  });

  test("no OPEN window, no blocked calls", () => {
    expect(blockedCallsByLane(store, new Map()).size).toBe(0);
  });

  test("marks closer than a few px are counted into one; outside the view they are left out", () => {
    const calls = blockedCallsByLane(store, toolOpen).get("tool:run_tests")!;
    expect(placeBlockedCalls(calls, { startMs: 0, endMs: 1000 }, 1000)).toEqual([
      { x: 100, span: 1, count: 1 },
      { x: 150, span: 3, count: 1 },
    ]);
    expect(placeBlockedCalls(calls, { startMs: 0, endMs: 1000 }, 10)).toEqual([{ x: 1, span: 1, count: 2 }]);
    expect(placeBlockedCalls(calls, { startMs: 120, endMs: 1000 }, 100)).toHaveLength(1);
  });
});
