// The timeline's breaker lanes moved onto the compare page's iteration axis (lib/compare/compare-lanes.ts).
import { describe, expect, test } from "vitest";
import { alignLanes, compareLanes, laneOnIterations, thinLane, type IterationLane } from "@/lib/compare/compare-lanes";
import { iterationClock } from "@/lib/compare/iteration-axis";
import type { BreakerLane, LaneMark, LaneSegment } from "@/lib/timeline/lanes";
import { makeReport } from "@/tests/support/analysis-report";

const T0 = Date.parse("2025-11-30T10:00:00Z");
const START_US = T0 * 1000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
/** Iterations 1..count, iteration n logged at n · 10 s. */
const clockOf = (count: number) =>
  iterationClock(
    Array.from({ length: count }, (_, k) => ({ n: k + 1, tsUs: START_US + (k + 1) * 10e6 })),
    START_US,
  );

function makeLane(segments: [LaneSegment["state"], number, number][], marks: Partial<LaneMark>[] = []): BreakerLane {
  return {
    id: "tool:http_get",
    kind: "tool",
    label: "tool http_get",
    segments: segments.map(([state, startMs, endMs]) => ({ state, startMs, endMs })),
    marks: marks.map((m) => ({ atMs: 0, state: "OPEN", label: "OPEN", iteration: null, ...m })),
  };
}

describe("laneOnIterations", () => {
  test("a change with only a time takes the iteration whose span holds it", () => {
    // #1 0–10 s | #2 –20 s | #3 –30 s | #4 –40 s; OPEN from 25 s (in #3) to the end
    const lane = makeLane(
      [
        ["CLOSED", 0, 25_000],
        ["OPEN", 25_000, 40_000],
      ],
      [{ atMs: 25_000 }],
    );
    expect(laneOnIterations(lane, clockOf(4))!.segments).toEqual([
      { state: "CLOSED", fromN: 1, toN: 2 },
      { state: "OPEN", fromN: 3, toN: 4 },
    ]);
  });

  test("an OPEN window shorter than an iteration still shows: the iteration keeps the most severe state", () => {
    // OPEN 12–15 s, all inside #2, then CLOSED again
    const lane = makeLane([
      ["CLOSED", 0, 12_000],
      ["OPEN", 12_000, 15_000],
      ["CLOSED", 15_000, 40_000],
    ]);
    expect(laneOnIterations(lane, clockOf(4))!.segments).toEqual([
      { state: "CLOSED", fromN: 1, toN: 1 },
      { state: "OPEN", fromN: 2, toN: 2 },
      { state: "CLOSED", fromN: 3, toN: 4 },
    ]);
  });

  test("a change that names its iteration keeps it, whatever its time", () => {
    const lane = makeLane(
      [
        ["CLOSED", 0, 5_000],
        ["OPEN", 5_000, 40_000],
      ],
      [{ atMs: 5_000, iteration: 3 }],
    );
    const placed = laneOnIterations(lane, clockOf(4))!;
    expect(placed.segments.map((s) => [s.state, s.fromN])).toEqual([
      ["CLOSED", 1],
      ["OPEN", 3],
    ]);
    expect(placed.marks).toEqual([{ n: 3, state: "OPEN", label: "OPEN", count: 1 }]);
  });

  test("the changes inside one iteration become one mark that counts them", () => {
    const lane = makeLane(
      [["CLOSED", 0, 40_000]],
      [
        { atMs: 11_000, label: "OPEN" },
        { atMs: 14_000, label: "cooled down", state: "CLOSED" },
      ],
    );
    expect(laneOnIterations(lane, clockOf(4))!.marks).toEqual([{ n: 2, state: "OPEN", label: "OPEN", count: 2 }]);
  });

  test("a run without iterations has no lane to show", () => {
    expect(laneOnIterations(makeLane([["CLOSED", 0, 1]]), clockOf(0))).toBeNull();
  });
});

