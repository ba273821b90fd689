// GET and DELETE /api/v1/runs/{run_id} — SPEC §2.
import { getDb } from "@/db/client";
import { deleteRun, getRun } from "@/db/runs";
import { ApiError } from "@/lib/errors";
import { handle, json } from "@/app/api/_lib/respond";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (_req: Request, ctx: Ctx) => {
  const { runId } = await ctx.params;
  const { db } = await getDb();
  const run = await getRun(db, runId);
  if (!run) throw new ApiError("not_found", `no run "${runId}"`);
  return json(run);
});

export const DELETE = handle(async (_req: Request, ctx: Ctx) => {
  const { runId } = await ctx.params;
  const { db } = await getDb();
  if (!(await deleteRun(db, runId))) throw new ApiError("not_found", `no run "${runId}"`);
  return json({ deleted: runId });
});
