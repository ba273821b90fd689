// docs/dashboard.md#what-if — the iteration strip of one analysis: one cell
// per iteration, saying whether the loop breaker would have let it run, and
// the markers drawn over it: the halt (the first CLOSED → OPEN) and each
// re-open after a failed probe (HALF_OPEN → OPEN). O(iterations + transitions).
// Pure: reads the report's loop breaker and its list of iterations.
import type { AnalysisReport } from "../analysis/analyze";

export type StripCellState = "ran" | "skipped" | "halt" | "probe" | "reopen";
export type StripCell = { n: number; state: StripCellState };
export type HaltStrip = {
  cells: StripCell[];
  /** The iteration of the first OPEN, null when the breaker never opens. */
  halt: number | null;
  /** Iterations where a failed probe re-opens the breaker. */
  reopens: number[];
  /** Iterations where it closes again after a passed probe. */
  closes: number[];
};

type StripReport = Pick<AnalysisReport, "loop_breaker" | "stagnation">;

export function prepareHaltStrip(report: StripReport): HaltStrip {
  const transitions = [...report.loop_breaker.transitions].sort((a, b) => a.iteration - b.iteration);
  const halt = report.loop_breaker.would_have_halted_at?.iteration ?? null;
  const reopens = transitions.filter((t) => t.from === "HALF_OPEN" && t.to === "OPEN").map((t) => t.iteration);
  const closes = transitions.filter((t) => t.from === "HALF_OPEN" && t.to === "CLOSED").map((t) => t.iteration);
  let state: string = "CLOSED";
  let next = 0;
  const cells = report.stagnation.iterations.map(({ n }): StripCell => {
    const here: string[] = [];
    while (next < transitions.length && transitions[next]!.iteration <= n) {
      if (transitions[next]!.iteration === n) here.push(transitions[next]!.to);
      state = transitions[next]!.to;
      next++;
    }
    if (here.length === 0) return { n, state: state === "OPEN" ? "skipped" : "ran" };
    if (n === halt) return { n, state: "halt" };
    if (reopens.includes(n)) return { n, state: "reopen" };
    return { n, state: "probe" };
  });
  return { cells, halt, reopens, closes };
}

/** A marker's left edge as a percentage of the strip: the start of its iteration's cell. */
export function markerLeftPct(strip: Pick<HaltStrip, "cells">, n: number): number {
  const i = strip.cells.findIndex((c) => c.n === n);
  if (i < 0 || strip.cells.length === 0) return 0;
  return (i / strip.cells.length) * 100;
}
