// GET and PUT /api/v1/settings/guard-webhooks — where the live guard tells the team
// (docs/guard.md#tell-the-team). A webhook's URL is its secret: reading it takes the
// settings permission too. PUT replaces the list (at most 5); 400 names the field at fault.
import { getDb } from "@/db/client";
import { getGuardWebhooks, saveGuardWebhooks } from "@/db/guard-webhooks";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";
import { GuardWebhooks } from "@/lib/schemas/guard";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  await requireAccess(req, "settings");
  const { db } = await getDb();
  return json((await getGuardWebhooks(db)) satisfies GuardWebhooks);
});

export const PUT = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "settings");
  const body = await parseJsonBody(GuardWebhooks, req, {
    expected: '{"webhooks": [{"url", "format": "slack" | "generic"}]}',
  });
  const { db } = await getDb();
  await saveGuardWebhooks(db, body);
  return json(body satisfies GuardWebhooks);
});
