// POST /v1/traces/ingest — docs/import.md#openai-agents-sdk. The path the
// OpenAI Agents SDK's BackendSpanExporter posts to (`{"data":[…items]}` with
// `Authorization: Bearer …` and `OpenAI-Beta: traces=v1`), so setting
// OPENAI_BASE_URL=http://host:port/v1 — or the exporter's endpoint — sends
// the SDK's traces here. The body is always read as that format; the rest is
// the upload path of app/_server/ingest-request.ts. Authorised by
// app/_server/auth.ts like every ingest.
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
  const result = await ingestRequest(req, "api", { format: "openai-agents", keepStoredRuns: !mayEditRuns });
  await prepareIngestedRuns((await getDb()).db, result);
  return json(result);
});
