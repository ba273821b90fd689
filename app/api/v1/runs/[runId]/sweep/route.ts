// GET /api/v1/runs/{run_id}/sweep?setting=NAME&values=a,b,c — docs/api.md#what-if-sweep.
// One analysis per value, with that one setting overridden on top of the
// usual precedence (the run's config, the project's settings, the defaults):
// the same reports, and the same cache, as /analysis?NAME=value. The values
// are analysed one after another, so a sweep costs at most 20 analyses of
// the run and never runs them at once.
import { getDb } from "@/db/client";
import { getAnalysis } from "@/app/_server/analysis";
import { requireAccess } from "@/app/_server/auth";
import { handle, json, parseQuery } from "@/app/_server/respond";
import type { PartialSettings } from "@/lib/analysis/settings";
import { sweepPointOf } from "@/lib/analysis/sweep";
import { SweepQuery, type SweepPoint, type SweepResponse } from "@/lib/schemas/sweep";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (req: Request, ctx: Ctx) => {
  await requireAccess(req, "read");
  const { runId } = await ctx.params;
  const { setting, values } = parseQuery(SweepQuery, req.url);
  const { db } = await getDb();
  const points: SweepPoint[] = [];
  for (const value of values) {
    const overrides = { [setting]: value } as PartialSettings;
    points.push(sweepPointOf(value, await getAnalysis(db, runId, overrides)));
  }
  return json({ setting, points } satisfies SweepResponse);
});