describe("compareLanes", () => {
  test("the loop breaker opening at iteration 11 is OPEN from iteration 11 to the run's last", () => {
    const report = makeReport({
      loop_breaker: {
        transitions: [{ from: "CLOSED", to: "OPEN", at: at(110), iteration: 11, reason: "negative_window" }],
        final_state: "OPEN",
        would_have_halted_at: { iteration: 11, at: at(110), reason: "negative_window" },
        savings: { iterations: 19, tokens: 0, ms: 0, cost_usd: null },
      },
    });
    const lanes = compareLanes(report, clockOf(30), START_US);
    expect(lanes.map((l) => l.id)).toEqual(["loop"]);
    expect(lanes[0]!.segments).toEqual([
      { state: "CLOSED", fromN: 1, toN: 10 },
      { state: "OPEN", fromN: 11, toN: 30 },
    ]);
  });

  test("a tool breaker's OPEN window maps to the iterations its times fall in", () => {
    const report = makeReport({
      tool_breakers: [
        {
          tool: "http_get",
          opened: [{ at: at(41), until: at(71) }],
          blocked_calls: 2,
        } as ReturnType<typeof makeReport>["tool_breakers"][number],
      ],
    });
    const [lane] = compareLanes(report, clockOf(10), START_US);
    expect(lane!.segments).toEqual([
      { state: "CLOSED", fromN: 1, toN: 4 },
      { state: "OPEN", fromN: 5, toN: 8 },
      { state: "CLOSED", fromN: 9, toN: 10 },
    ]);
  });
});

describe("alignLanes", () => {
  const lane = (id: string, kind: IterationLane["kind"], label: string): IterationLane => ({
    id,
    kind,
    label,
    segments: [{ state: "OPEN", fromN: 1, toN: 5 }],
    marks: [{ n: 1, state: "OPEN", label: "OPEN", count: 1 }],
  });

  test("both runs get the same rows: the union, the loop breaker always, in the timeline's order", () => {
    const a = [lane("tool:search", "tool", "tool search"), lane("api", "api", "API")];
    const b = [lane("context", "context", "context"), lane("tool:http_get", "tool", "tool http_get")];
    const aligned = alignLanes(a, b, { a: [1, 5], b: [1, 3] });
    const ids = ["loop", "tool:http_get", "tool:search", "api", "context"];
    expect(aligned.a.map((l) => l.id)).toEqual(ids);
    expect(aligned.b.map((l) => l.id)).toEqual(ids);
  });

  test("a lane a run has no event in is CLOSED over its own iterations, with no marks", () => {
    const aligned = alignLanes([lane("api", "api", "API")], [], { a: [1, 5], b: [1, 3] });
    expect(aligned.b.find((l) => l.id === "api")).toEqual({
      id: "api",
      kind: "api",
      label: "API",
      segments: [{ state: "CLOSED", fromN: 1, toN: 3 }],
      marks: [],
    });
    expect(aligned.a.find((l) => l.id === "api")!.segments[0]!.state).toBe("OPEN");
  });

  test("a run without iterations has no lanes", () => {
    expect(alignLanes([], [], { a: null, b: [1, 3] }).a).toEqual([]);
  });
});

describe("thinLane", () => {
  // 1–4 CLOSED | 5 OPEN | 6–9 CLOSED | 10 HALF_OPEN, marks at 5, 6 and 10
  const lane: IterationLane = {
    id: "api",
    kind: "api",
    label: "API",
    segments: [
      { state: "CLOSED", fromN: 1, toN: 4 },
      { state: "OPEN", fromN: 5, toN: 5 },
      { state: "CLOSED", fromN: 6, toN: 9 },
      { state: "HALF_OPEN", fromN: 10, toN: 10 },
    ],
    marks: [
      { n: 5, state: "OPEN", label: "OPEN", count: 1 },
      { n: 6, state: "CLOSED", label: "CLOSED", count: 1 },
      { n: 10, state: "HALF_OPEN", label: "HALF_OPEN", count: 2 },
    ],
  };

  test("a long lane groups iterations, each group its most severe state and one mark counting its changes", () => {
    const thin = thinLane(lane, 1, 10, 2); // groups 1–5, 6–10
    expect(thin.segments).toEqual([
      { state: "OPEN", fromN: 1, toN: 5 },
      { state: "HALF_OPEN", fromN: 6, toN: 10 },
    ]);
    expect(thin.marks).toEqual([
      { n: 1, state: "OPEN", label: "OPEN", count: 1 },
      { n: 6, state: "CLOSED", label: "CLOSED", count: 3 },
    ]);
  });

  test("a lane that fits comes back as it was", () => {
    expect(thinLane(lane, 1, 10, 2_000)).toBe(lane);
  });
});
