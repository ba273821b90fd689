// POST /api/v1/ingest — SPEC §2. The body is streamed; see ingest-request.ts.
// Authorised by app/_server/auth.ts, the one ingest auth seam (accepts all today).
// After the response, the touched runs are analysed once so their pages open fast.
import { after } from "next/server";
import { getDb } from "@/db/client";
import { authorizeIngest } from "@/app/_server/auth";
import { warmAnalyses } from "@/app/_server/analysis";
import { handle, json } from "@/app/api/_lib/respond";
import { ingestRequest } from "@/app/api/_lib/ingest-request";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  const auth = authorizeIngest(req.headers.get("authorization"));
  if (!auth.ok) return json({ error: { code: "unauthorized", message: auth.reason } }, 401);
  const result = await ingestRequest(req, "api");
  scheduleAfterResponse(async () => warmAnalyses((await getDb()).db, result.runs));
  return json(result);
});

/** `after()` needs Next's request scope; outside it (a handler called directly) the work is skipped. */
function scheduleAfterResponse(task: () => Promise<void>) {
  try {
    after(task);
  } catch {
    // not inside a Next request (tests, benchmarks): nothing to warm for
  }
}
