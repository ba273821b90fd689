// Breaker lanes and blocked marks (lib/timeline/lanes.ts).
import { describe, expect, test } from "vitest";
import {
  breakerLanes,
  isBlockedStart,
  laneFromChanges,
  placeLane,
  toolOpenWindows,
  type LaneInputs,
  NO_LANE_INPUTS,
} from "@/lib/timeline/lanes";

const T0 = Date.parse("2025-11-30T10:00:00Z");
const START_US = T0 * 1000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const NONE: LaneInputs = NO_LANE_INPUTS;

describe("lane segments from breaker transitions", () => {
  test("CLOSED from the run start, then each transition's state until the next, the last to the run's end", () => {
    // CLOSED 0–10 s | OPEN 10–40 s | HALF_OPEN 40–45 s | OPEN 45 s – end (60 s)
    const lane = laneFromChanges(
      "loop",
      "loop",
      "loop breaker",
      [
        { at: at(10), to: "OPEN" },
        { at: at(40), to: "HALF_OPEN" },
        { at: at(45), to: "OPEN" },
      ],
      START_US,
      60_000,
    );
    expect(lane.segments.map((s) => [s.state, s.startMs, s.endMs])).toEqual([
      ["CLOSED", 0, 10_000],
      ["OPEN", 10_000, 40_000],
      ["HALF_OPEN", 40_000, 45_000],
      ["OPEN", 45_000, 60_000],
    ]);
    expect(lane.marks.map((m) => [m.atMs, m.state])).toEqual([
      [10_000, "OPEN"],
      [40_000, "HALF_OPEN"],
      [45_000, "OPEN"],
    ]);
  });

  test("only breakers with an event get a lane, in the fixed order, one per tool breaker", () => {
    const lanes = breakerLanes(
      {
        ...NONE,
        tools: [
          { tool: "run_tests", opened: [{ at: at(5), until: at(65) }], blocked_calls: 2 },
          { tool: "search", opened: [{ at: at(1), until: at(61) }], blocked_calls: 0 },
        ],
        loop: [{ from: "CLOSED", to: "OPEN", at: at(30), iteration: 4, reason: "same_error" }],
        rate: { warning_at: at(20), pause_at: null },
      },
      START_US,
      100_000,
    );
    expect(lanes.map((l) => l.id)).toEqual(["loop", "tool:run_tests", "tool:search", "rate"]);
    expect(lanes[1]!.segments.map((s) => s.state)).toEqual(["CLOSED", "OPEN", "CLOSED"]);
    expect(lanes[0]!.marks[0]).toMatchObject({ label: "OPEN · same_error", iteration: 4 });
  });

  test("three-layer events only escalate: a warning after a trip keeps the lane OPEN", () => {
    const [lane] = breakerLanes(
      {
        ...NONE,
        layers: [
          { layer: "token", kind: "warning", at: at(10), iteration: 2 },
          { layer: "token", kind: "trip", at: at(20), iteration: 3 },
          { layer: "error", kind: "warning", at: at(30), iteration: 4 },
        ],
      },
      START_US,
      40_000,
    );
    expect(lane!.segments.map((s) => s.state)).toEqual(["CLOSED", "WARNING", "OPEN"]);
  });

  test("context tiers read as states: NORMAL closed, WARNING warns, compaction tiers open", () => {
    const [lane] = breakerLanes(
      {
        ...NONE,
        context: [
          { from: "NORMAL", to: "WARNING", at: at(10), iteration: 2 },
          { from: "WARNING", to: "AUTO_COMPACT", at: at(20), iteration: 3 },
          { from: "AUTO_COMPACT", to: "NORMAL", at: at(30), iteration: 4 },
        ],
      },
      START_US,
      40_000,
    );
    expect(lane!.segments.map((s) => s.state)).toEqual(["CLOSED", "WARNING", "OPEN", "CLOSED"]);
    expect(lane!.marks.map((m) => m.label)).toEqual(["WARNING", "AUTO_COMPACT", "NORMAL"]);
  });
});

describe("blocked marks", () => {
  const windows = toolOpenWindows(
    {
      tools: [
        {
          tool: "run_tests",
          opened: [
            { at: at(100), until: at(160) },
            { at: at(10), until: at(70) },
          ],
          blocked_calls: 3,
        },
      ],
    },
    START_US,
  ).get("run_tests");

  test.each([
    [9_999, false],
    [10_000, true],
    [69_999, true],
    [70_000, false],
    [99_000, false],
    [120_000, true],
    [160_000, false],
  ])("a call starting at %d ms is blocked: %s (only a start inside [at, until) counts)", (t0, blocked) => {
    expect(isBlockedStart(windows, t0)).toBe(blocked);
  });

  test("a tool without a breaker window never gets a blocked mark", () => {
    expect(isBlockedStart(undefined, 20_000)).toBe(false);
  });
});

describe("lane placement in the view", () => {
  test("a sub-pixel OPEN stays visible between wide segments; close marks thin out", () => {
    // 1000 ms over 100 px: 10 ms a pixel. CLOSED 0–500, OPEN 500–503, CLOSED 503–1000.
    const lane = {
      segments: [
        { state: "CLOSED" as const, startMs: 0, endMs: 500 },
        { state: "OPEN" as const, startMs: 500, endMs: 503 },
        { state: "CLOSED" as const, startMs: 503, endMs: 1000 },
      ],
      marks: [
        { atMs: 500, state: "OPEN" as const, label: "OPEN", iteration: null },
        { atMs: 503, state: "CLOSED" as const, label: "cooled down", iteration: null },
      ],
    };
    const placed = placeLane(lane, { startMs: 0, endMs: 1000 }, 100);
    expect(placed.segments.map((s) => s.state)).toEqual(["CLOSED", "OPEN", "CLOSED"]);
    expect(placed.segments[1]!.w).toBeGreaterThanOrEqual(0.3);
    expect(placed.marks.map((m) => m.mark.label)).toEqual(["OPEN"]);
    const zoomed = placeLane(lane, { startMs: 490, endMs: 510 }, 100);
    expect(zoomed.marks).toHaveLength(2);
  });
});

test("a run of segments under a pixel each becomes one segment showing its most severe state", () => {
  // 100 alternating 1 ms segments over 10 px of a 1000 ms, 10 px view.
  const segments = Array.from({ length: 100 }, (_, k) => ({
    state: k % 2 ? ("HALF_OPEN" as const) : ("CLOSED" as const),
    startMs: k * 10,
    endMs: k * 10 + 10,
  }));
  const placed = placeLane({ segments, marks: [] }, { startMs: 0, endMs: 1000 }, 10);
  expect(placed.segments.length).toBeLessThanOrEqual(10);
  expect(placed.segments.every((s) => s.state === "HALF_OPEN")).toBe(true);
});
