// GET /api/v1/runs/{run_id}/timeline/spans/{span_id} — one whole span (full
// error, meta, tokens) for the timeline's side panel; the pages carry only
// what the bars need.
import { getTimelineSpan } from "@/db/timeline";
import { ApiError } from "@/lib/errors";
import { handle, json } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";
import { getReadDb } from "@/app/_server/read-db";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string; spanId: string }> };

export const GET = handle(async (req: Request, ctx: Ctx) => {
  await requireAccess(req, "read");
  const { runId, spanId } = await ctx.params;
  const { db } = await getReadDb(req);
  const span = await getTimelineSpan(db, runId, spanId);
  if (!span) throw new ApiError("not_found", `no span "${spanId}" in run "${runId}"`);
  return json(span);
});
