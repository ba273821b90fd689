// The timeline following the conversation pane (lib/timeline/conversation-focus.ts):
// a turn's range comes from its calls the timeline holds, the view moves only
// when none of the turn is in sight, and the row scrolled to is the turn's.
import { describe, expect, test } from "vitest";
import { FOCUS_MIN_MS, focusRowOf, turnFocusOf, viewForFocus } from "@/lib/timeline/conversation-focus";
import type { TimelineRow } from "@/lib/timeline/rows";
import { makeStore } from "./factories";

const START_US = 1_000_000_000;
// store: a 0–5 ms, b 10–40 ms, c 100–120 ms (ms from the run start)
const store = makeStore([
  { id: "a", t0: 0, t1: 5 },
  { id: "b", t0: 10, t1: 40 },
  { id: "c", t0: 100, t1: 120 },
]);
const item = (spanId: string) => ({ spanId, t0Us: 0 });

describe("a turn's focus on the timeline", () => {
  test("spans its calls the timeline holds, and starts at its earliest", () => {
    const f = turnFocusOf(
      { anchor: "turn-2", n: 2, atUs: null, items: [item("c"), item("b"), item("gone")] },
      store,
      START_US,
    );
    expect(f).toEqual({ anchor: "turn-2", n: 2, startMs: 10, endMs: 120, firstSpan: 1 });
  });

  test("without a call loaded, is the turn's start; without a start, nothing", () => {
    const f = turnFocusOf({ anchor: "turn-3", n: 3, atUs: START_US + 250_000, items: [item("gone")] }, store, START_US);
    expect(f).toEqual({ anchor: "turn-3", n: 3, startMs: 250, endMs: 250, firstSpan: -1 });
    expect(turnFocusOf({ anchor: "turn-4", n: 4, atUs: null, items: [] }, store, START_US)).toBeNull();
  });
});

describe("the view follows a turn only when none of it is in sight", () => {
  const bounds = { startMs: 0, endMs: 100_000 };
  const focus = { anchor: "turn-2", n: 2, startMs: 50_000, endMs: 60_000, firstSpan: 0 };

  test("a view that shows part of the turn stays: the reader's zoom is kept", () => {
    expect(viewForFocus(focus, { startMs: 55_000, endMs: 56_000 }, bounds)).toBeNull();
    expect(viewForFocus(focus, bounds, bounds)).toBeNull();
  });

  test("a view beside the turn moves to it, padded on both sides", () => {
    expect(viewForFocus(focus, { startMs: 0, endMs: 10_000 }, bounds)).toEqual({ startMs: 49_000, endMs: 61_000 });
  });

  test("a turn of one instant is shown with some time around it, inside the run", () => {
    const v = viewForFocus({ ...focus, startMs: 100_000, endMs: 100_000 }, { startMs: 0, endMs: 10 }, bounds)!;
    expect(v.endMs).toBe(100_000);
    expect(v.endMs - v.startMs).toBeCloseTo(FOCUS_MIN_MS * 1.2);
  });
});

describe("the row the waterfall scrolls to", () => {
  const spanRow = (span: number): TimelineRow => ({
    kind: "span",
    span,
    depth: 0,
    hasChildren: false,
    collapsed: false,
    context: false,
  });
  const focus = { anchor: "turn-2", n: 2, startMs: 10, endMs: 120, firstSpan: 1 };

  test("is the turn's first call's row", () => {
    expect(focusRowOf([spanRow(0), spanRow(1), spanRow(2)], focus)).toBe(1);
  });

  test("is the turn's own row when the rows are grouped by turn, even with its calls folded away", () => {
    const turnRow: TimelineRow = {
      kind: "turn",
      n: 2,
      noun: "turn",
      label: "turn 2",
      key: "turn:2",
      depth: 0,
      collapsed: true,
      spanCount: 2,
      failures: 0,
      t0: 10,
      t1: 120,
    };
    expect(focusRowOf([spanRow(0), turnRow], focus)).toBe(1);
  });

  test("is none when the call is hidden (filtered, folded) and the turn has no row", () => {
    expect(focusRowOf([spanRow(0), spanRow(2)], focus)).toBe(-1);
    expect(focusRowOf([spanRow(0)], { ...focus, firstSpan: -1 })).toBe(-1);
  });
});
