// GET /api/v1/runs/{run_id}/analysis — docs/api.md/docs/analysis.md; thresholds as query parameters.
import { getDb } from "@/db/client";
import { getAnalysis } from "@/app/_server/analysis";
import { parseSettingsParams } from "@/lib/analysis/settings";
import { invalidInput } from "@/lib/schemas/errors";
import { handle, json } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (req: Request, ctx: Ctx) => {
  await requireAccess(req, "read");
  const { runId } = await ctx.params;
  const parsed = parseSettingsParams(new URL(req.url).searchParams, { strict: true });
  if (!parsed.ok) throw invalidInput(parsed.issues);
  const { db } = await getDb();
  return json(await getAnalysis(db, runId, parsed.settings));
});
