// POST /api/v1/auth/setup — the first visit (docs/accounts.md#first-start):
// creates the admin while there is no user yet and signs them in; 409 after.
import { setUpFirstAdmin } from "@/app/_server/accounts";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { sessionCookie } from "@/app/_server/session";
import { SetupInput } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const input = await parseJsonBody(SetupInput, req, { expected: '{"name", "email", "password"}' });
  const { user, token } = await setUpFirstAdmin(input);
  return json({ user }, 201, { "Set-Cookie": sessionCookie(req, token) });
});
