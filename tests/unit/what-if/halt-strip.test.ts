// lib/what-if/halt-strip.ts — docs/dashboard.md#what-if: one cell per
// iteration, the halt and the re-opens after a failed probe.
import { describe, expect, test } from "vitest";
import { markerLeftPct, prepareHaltStrip } from "@/lib/what-if/halt-strip";

const AT = "2026-03-28T14:00:00.000Z";
type State = "CLOSED" | "OPEN" | "HALF_OPEN";
const t = (iteration: number, from: State, to: State, reason = "x") => ({ from, to, at: AT, iteration, reason });
const iterations = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ n: i + 1, score: 0, window_score: 0, risk: "LOW" as const, signals: [] }));

function report(n: number, transitions: ReturnType<typeof t>[]) {
  const first = transitions.find((x) => x.to === "OPEN");
  return {
    stagnation: { iterations: iterations(n), detections: [] },
    loop_breaker: {
      transitions,
      final_state: "OPEN" as const,
      ...(first && { would_have_halted_at: { iteration: first.iteration, at: AT, reason: first.reason } }),
      savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    },
  };
}

describe("prepareHaltStrip", () => {
  test("a breaker that never opens: every iteration ran, no halt, no markers", () => {
    const strip = prepareHaltStrip(report(3, []));
    expect(strip.cells.map((c) => c.state)).toEqual(["ran", "ran", "ran"]);
    expect(strip).toMatchObject({ halt: null, reopens: [], closes: [] });
  });

  test("open at 2, probe fails at 4 (re-open), probe passes at 6: skipped cells between", () => {
    // 1 ran · 2 OPEN · 3 skipped · 4 HALF_OPEN→OPEN · 5 skipped · 6 HALF_OPEN→CLOSED · 7 ran
    const strip = prepareHaltStrip(
      report(7, [
        t(2, "CLOSED", "OPEN"),
        t(4, "OPEN", "HALF_OPEN"),
        t(4, "HALF_OPEN", "OPEN"),
        t(6, "OPEN", "HALF_OPEN"),
        t(6, "HALF_OPEN", "CLOSED"),
      ]),
    );
    expect(strip.cells.map((c) => c.state)).toEqual(["ran", "halt", "skipped", "reopen", "skipped", "probe", "ran"]);
    expect(strip).toMatchObject({ halt: 2, reopens: [4], closes: [6] });
  });

  test("a marker sits at the left edge of its iteration's cell", () => {
    const strip = prepareHaltStrip(report(4, [t(3, "CLOSED", "OPEN")]));
    expect(markerLeftPct(strip, 3)).toBe(50);
    expect(markerLeftPct(strip, 99)).toBe(0);
  });
});
