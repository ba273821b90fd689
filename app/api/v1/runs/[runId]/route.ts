// GET and DELETE /api/v1/runs/{run_id} — docs/api.md.
import { getDb } from "@/db/client";
import { deleteRun, getRun } from "@/db/runs";
import { runNotFound } from "@/lib/errors";
import type { RunDeleted } from "@/lib/schemas/api";
import { handle, json } from "@/app/_server/respond";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (_req: Request, ctx: Ctx) => {
  const { runId } = await ctx.params;
  const { db } = await getDb();
  const run = await getRun(db, runId);
  if (!run) throw runNotFound(runId);
  return json(run);
});

export const DELETE = handle(async (_req: Request, ctx: Ctx) => {
  const { runId } = await ctx.params;
  const { db } = await getDb();
  if (!(await deleteRun(db, runId))) throw runNotFound(runId);
  return json({ deleted: runId } satisfies RunDeleted);
});
