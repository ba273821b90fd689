// Both runs on one iteration axis (lib/compare/compare-timeline.ts).
import { describe, expect, test } from "vitest";
import { prepareCompareTimeline, type CompareTimelineInput } from "@/lib/compare/compare-timeline";
import { makeReport } from "@/tests/support/analysis-report";

const T0 = Date.parse("2025-11-30T10:00:00Z");
const START_US = T0 * 1000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const iterations = (count: number) =>
  Array.from({ length: count }, (_, k) => ({ n: k + 1, tsUs: START_US + (k + 1) * 10e6, tokensUsed: 100 }));

const stuck: CompareTimelineInput = {
  report: makeReport({
    loop_breaker: {
      transitions: [{ from: "CLOSED", to: "OPEN", at: at(110), iteration: 11, reason: "negative_window" }],
      final_state: "OPEN",
      would_have_halted_at: { iteration: 11, at: at(110), reason: "negative_window" },
      savings: { iterations: 19, tokens: 0, ms: 0, cost_usd: null },
    },
  }),
  iterations: iterations(30),
  startUs: START_US,
};
const healthy: CompareTimelineInput = { report: makeReport(), iterations: iterations(13), startUs: null };

describe("prepareCompareTimeline", () => {
  test("one axis from 1 to the longer run's last iteration; each run keeps its own end", () => {
    const t = prepareCompareTimeline(stuck, healthy)!;
    expect(t.axis).toEqual({ first: 1, last: 30 });
    expect([t.a.span, t.b.span]).toEqual([
      [1, 30],
      [1, 13],
    ]);
  });

  test("the halt is the loop breaker's; a run whose breaker never opens has none, its loop lane CLOSED", () => {
    const t = prepareCompareTimeline(stuck, healthy)!;
    expect(t.a.halt).toEqual({ iteration: 11, reason: "negative_window" });
    expect(t.a.lanes[0]!.segments.find((s) => s.state === "OPEN")!.fromN).toBe(11);
    expect(t.b.halt).toBeNull();
    expect(t.b.lanes).toEqual([
      {
        id: "loop",
        kind: "loop",
        label: "loop breaker",
        segments: [{ state: "CLOSED", fromN: 1, toN: 13 }],
        marks: [],
      },
    ]);
  });

  test("two runs without iterations have no axis to align on", () => {
    const none = { ...healthy, iterations: [] };
    expect(prepareCompareTimeline(none, none)).toBeNull();
  });
});
