// The stored run a /api/v1/runs/{run_id}/… handler is about, or a 404
// not_found (docs/api.md) before the handler reads anything else of it.
// `db`: where to read it (a heavy read passes the read replica's choice, app/_server/read-db.ts).
import { getDb, type Db } from "@/db/client";
import { getRun } from "@/db/runs";
import { runNotFound } from "@/lib/errors";

export type RunCtx = { params: Promise<{ runId: string }> };

export async function existingRun(ctx: RunCtx, readDb?: Db) {
  const { runId } = await ctx.params;
  const db = readDb ?? (await getDb()).db;
  const run = await getRun(db, runId);
  if (!run) throw runNotFound(runId);
  return { db, runId, run };
}
