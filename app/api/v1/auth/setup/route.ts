// POST /api/v1/auth/setup — the first visit (docs/accounts.md#first-start):
// creates the admin while there is no user yet and signs them in; 409 after.
// Answers the public user only (docs/accounts.md#never-answered).
import { setUpFirstAdmin } from "@/app/_server/accounts";
import { isRefusedSetup, setupKeys, throttled } from "@/app/_server/sign-in-throttle";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { sessionCookie } from "@/app/_server/session";
import { SetupInput, UserAnswer } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const input = await parseJsonBody(SetupInput, req, { expected: '{"name", "email", "password"}' });
  // Throttled per client address (docs/accounts.md#sign-in-throttling).
  const { user, token } = await throttled(setupKeys(req), () => setUpFirstAdmin(input), isRefusedSetup);
  return json(UserAnswer.parse({ user }), 201, { "Set-Cookie": sessionCookie(req, token) });
});
