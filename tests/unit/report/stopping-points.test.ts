// lib/report/stopping-points.ts: the loop breaker's halt and the first
// three-layer trip side by side (docs/dashboard.md#post-mortem).
import { describe, expect, test } from "vitest";
import { describeStoppingPoints, prepareStoppingPoints } from "@/lib/report/stopping-points";
import type { LayerEvent } from "@/lib/analysis/iteration-report-types";
import { makeReport } from "@/tests/support/analysis-report";
import { at } from "../charts/factories";

const its = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ n: i + 1, score: 0, window_score: 0, risk: "LOW" as const, signals: [] }));
const trip = (iteration: number, severity: LayerEvent["severity"]): LayerEvent => ({
  layer: "iteration",
  kind: "trip",
  severity,
  value: iteration,
  limit: 50,
  iteration,
  at: at(iteration * 60),
});
const halted = {
  transitions: [],
  final_state: "OPEN" as const,
  would_have_halted_at: { iteration: 11, at: at(660), reason: "negative_window" },
  savings: { iterations: 18, tokens: 141_633, ms: 1_972_000, cost_usd: null },
};

describe("the two stopping points", () => {
  test("a later HIGH trip comes second: escalate, with the iterations, tokens, cost and time after it", () => {
    // iterations 1..80, one a minute · loop halt @11 · iteration layer trip HIGH @61 · 19 iterations after it
    const r = makeReport({
      loop_breaker: halted,
      stagnation: { iterations: its(80), detections: [] },
      layers: {
        events: [{ ...trip(41, "LOW"), kind: "warning" }, trip(61, "HIGH")],
        status: "TRIGGERED",
        action: "BLOCKER_ESCALATION",
        after_first_trip: { iterations: 19, tokens: 95_000, ms: 19 * 60_000, cost_usd: 0.42 },
      },
    });
    const points = prepareStoppingPoints(r);
    expect(points.map((p) => [p.breaker, p.iteration, p.saved])).toEqual([
      ["loop breaker", 11, { iterations: 18, tokens: 141_633, ms: 1_972_000, cost_usd: null }],
      ["three-layer breaker", 61, { iterations: 19, tokens: 95_000, ms: 19 * 60_000, cost_usd: 0.42 }],
    ]);
    expect(points[1]!.action).toMatch(/^escalate to a human/);
    expect(describeStoppingPoints(points)).toEqual([
      "The loop breaker at iteration 11 (2025-11-30 10:11:00 UTC, negative_window) would halt the loop; saving 18 iterations, 141.6k tokens, 32m 52s.",
      "The three-layer breaker at iteration 61 (2025-11-30 11:01:00 UTC, iteration layer 61 / limit 50, HIGH) would escalate to a human (BLOCKER_ESCALATION); after it the run went on for 19 iterations, 95.0k tokens, $0.420, 19m 0s — 50 iterations after the loop breaker.",
    ]);
  });

  test("an earlier MEDIUM trip comes first and recovers automatically", () => {
    const r = makeReport({
      loop_breaker: halted,
      stagnation: { iterations: its(30), detections: [] },
      layers: {
        events: [trip(5, "MEDIUM")],
        status: "TRIGGERED",
        action: "AUTOMATIC_RECOVERY",
        after_first_trip: { iterations: 25, tokens: 0, ms: 0, cost_usd: null },
      },
    });
    const points = prepareStoppingPoints(r);
    expect(points.map((p) => [p.breaker, p.iteration])).toEqual([
      ["three-layer breaker", 5],
      ["loop breaker", 11],
    ]);
    expect(points[0]!.saved).toEqual({ iterations: 25, tokens: 0, ms: 0, cost_usd: null });
    expect(points[0]!.action).toMatch(/^recover automatically/);
  });

  test("no halt and no trip: nothing to show", () => {
    expect(prepareStoppingPoints(makeReport())).toEqual([]);
  });
});
