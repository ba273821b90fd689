// DELETE /api/v1/keys/{key_id} — revoke a key (docs/accounts.md#api-keys): at
// once, for every endpoint; the key stays listed with its revoked_at. Admins only.
import { getDb } from "@/db/client";
import { revokeApiKey } from "@/db/api-keys";
import { requireAccess } from "@/app/_server/auth";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ keyId: string }> };

export const DELETE = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "admin");
  const { keyId } = await ctx.params;
  return json({ key: await revokeApiKey((await getDb()).db, keyId) });
});
