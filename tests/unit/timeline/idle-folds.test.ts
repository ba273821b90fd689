// Idle stretches folded on the time axis (lib/timeline/idle-folds.ts, lib/timeline/time-axis.ts)
// and the geometry that shares the folded axis: px, ticks, zoom, pan, minimap.
import { describe, expect, test } from "vitest";
import {
  DEFAULT_FOLD_PARAMS,
  findIdleFolds,
  IDLE_FOLD_MS,
  IDLE_FOLD_PX,
  idleAxis,
  parseFoldParams,
  type IdleInputs,
} from "@/lib/timeline/idle-folds";
import { centerView, layoutBar, msOfX, panViewByPx, xOfMs, zoomView } from "@/lib/timeline/layout";
import { minimapColumns } from "@/lib/timeline/minimap";
import { chooseTicks } from "@/lib/timeline/ticks";
import { axisOfMs, foldedMsIn, LINEAR_AXIS, msOfAxis } from "@/lib/timeline/time-axis";
import { withTimelineParams } from "@/lib/timeline/url-state";
import { makeStore, type S } from "./factories";

const MIN = 60_000;
const H = 60 * MIN;

/** The inputs for spans that have all loaded, no iterations or events, nobody waited for. */
function inputs(spans: S[], over: Partial<IdleInputs> = {}): IdleInputs {
  const store = makeStore(spans);
  return {
    store,
    waitNames: new Set(),
    points: [],
    endMs: Math.max(0, ...spans.map((s) => s.t1 ?? 0)),
    knownUntilMs: Infinity,
    ...over,
  };
}

// work 0–1 min | 4 h nothing | work 4h01–4h02
const SESSION: S[] = [
  { id: "a", t0: 0, t1: MIN },
  { id: "b", t0: 4 * H + MIN, t1: 4 * H + 2 * MIN },
];

describe("finding idle stretches", () => {
  test("a 4-hour gap between calls is one fold, labelled with its length", () => {
    const folds = findIdleFolds(inputs(SESSION));
    expect(folds).toEqual([{ startMs: MIN, endMs: 4 * H + MIN, label: "4h 0m idle", length: "4h 0m", waiting: false }]);
  });

  test("gaps under the threshold are not folded; one just over it is", () => {
    // 9 min apart, then 11 min apart.
    const spans = [
      { id: "a", t0: 0, t1: MIN },
      { id: "b", t0: 10 * MIN, t1: 11 * MIN },
      { id: "c", t0: 22 * MIN, t1: 23 * MIN },
    ];
    expect(findIdleFolds(inputs(spans)).map((f) => [f.startMs, f.endMs])).toEqual([[11 * MIN, 22 * MIN]]);
    expect(IDLE_FOLD_MS).toBe(10 * MIN);
  });

  test("an overlapping call keeps the time active: only time no call covers is idle", () => {
    // a 0–30 min, b 1–2 min (inside a), c at 45 min: the gap starts when a ends.
    const spans = [
      { id: "a", t0: 0, t1: 30 * MIN },
      { id: "b", t0: MIN, t1: 2 * MIN },
      { id: "c", t0: 45 * MIN, t1: 46 * MIN },
    ];
    expect(findIdleFolds(inputs(spans)).map((f) => [f.startMs, f.endMs])).toEqual([[30 * MIN, 45 * MIN]]);
  });

  test("a container counts by its start and end: an iteration idle inside for hours is folded", () => {
    const spans = [
      { id: "it1", kind: "agent", t0: 0, t1: 4 * H + 2 * MIN },
      ...SESSION.map((s) => ({ ...s, parent: "it1" })),
    ];
    expect(findIdleFolds(inputs(spans)).map((f) => [f.startMs, f.endMs])).toEqual([[MIN, 4 * H + MIN]]);
  });

  test("iterations and events are activity: a logged event splits a gap", () => {
    const folds = findIdleFolds(inputs(SESSION, { points: [2 * H] }));
    expect(folds.map((f) => [f.startMs, f.endMs])).toEqual([
      [MIN, 2 * H],
      [2 * H, 4 * H + MIN],
    ]);
  });

  test("a break a wait for a person spans reads 'waiting for a person'", () => {
    const spans = [SESSION[0]!, { id: "ask", name: "AskUserQuestion", t0: MIN, t1: 4 * H + MIN }, SESSION[1]!];
    const x = inputs(spans);
    const waitNames = new Set([makeStore(spans).names.indexOf("AskUserQuestion")]);
    const [fold] = findIdleFolds({ ...x, waitNames });
    expect(fold).toMatchObject({ startMs: MIN, endMs: 4 * H + MIN, waiting: true });
    expect(fold!.label).toBe("4h 0m waiting for a person");
    // Read as work, the same call leaves nothing idle.
    expect(findIdleFolds(x)).toEqual([]);
  });

  test("before the last page, no gap after the last loaded start is folded", () => {
    const x = inputs(SESSION, { endMs: 5 * H });
    expect(findIdleFolds({ ...x, knownUntilMs: 0 })).toEqual([]);
    expect(findIdleFolds({ ...x, knownUntilMs: 4 * H + MIN })).toHaveLength(1);
    // Once every page is in, the idle tail to the run's end folds too.
    expect(findIdleFolds(x).map((f) => [f.startMs, f.endMs])).toEqual([
      [MIN, 4 * H + MIN],
      [4 * H + 2 * MIN, 5 * H],
    ]);
  });

  test("the threshold is an argument (the URL's idle=)", () => {
    expect(findIdleFolds(inputs(SESSION), 5 * H)).toEqual([]);
  });
});

