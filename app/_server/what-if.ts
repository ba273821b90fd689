// The what-if page and the fleet view on the server (docs/dashboard.md#what-if,
// #fleet): every analysis goes through getAnalysis, so the same settings hit
// the same cache as GET /analysis and /sweep. Sweeps run their values one
// after another, never at once.
import type { Db } from "@/db/client";
import { listProfiles } from "@/db/profiles";
import { listRuns } from "@/db/runs";
import { getAnalysis } from "@/app/_server/analysis";
import type { PartialSettings } from "@/lib/analysis/settings";
import { sweepPointOf } from "@/lib/analysis/sweep";
import type { RunListQuery, RunSummary } from "@/lib/schemas/api";
import type { ProfileOut } from "@/lib/schemas/profiles";
import type { SweepPoint } from "@/lib/schemas/sweep";
import { summarizeFleet, type FleetRow } from "@/lib/what-if/fleet";
import { BUILTIN_PROFILES } from "@/lib/what-if/profiles";
import type { WhatIfSweep } from "@/lib/what-if/query";

/** The built-in profiles first, then the saved ones. */
export async function allProfiles(db: Db): Promise<ProfileOut[]> {
  return [...BUILTIN_PROFILES, ...(await listProfiles(db))];
}

/** One sweep point per value, each with `base` under it. */
export async function sweepRun(
  db: Db,
  runId: string,
  base: PartialSettings,
  sweep: WhatIfSweep,
): Promise<SweepPoint[]> {
  const points: SweepPoint[] = [];
  for (const value of sweep.values) {
    const overrides = { ...base, [sweep.setting]: value } as PartialSettings;
    points.push(sweepPointOf(value, await getAnalysis(db, runId, overrides)));
  }
  return points;
}

export type FleetResult = { runs: RunSummary[]; rows: FleetRow[] };

/** The sweep over the newest runs the filter selects (at most its limit). */
export async function sweepFleet(
  db: Db,
  filter: RunListQuery,
  base: PartialSettings,
  sweep: WhatIfSweep,
): Promise<FleetResult> {
  const { runs } = await listRuns(db, filter);
  const points = new Map<string, SweepPoint[]>();
  for (const run of runs) points.set(run.run_id, await sweepRun(db, run.run_id, base, sweep));
  return { runs, rows: summarizeFleet(runs, sweep.values, points) };
}
