// POST /api/v1/examples — store the repository's example runs (examples/*.jsonl
// but the bad-lines file) through the upload path; loading twice changes
// nothing. Authorised like every ingest; the new runs are analysed after the
// response, as after an upload.
import { getDb } from "@/db/client";
import { prepareIngestedRuns } from "@/app/_server/analysis";
import { requireIngestAuth } from "@/app/_server/auth";
import { loadExamples } from "@/app/_server/examples";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  await requireIngestAuth(req);
  const { db } = await getDb();
  const result = await loadExamples(db);
  await prepareIngestedRuns(db, {
    runs: result.runs,
    stored: result.files.reduce((n, f) => n + f.stored, 0),
  });
  return json(result);
});
