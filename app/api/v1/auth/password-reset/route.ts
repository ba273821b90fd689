// POST /api/v1/auth/password-reset (docs/accounts.md#password-reset): the
// holder of an admin's one-time link sets a new password; every session of the
// account ends, its sign-in lock lifts, and this browser is signed in. An
// unknown, used or expired link is 403. No account needed: the link is the credential.
import { usePasswordReset } from "@/app/_server/access";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { sessionCookie } from "@/app/_server/session";
import { PasswordResetInput, UserAnswer } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const input = await parseJsonBody(PasswordResetInput, req, { expected: '{"token", "new_password"}' });
  const { user, token } = await usePasswordReset(input);
  return json(UserAnswer.parse({ user }), 200, { "Set-Cookie": sessionCookie(req, token) });
});
