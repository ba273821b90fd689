// POST /api/v1/settings/guard-webhooks/test — "Send a test" (docs/guard.md#tell-the-team):
// one webhook, given in the body (saved or not yet), gets one event of the real shape
// that says it is a test; the answer says whether it landed or what went wrong (its
// status, "unreachable", "no answer in time"), never the receiver's body. One try, no
// retries: the person who clicked is waiting. Takes the settings permission, as the list does.
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";
import { publicOrigin } from "@/app/_server/public-origin";
import { testEvent, tryDeliver } from "@/app/_server/guard-notify";
import { GuardWebhook, type GuardWebhookTest } from "@/lib/schemas/guard";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "settings");
  const hook = await parseJsonBody(GuardWebhook, req, { expected: '{"url", "format": "slack" | "generic"}' });
  const problem = await tryDeliver(hook, testEvent(publicOrigin(req), new Date().toISOString()));
  return json({ delivered: problem === null, problem } satisfies GuardWebhookTest);
});