describe("the folded axis", () => {
  const folds = findIdleFolds(inputs(SESSION));
  const endMs = 4 * H + 2 * MIN;
  const axis = idleAxis(folds, endMs, 1000);
  const whole = { startMs: 0, endMs };

  test("the 4-hour gap is drawn its fixed width; the work fills the rest", () => {
    const x0 = xOfMs(MIN, whole, 1000, axis);
    const x1 = xOfMs(4 * H + MIN, whole, 1000, axis);
    expect(x1 - x0).toBeCloseTo(IDLE_FOLD_PX, 6);
    // Unfolded, the first minute would be 1000 / 242 ≈ 4 px: folded it is half of what is left.
    expect(x0).toBeCloseTo((1000 - IDLE_FOLD_PX) / 2, 6);
    expect(xOfMs(endMs, whole, 1000, axis)).toBeCloseTo(1000, 6);
    expect(foldedMsIn(axis, 0, endMs)).toBe(4 * H);
  });

  test("x grows with time everywhere, inside folds too, and ms ↔ units are inverses", () => {
    let last = -Infinity;
    for (let ms = 0; ms <= endMs; ms += 97_000) {
      const x = xOfMs(ms, whole, 1000, axis);
      expect(x).toBeGreaterThan(last);
      last = x;
      expect(msOfAxis(axis, axisOfMs(axis, ms))).toBeCloseTo(ms, 6);
      expect(msOfX(x, whole, 1000, axis)).toBeCloseTo(ms, 3);
    }
  });

  test("a bar that crosses a fold spans the fold's width, not its hours", () => {
    const bar = layoutBar(0, endMs, whole, 1000, 1, axis)!;
    expect(bar.w).toBeCloseTo(1000, 6);
    // Half an hour of the 4-hour fold takes an eighth of its width.
    expect(layoutBar(30 * MIN, 60 * MIN, whole, 1000, 1, axis)!.w).toBeCloseTo(IDLE_FOLD_PX / 8, 6);
  });

  test("no ticks inside a fold, and none whose label runs into it", () => {
    const ticks = chooseTicks(whole, 1000, 80, axis);
    expect(ticks.length).toBeGreaterThan(4);
    const foldX = xOfMs(MIN, whole, 1000, axis);
    for (const t of ticks) {
      expect(t.ms <= MIN || t.ms >= 4 * H + MIN).toBe(true);
      if (t.ms <= MIN) expect(t.x + t.label.length * 6 + 6).toBeLessThanOrEqual(foldX);
    }
    // After the fold the labels read the time since the run start.
    expect(ticks.some((t) => t.label.startsWith("4h"))).toBe(true);
  });

  test("a gap that would not save its own width is not folded", () => {
    // 11 minutes idle in a 100-hour run: at 1000 px a fold of 56 px is longer than the gap itself.
    const long = [
      { id: "a", t0: 0, t1: 50 * H },
      { id: "b", t0: 50 * H + 11 * MIN, t1: 100 * H },
    ];
    const f = findIdleFolds(inputs(long));
    expect(f).toHaveLength(1);
    expect(idleAxis(f, 100 * H, 1000)).toBe(LINEAR_AXIS);
  });

  test("many folds share at most a third of the width", () => {
    const spans = Array.from({ length: 20 }, (_, k) => ({ id: `s${k}`, t0: k * H, t1: k * H + MIN }));
    const many = idleAxis(findIdleFolds(inputs(spans)), 19 * H + MIN, 1000);
    const foldPx = many.folds.reduce(
      (s, f) =>
        s +
        xOfMs(f.endMs, { startMs: 0, endMs: 19 * H + MIN }, 1000, many) -
        xOfMs(f.startMs, { startMs: 0, endMs: 19 * H + MIN }, 1000, many),
      0,
    );
    expect(many.folds).toHaveLength(19);
    expect(foldPx).toBeLessThanOrEqual(300 + 1e-6);
  });
});

