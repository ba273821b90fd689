// docs/dashboard.md#fleet — one setting's values over a set of runs: for each
// value, how many runs the loop breaker would have halted, what halting would
// have saved on the runs that failed, and which runs that succeeded it would
// have wrongly halted. A run failed when its outcome says so (its file, a
// grader or a done review: lib/schemas/run-outcome.ts), or, with no outcome,
// when its review names a root cause other than `none`; it succeeded when its
// outcome is a success. O(runs · values). Pure: the per-run sweep points
// (lib/analysis/sweep.ts) come from the caller.
import type { ReviewCategory, ReviewStatus } from "../schemas/review";
import type { Outcome } from "../schemas/run-outcome";
import type { SweepPoint } from "../schemas/sweep";

export type FleetRun = {
  run_id: string;
  review: { status: ReviewStatus; category: ReviewCategory | null };
  outcome?: Outcome | null;
};

export type FleetRow = {
  value: string | number;
  runs: number;
  halted: number;
  bad: { runs: number; halted: number; saved_iterations: number; saved_tokens: number; saved_cost_usd: number };
  good: { runs: number; wrongly_halted: string[] };
};

export function isBadRun(r: FleetRun): boolean {
  const status = r.outcome?.status ?? "unknown";
  if (status !== "unknown") return status === "failure";
  return r.review.category !== null && r.review.category !== "none";
}
export function isGoodRun(r: FleetRun): boolean {
  const status = r.outcome?.status ?? "unknown";
  if (status !== "unknown") return status === "success";
  return r.review.status === "done" && r.review.category === "none";
}

/** `points.get(run_id)[i]` is the run's point for `values[i]`; a run without points counts as not halted. */
export function summarizeFleet(
  runs: readonly FleetRun[],
  values: readonly (string | number)[],
  points: ReadonlyMap<string, readonly SweepPoint[]>,
): FleetRow[] {
  return values.map((value, i) => {
    const row: FleetRow = {
      value,
      runs: runs.length,
      halted: 0,
      bad: { runs: 0, halted: 0, saved_iterations: 0, saved_tokens: 0, saved_cost_usd: 0 },
      good: { runs: 0, wrongly_halted: [] },
    };
    for (const run of runs) {
      const p = points.get(run.run_id)?.[i];
      const halted = p?.halted_at !== undefined && p !== undefined;
      if (halted) row.halted++;
      if (isBadRun(run)) {
        row.bad.runs++;
        if (halted) row.bad.halted++;
        row.bad.saved_iterations += p?.saved_iterations ?? 0;
        row.bad.saved_tokens += p?.saved_tokens ?? 0;
        row.bad.saved_cost_usd += p?.saved_cost_usd ?? 0;
      }
      if (isGoodRun(run)) {
        row.good.runs++;
        if (halted) row.good.wrongly_halted.push(run.run_id);
      }
    }
    return row;
  });
}
