import { describe, expect, test } from "vitest";
import { createLoopBreaker, loopBreakerReport, stepLoopBreaker } from "@/lib/analysis/loop-breaker";
import { formatTimeUs } from "@/lib/time";
import { atMin, iterations, views } from "./iteration-factories";

type Step = [score: number, fired: string | null];

/** Drive the breaker with a score and a fired detector per iteration (one a minute). */
function replay(steps: Step[], cooldownMin: number, tokensUsed = 100) {
  const b = createLoopBreaker(cooldownMin);
  const vs = views(iterations(steps.length, () => ({ tokensUsed })));
  const rearmedAt: number[] = [];
  vs.forEach((v, i) => {
    if (stepLoopBreaker(b, v, ...steps[i]!)) rearmedAt.push(v.it.n);
  });
  return { report: loopBreakerReport(b), rearmedAt };
}
const moves = (r: ReturnType<typeof replay>) =>
  r.report.transitions.map((t) => `${t.from}>${t.to}@${t.iteration}:${t.reason}`);

/**
 * With a cooldown of 2: `detector` opens at 1, 2 is saved, 3 probes and fails
 * → OPEN at 3 for 4 min: 4–6 saved, 7 probes and passes.
 */
const reopenedThenClosed = (detector: string): Step[] => [
  [-1, detector],
  [0, null],
  [0, null],
  [0, null],
  [0, null],
  [0, null],
  [1, null],
];

describe("loop breaker replay (docs/analysis.md#loop-breaker, docs/analysis.md#stagnation-detectors)", () => {
  test("a firing detector opens the breaker at that iteration's ts and names it", () => {
    const r = replay(
      [
        [1, null],
        [-3, "same_error"],
      ],
      30,
    );
    expect(r.report.would_have_halted_at).toEqual({ iteration: 2, at: formatTimeUs(atMin(2)), reason: "same_error" });
    expect(r.report.transitions[0]).toMatchObject({ from: "CLOSED", to: "OPEN", iteration: 2 });
    expect(r.report.final_state).toBe("OPEN");
  });

  test("iterations before opened_at + cooldown count to savings; the first at or after it is the probe", () => {
    // open at 1 min, cooldown 3 → 2 and 3 saved, 4 (= 1 + 3 exactly) probes
    const r = replay(
      [
        [-1, "negative_window"],
        [-1, null],
        [-1, null],
        [2, null],
      ],
      3,
    );
    expect(r.report.savings).toEqual({ iterations: 2, tokens: 200, ms: 120_000, cost_usd: null });
    expect(moves(r)).toEqual([
      "CLOSED>OPEN@1:negative_window",
      "OPEN>HALF_OPEN@4:cooldown_elapsed",
      "HALF_OPEN>CLOSED@4:probe_passed",
    ]);
    expect(r.rearmedAt).toEqual([4]);
  });

  test("a failure in HALF_OPEN reopens with the cooldown doubled", () => {
    const r = replay(reopenedThenClosed("circular"), 2);
    expect(moves(r)).toEqual([
      "CLOSED>OPEN@1:circular",
      "OPEN>HALF_OPEN@3:cooldown_elapsed",
      "HALF_OPEN>OPEN@3:probe_failed",
      "OPEN>HALF_OPEN@7:cooldown_elapsed",
      "HALF_OPEN>CLOSED@7:probe_passed",
    ]);
    expect(r.report.savings.iterations).toBe(4);
  });

  test("closing brings the cooldown back to its base", () => {
    // 1 opens (2), 3 fails (→4), 7 passes (→2), 8 opens again: 9 saved, 10 probes
    const steps: Step[] = [...reopenedThenClosed("x"), [-1, "y"], [0, null], [1, null]];
    expect(moves(replay(steps, 2)).slice(-3)).toEqual([
      "CLOSED>OPEN@8:y",
      "OPEN>HALF_OPEN@10:cooldown_elapsed",
      "HALF_OPEN>CLOSED@10:probe_passed",
    ]);
  });

  test("a probe scoring exactly 0 fails", () => {
    expect(
      moves(
        replay(
          [
            [-1, "x"],
            [0, null],
          ],
          1,
        ),
      ).at(-1),
    ).toBe("HALF_OPEN>OPEN@2:probe_failed");
  });

  test("both probe transitions are stamped at the probe's ts", () => {
    const r = replay(
      [
        [-1, "x"],
        [1, null],
      ],
      1,
    );
    expect(r.report.transitions.slice(1).map((t) => t.at)).toEqual([formatTimeUs(atMin(2)), formatTimeUs(atMin(2))]);
  });

  test("without a firing it stays CLOSED and reports no halt", () => {
    const r = replay(
      [
        [1, null],
        [-5, null],
      ],
      30,
    );
    expect(r.report).toEqual({
      transitions: [],
      final_state: "CLOSED",
      savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    });
  });
});
