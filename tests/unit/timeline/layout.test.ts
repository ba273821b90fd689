// View-range geometry (lib/timeline/layout.ts) and the minimap columns.
import { describe, expect, test } from "vitest";
import {
  clampView,
  layoutBar,
  msOfX,
  panView,
  viewFromSelection,
  visiblePoints,
  xOfMs,
  zoomView,
} from "@/lib/timeline/layout";
import { minimapColumns } from "@/lib/timeline/minimap";
import { makeStore } from "./factories";

const run = { startMs: 0, endMs: 1000 };

describe("layout for a view range", () => {
  test("a bar maps its ms onto the pixel width of the window", () => {
    expect(layoutBar(200, 300, { startMs: 100, endMs: 500 }, 800)).toEqual({ x: 200, w: 200 });
  });

  test("x and ms are inverses", () => {
    const v = { startMs: 123, endMs: 456 };
    expect(msOfX(xOfMs(300, v, 640), v, 640)).toBeCloseTo(300, 9);
  });

  test("bars wholly outside the window are culled", () => {
    const v = { startMs: 100, endMs: 200 };
    expect(layoutBar(0, 99, v, 500)).toBeNull();
    expect(layoutBar(201, 300, v, 500)).toBeNull();
  });

  test("a zero-length span still gets one pixel", () => {
    expect(layoutBar(150, 150, { startMs: 100, endMs: 200 }, 500)).toEqual({ x: 250, w: 1 });
  });

  test("a bar overhanging the window is clipped to just past its edges", () => {
    expect(layoutBar(-1e9, 1e9, { startMs: 0, endMs: 10 }, 100)).toEqual({ x: -1, w: 102 });
  });

  test("zoom keeps the anchor under the cursor", () => {
    const v = zoomView({ startMs: 0, endMs: 1000 }, 0.5, 250, run);
    expect(v).toEqual({ startMs: 125, endMs: 625 });
  });

  test("zooming out past the run stops at the run's bounds", () => {
    expect(zoomView({ startMs: 100, endMs: 600 }, 4, 500, run)).toEqual(run);
  });

  test("pan stops at the run's end and keeps the window's width", () => {
    expect(panView({ startMs: 700, endMs: 900 }, 500, run)).toEqual({ startMs: 800, endMs: 1000 });
  });

  test("clamp pulls a window that starts before the run back in", () => {
    expect(clampView({ startMs: -50, endMs: 50 }, run)).toEqual({ startMs: 0, endMs: 100 });
  });

  test("a drag-select from right to left gives the same window", () => {
    expect(viewFromSelection(400, 100, run, 1000, run)).toEqual({ startMs: 100, endMs: 400 });
  });

  test("visiblePoints finds the events inside the window by binary search", () => {
    expect(visiblePoints([1, 5, 10, 20, 30], { startMs: 5, endMs: 20 })).toEqual([1, 4]);
  });
});

describe("minimapColumns", () => {
  test("counts spans running per column and failures where they start", () => {
    // 0 ────── 50 long span; two short ones at 10 and 80, the one at 80 failed
    const s = makeStore([
      { id: "long", t0: 0, t1: 50 },
      { id: "a", t0: 10, t1: 11 },
      { id: "b", t0: 80, t1: 81, ok: false },
    ]);
    const m = minimapColumns(s, 100, 10);
    expect(Array.from(m.running)).toEqual([1, 2, 1, 1, 1, 1, 0, 0, 1, 0]);
    expect(Array.from(m.failures)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(m.peak).toBe(2);
  });
});
