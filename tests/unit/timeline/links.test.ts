// Links into the timeline: URL state for filters and moments, where the rows
// scroll for a moment, and the search over iteration errors and event details.
import { describe, expect, test } from "vitest";
import { searchIterationSpans } from "@/lib/timeline/filter";
import { labelColumnPx } from "@/lib/timeline/layout";
import { rowAtMoment, rowsMeetWindow, type TimelineRow } from "@/lib/timeline/rows";
import { parseFilterParams, parseMomentParam, timelineMomentQuery, withTimelineParams } from "@/lib/timeline/url-state";
import { makeStore } from "./factories";

describe("URL state", () => {
  test("filters round-trip through the URL and empty ones leave no parameter", () => {
    const f = { tool: "run_tests", failuresOnly: true, search: "null deref" };
    const q = withTimelineParams("?tab=timeline", null, null, f);
    expect(q).toBe("?tab=timeline&tool=run_tests&failures=1&q=null+deref");
    expect(parseFilterParams(Object.fromEntries(new URLSearchParams(q)))).toEqual(f);
    expect(withTimelineParams(q, null, null, { tool: null, failuresOnly: false, search: " " })).toBe("?tab=timeline");
  });

  test("a link's moment is at= when given, else the middle of its window; at= is dropped unless kept", () => {
    expect(parseMomentParam("1500", { startMs: 0, endMs: 10 })).toBe(1500);
    expect(parseMomentParam(undefined, { startMs: 1000, endMs: 3000 })).toBe(2000);
    expect(parseMomentParam("x", null)).toBeNull();
    expect(withTimelineParams("?at=5", null, null)).toBe("");
    expect(withTimelineParams("?at=5", null, null, undefined, true)).toBe("?at=5");
  });

  test("a moment query opens the timeline on a window around it, clamped at the run start", () => {
    expect(timelineMomentQuery(3000, 5000)).toBe("tab=timeline&view=0-8000&at=3000");
  });
});

describe("rows for a moment", () => {
  // it1 [0, 100] ─ a [10, 20], b [60, 90] | it2 [200, 300] ─ c [210, 290]
  const store = makeStore([
    { id: "it1", kind: "agent", t0: 0, t1: 100 },
    { id: "a", parent: "it1", t0: 10, t1: 20 },
    { id: "b", parent: "it1", t0: 60, t1: 90 },
    { id: "it2", kind: "agent", t0: 200, t1: 300 },
    { id: "c", parent: "it2", t0: 210, t1: 290 },
  ]);
  const rows: TimelineRow[] = [0, 1, 2, 3, 4].map((span) => ({
    kind: "span",
    span,
    depth: span === 0 || span === 3 ? 0 : 1,
    hasChildren: false,
    collapsed: false,
    context: false,
  }));

  test("the first row whose bar covers the moment", () => {
    expect(rowAtMoment(rows, store, 250, { startMs: 240, endMs: 260 })).toBe(3);
  });

  test("in a gap between bars, the first row whose bar meets the window", () => {
    expect(rowAtMoment(rows, store, 150, { startMs: 95, endMs: 205 })).toBe(0);
    expect(rowAtMoment(rows, store, 150, { startMs: 120, endMs: 205 })).toBe(3);
  });

  test("rows showing no bar of the window are an empty area", () => {
    expect(rowsMeetWindow(rows, store, 0, 2, { startMs: 200, endMs: 300 })).toBe(false);
    expect(rowsMeetWindow(rows, store, 2, 4, { startMs: 200, endMs: 300 })).toBe(true);
  });
});

describe("search beyond the spans", () => {
  const spanOf = new Map([
    [1, 10],
    [2, 20],
  ]);
  const iterationAt = (ms: number) => (ms <= 100 ? 1 : 2);
  const x = {
    iterations: [{ n: 1, errors: ["TypeError: session is null"] }, { n: 2 }],
    events: [{ ts_ms: 150, kind: "permission_denied", tool: "Bash", detail: "rm -rf build" }],
  };

  test("an iteration's logged error matches its iteration span", () => {
    expect([...searchIterationSpans("session IS null", x, spanOf, iterationAt)]).toEqual([10]);
  });

  test("an event's detail or kind matches the span of the iteration it happened in", () => {
    expect([...searchIterationSpans("rm -rf", x, spanOf, iterationAt)]).toEqual([20]);
    expect([...searchIterationSpans("permission_denied", x, spanOf, iterationAt)]).toEqual([20]);
    expect(searchIterationSpans("  ", x, spanOf, iterationAt).size).toBe(0);
  });
});

describe("label column", () => {
  test("300 px on a wide screen; on a phone 40 % of the width, never under 120 px", () => {
    expect(labelColumnPx(1280)).toBe(300);
    expect(labelColumnPx(360)).toBe(144);
    expect(labelColumnPx(200)).toBe(120);
  });
});
