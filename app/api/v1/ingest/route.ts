// POST /api/v1/ingest — SPEC §2. The body is streamed; see ingest-request.ts.
// Authorised by app/_server/auth.ts, the one ingest auth seam (accepts all today).
import { authorizeIngest } from "@/app/_server/auth";
import { handle, json } from "@/app/api/_lib/respond";
import { ingestRequest } from "@/app/api/_lib/ingest-request";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  const auth = authorizeIngest(req.headers.get("authorization"));
  if (!auth.ok) return json({ error: { code: "unauthorized", message: auth.reason } }, 401);
  return json(await ingestRequest(req, "api"));
});
