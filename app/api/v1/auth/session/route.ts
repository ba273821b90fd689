// /api/v1/auth/session (docs/accounts.md#sessions): GET who is signed in,
// POST sign in with email and password (sets the session cookie), DELETE sign out.
// A user is answered through the public schema only (docs/accounts.md#never-answered).
import { getDb } from "@/db/client";
import { deleteSession } from "@/db/sessions";
import { signIn } from "@/app/_server/accounts";
import { isWrongCredentials, signInKeys, throttled } from "@/app/_server/sign-in-throttle";
import { authIsOn, resolvePrincipal } from "@/app/_server/auth";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "@/app/_server/session";
import { hashSecret } from "@/lib/auth/tokens";
import { SessionOut, SignInInput, UserAnswer } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  const { principal } = await resolvePrincipal(req);
  const user =
    principal?.kind === "user"
      ? { user_id: principal.userId, name: principal.name, email: principal.email, role: principal.role }
      : null;
  return json(SessionOut.parse({ user, auth: authIsOn() ? "on" : "off" }));
});

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const input = await parseJsonBody(SignInInput, req, { expected: '{"email", "password"}' });
  // Throttled per account and client address (docs/accounts.md#sign-in-throttling).
  const { user, token } = await throttled(signInKeys(req, input.email), () => signIn(input), isWrongCredentials);
  return json(UserAnswer.parse({ user }), 200, { "Set-Cookie": sessionCookie(req, token) });
});

export const DELETE = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const token = readSessionToken(req.headers.get("cookie"));
  if (token !== null) await deleteSession((await getDb()).db, hashSecret(token));
  return json({ signed_out: true }, 200, { "Set-Cookie": clearedSessionCookie(req) });
});