describe("zoom, pan and the minimap across folds", () => {
  const endMs = 4 * H + 2 * MIN;
  const whole = { startMs: 0, endMs };
  const axis = idleAxis(findIdleFolds(inputs(SESSION)), endMs, 1000);

  test("a zoom keeps the time under the cursor under the cursor", () => {
    const anchor = msOfX(700, whole, 1000, axis);
    const v = zoomView(whole, 0.5, anchor, whole, axis);
    expect(xOfMs(anchor, v, 1000, axis)).toBeCloseTo(700, 6);
    expect(v.endMs - v.startMs).toBeLessThan(endMs);
  });

  test("a pan moves the view by pixels, so a fold passes at its drawn width", () => {
    const v = zoomView(whole, 0.5, msOfX(500, whole, 1000, axis), whole, axis);
    const moved = panViewByPx(v, 100, 1000, whole, axis);
    expect(xOfMs(msOfX(100, v, 1000, axis), moved, 1000, axis)).toBeCloseTo(0, 6);
    // Panning past the end stops at the run's edge.
    expect(panViewByPx(v, 1e6, 1000, whole, axis).endMs).toBeCloseTo(endMs, 6);
  });

  test("centring the view on a moment puts it in the middle, keeping the view's width on the axis", () => {
    const v = zoomView(whole, 0.25, 0, whole, axis);
    const at = 4 * H + 70_000;
    const c = centerView(v, at, whole, axis);
    expect(xOfMs(at, c, 1000, axis)).toBeCloseTo(500, 6);
    const units = (r: typeof v) => axisOfMs(axis, r.endMs) - axisOfMs(axis, r.startMs);
    expect(units(c)).toBeCloseTo(units(v), 6);
    // Near the end it stops at the run's edge.
    expect(centerView(v, endMs, whole, axis).endMs).toBeCloseTo(endMs, 6);
  });

  test("the minimap's columns follow the folded axis: the late work lands at the right, not in the last column only", () => {
    const store = makeStore(SESSION);
    const cols = minimapColumns(store, endMs, 100, axis);
    const busy = [...cols.running].flatMap((r, c) => (r > 0 ? [c] : []));
    expect(busy.filter((c) => c > 60).length).toBeGreaterThan(30);
    const linear = minimapColumns(store, endMs, 100);
    expect([...linear.running].filter((r) => r > 0).length).toBeLessThan(3);
  });
});

describe("fold settings in the URL", () => {
  test("folding is on by default; folds=0 unfolds, idle= sets the minutes", () => {
    expect(parseFoldParams({})).toEqual(DEFAULT_FOLD_PARAMS);
    expect(parseFoldParams({ folds: "0", idle: "30" })).toEqual({ fold: false, idleMs: 30 * MIN });
    expect(parseFoldParams({ idle: "soon" }).idleMs).toBe(IDLE_FOLD_MS);
  });

  test("the defaults stay out of the link; other parameters stay", () => {
    expect(withTimelineParams("?tab=timeline", null, null, undefined, false, DEFAULT_FOLD_PARAMS)).toBe(
      "?tab=timeline",
    );
    expect(withTimelineParams("?tab=timeline", null, null, undefined, false, { fold: false, idleMs: 5 * MIN })).toBe(
      "?tab=timeline&folds=0&idle=5",
    );
  });
});
