// POST /api/v1/ingest — SPEC §2. The body is streamed; see ingest-request.ts.
import { handle, json } from "@/app/api/_lib/respond";
import { ingestRequest } from "@/app/api/_lib/ingest-request";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => json(await ingestRequest(req, "api")));
