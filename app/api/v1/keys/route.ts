// GET and POST /api/v1/keys — the project's API keys (docs/accounts.md#api-keys).
// Admins only. POST answers the secret once (201); the list never holds it.
import { getDb } from "@/db/client";
import { listApiKeys } from "@/db/api-keys";
import { createKey } from "@/app/_server/accounts";
import { requireAccess } from "@/app/_server/auth";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { NewKeyInput, type KeyCreated } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  await requireAccess(req, "admin");
  return json({ keys: await listApiKeys((await getDb()).db) });
});

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "admin");
  const input = await parseJsonBody(NewKeyInput, req, { expected: '{"name", "scopes": ["ingest" | "read"]}' });
  return json((await createKey(input, who.kind === "user" ? who.userId : null)) satisfies KeyCreated, 201);
});
