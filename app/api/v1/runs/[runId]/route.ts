// GET and DELETE /api/v1/runs/{run_id} — docs/api.md.
import { getDb } from "@/db/client";
import { deleteRun } from "@/db/runs";
import { runNotFound } from "@/lib/errors";
import type { RunDeleted } from "@/lib/schemas/api";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const { run } = await existingRun(ctx);
  return json(run);
});

export const DELETE = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "delete");
  const { runId } = await ctx.params;
  const { db } = await getDb();
  if (!(await deleteRun(db, runId))) throw runNotFound(runId);
  return json({ deleted: runId } satisfies RunDeleted);
});
