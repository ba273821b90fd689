// GET /api/v1/runs/{run_id}/spans — docs/api.md: ordered by t0, cursor-paginated.
import { getDb } from "@/db/client";
import { getRun } from "@/db/runs";
import { listSpans } from "@/db/spans";
import { runNotFound } from "@/lib/errors";
import { SpanListQuery } from "@/lib/schemas/api";
import { handle, json, parseQuery } from "@/app/_server/respond";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (req: Request, ctx: Ctx) => {
  const { runId } = await ctx.params;
  const query = parseQuery(SpanListQuery, req.url);
  const { db } = await getDb();
  if (!(await getRun(db, runId))) throw runNotFound(runId);
  return json(await listSpans(db, runId, query));
});
