// GET /api/v1/runs — docs/api.md: filters q, agent, label, from, to, status; sort; cursor pagination.
import { listRuns } from "@/db/runs";
import { RunListQuery } from "@/lib/schemas/api";
import { handle, json, parseQuery } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";
import { getReadDb } from "@/app/_server/read-db";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  await requireAccess(req, "read");
  const query = parseQuery(RunListQuery, req.url);
  const { db } = await getReadDb(req);
  return json(await listRuns(db, query));
});
