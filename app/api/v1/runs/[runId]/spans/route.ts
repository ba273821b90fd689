// GET /api/v1/runs/{run_id}/spans — docs/api.md: ordered by t0, cursor-paginated.
import { listSpans } from "@/db/spans";
import { SpanListQuery } from "@/lib/schemas/api";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { handle, json, parseQuery } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";
import { getReadDb } from "@/app/_server/read-db";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  // The query is checked first: a bad one is a 400 even for an unknown run.
  const query = parseQuery(SpanListQuery, req.url);
  const { db, runId } = await existingRun(ctx, (await getReadDb(req)).db);
  return json(await listSpans(db, runId, query));
});
