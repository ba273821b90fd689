// lib/analysis/repeated-call-detector.ts through the stagnation replay —
// docs/analysis.md#identical-calls, docs/analysis.md#stagnation-detectors.
// Iterations end one a minute; calls are placed inside them, a second apart.
import { describe, expect, test } from "vitest";
import { startRepeatScan } from "@/lib/analysis/repeated-calls";
import { replayStagnation } from "@/lib/analysis/stagnation";
import type { ToolCallInput } from "@/lib/analysis/types";
import type { StoredIteration } from "@/lib/schemas/records";
import { RUN_START_US, atMin, iterations, settings, views } from "./iteration-factories";

/** Iterations that make steady progress (files modified, a test passing): only identical calls can stall them. */
const steady = (count: number) => iterations(count, () => ({ filesModified: ["a.ts"], newlyPassing: 1, errors: [] }));

/** `count` identical search calls inside iteration n (ending at minute n), a second apart. */
function same(n: number, count: number, q = "weather"): ToolCallInput[] {
  return Array.from({ length: count }, (_, i) => ({
    name: "search",
    t0Us: atMin(n - 0.5) + i * 1e6,
    iteration: null,
    input: { q },
  }));
}

function replay(its: StoredIteration[], calls: ToolCallInput[], over = {}) {
  const s = settings(over);
  const scan = startRepeatScan(its, RUN_START_US, s);
  for (const c of calls) scan.step(c);
  return replayStagnation(views(its), s, scan.finish().marks);
}

const detectionsOf = (r: ReturnType<typeof replay>) =>
  r.stagnation.detections.filter((d) => d.detector === "repeated_call").map((d) => d.at_iteration);

describe("the repeated_call detector", () => {
  test("holds at the iteration in whose time span a key repeats, and opens the loop breaker", () => {
    // it1: 2 calls · it2: 3 more → the 5th identical call is in it2
    const r = replay(steady(4), [...same(1, 2), ...same(2, 3)]);
    expect(detectionsOf(r)).toEqual([2]);
    expect(r.stagnation.detections[0]?.detail).toBe(
      'search called 5 times with the same input among 10 calls: {"q":"weather"}',
    );
    expect(r.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 2, reason: "repeated_call" });
    expect(r.stagnation.iterations[1]?.risk).toBe("HIGH");
  });

  test("calls with other inputs in between break the window", () => {
    const others = (n: number) =>
      Array.from({ length: 6 }, (_, i) => ({
        name: "search",
        t0Us: atMin(n - 0.2) + i * 1e6,
        iteration: null,
        input: i,
      }));
    // 3 identical, 6 others, 2 identical: 5 identical among 11 calls
    expect(detectionsOf(replay(steady(3), [...same(1, 3), ...others(1), ...same(2, 2)]))).toEqual([]);
  });

  test("re-arms with empty history after the loop breaker closes: earlier calls no longer count", () => {
    // cooldown 0: it2 fires → OPEN; it3 is the probe (score > 0) → CLOSED, every detector re-arms.
    // it4 adds one identical call: 6 in the window, but only 1 since the re-arm → does not hold.
    // it5 adds 4 more: 5 since the re-arm → fires again.
    const calls = [...same(2, 5), ...same(4, 1), ...same(5, 4)];
    const r = replay(steady(6), calls, { cooldown_min: 0 });
    expect(r.loop_breaker.transitions.map((t) => [t.iteration, t.to])).toEqual([
      [2, "OPEN"],
      [3, "HALF_OPEN"],
      [3, "CLOSED"],
      [5, "OPEN"],
      [6, "HALF_OPEN"],
      [6, "CLOSED"],
    ]);
    expect(detectionsOf(r)).toEqual([2, 5]);
    expect(r.stagnation.iterations[3]?.risk).not.toBe("HIGH");
  });

  test("without a re-arm the same calls hold at once", () => {
    const r = replay(steady(6), [...same(2, 5), ...same(4, 1)], { cooldown_min: 600 });
    expect(r.stagnation.iterations[3]?.signals).toContain(
      'repeated_call still holds: search called 5 times with the same input among 10 calls: {"q":"weather"}',
    );
  });

  test.each([
    ["3 identical calls (repeat_calls − 2) is MEDIUM", 3, "MEDIUM"],
    ["2 is LOW", 2, "LOW"],
  ])("%s", (_name, count, risk) => {
    const r = replay(steady(2), same(2, count));
    expect(r.stagnation.iterations[1]?.risk).toBe(risk);
    expect(detectionsOf(r)).toEqual([]);
  });

  test("one step from holding looks at the window ending at the last call up to the iteration's ts", () => {
    // it1: 3 identical calls; it2 has no calls of its own: still MEDIUM (the window ends at it1's last call)
    const r = replay(steady(2), same(1, 3));
    expect(r.stagnation.iterations.map((i) => i.risk)).toEqual(["MEDIUM", "MEDIUM"]);
    expect(r.stagnation.iterations[1]?.signals).toContain(
      'repeated_call one step from firing: search called 3 times with the same input among 10 calls: {"q":"weather"}',
    );
  });
});
