// A run's outcome as a grader sets it (PUT /api/v1/runs/{run_id}/outcome,
// `loopscope ingest --outcomes`, docs/api.md#outcome). A grader's word replaces
// whatever the run's file said; `null` takes it back, and the run then reads
// as its done review says (lib/schemas/run-outcome.ts resolveOutcome). The
// outcome is no input of the analysis: the run's data_version is not bumped.
import { eq } from "drizzle-orm";
import { resolveOutcome, type Outcome } from "@/lib/schemas/run-outcome";
import type { Db } from "./client";
import { reviews, runs } from "./schema";

/** Set (or clear) the stored outcome; false when there is no such run. */
export async function putRunOutcome(db: Db, runId: string, outcome: Outcome | null): Promise<boolean> {
  const updated = await db.update(runs).set({ outcome }).where(eq(runs.runId, runId)).returning({ runId: runs.runId });
  return updated.length > 0;
}

/** The run's outcome as the API shows it: the stored one, else its done review's; null when nobody said. */
export async function getRunOutcome(db: Db, runId: string): Promise<Outcome | null> {
  const rows = await db
    .select({ outcome: runs.outcome, status: reviews.status, category: reviews.category })
    .from(runs)
    .leftJoin(reviews, eq(reviews.runId, runs.runId))
    .where(eq(runs.runId, runId));
  const row = rows[0];
  if (!row) return null;
  return resolveOutcome(row.outcome, row.status ? { status: row.status, category: row.category } : null);
}
