// POST /api/v1/ingest — docs/api.md. The body is streamed; see app/_server/ingest-request.ts.
// Authorised by app/_server/auth.ts, the one auth seam (docs/accounts.md).
// Before the response the planner statistics are refreshed; after it, the touched runs are analysed once so their pages open fast.
import { getDb } from "@/db/client";
import { prepareIngestedRuns } from "@/app/_server/analysis";
import { requireIngestAccess } from "@/app/_server/auth";
import { ingestRequest } from "@/app/_server/ingest-request";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const { mayEditRuns } = await requireIngestAccess(req);
  const result = await ingestRequest(req, "api", { keepStoredRuns: !mayEditRuns });
  await prepareIngestedRuns((await getDb()).db, result);
  return json(result);
});
