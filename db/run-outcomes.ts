// A run's outcome as a grader sets it (PUT /api/v1/runs/{run_id}/outcome,
// `loopscope ingest --outcomes`, docs/api.md#outcome). A grader's word replaces
// whatever the run's file said; `null` takes it back, and the run then reads
// as its done review says (lib/schemas/run-outcome.ts resolveOutcome, which
// db/runs.ts applies as it reads the run). The outcome is no input of the
// analysis: the run's data_version is not bumped.
import { eq } from "drizzle-orm";
import type { Outcome } from "@/lib/schemas/run-outcome";
import type { Db } from "./client";
import { runs } from "./schema";

/** Set (or clear) the stored outcome; false when there is no such run. */
export async function putRunOutcome(db: Db, runId: string, outcome: Outcome | null): Promise<boolean> {
  const updated = await db.update(runs).set({ outcome }).where(eq(runs.runId, runId)).returning({ runId: runs.runId });
  return updated.length > 0;
}
