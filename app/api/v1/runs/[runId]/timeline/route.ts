// GET /api/v1/runs/{run_id}/timeline?cursor=&limit= — the timeline's compact
// columnar span pages (lib/timeline/wire.ts); the first page also carries the
// run's iterations and events for the overlays. The pages after the first are
// bulk reads: on PGlite they give way to requests and to a running analysis
// (db/pglite-gate.ts), so a fresh run's lanes are not held back by its spans.
import { inBackground } from "@/db/pglite-gate";
import { getTimelinePage } from "@/db/timeline";
import { runNotFound } from "@/lib/errors";
import { TimelineQuery } from "@/lib/schemas/timeline";
import { handle, json, parseQuery } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";
import { getReadDb } from "@/app/_server/read-db";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (req: Request, ctx: Ctx) => {
  await requireAccess(req, "read");
  const { runId } = await ctx.params;
  const query = parseQuery(TimelineQuery, req.url);
  const { db } = await getReadDb(req);
  const read = () => getTimelinePage(db, runId, query);
  const page = await (query.cursor ? inBackground(read, "bulk") : read());
  if (!page) throw runNotFound(runId);
  return json(page);
});
