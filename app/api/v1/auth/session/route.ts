// /api/v1/auth/session (docs/accounts.md#sessions): GET who is signed in,
// POST sign in with email and password (sets the session cookie), DELETE sign out.
import { getDb } from "@/db/client";
import { deleteSession } from "@/db/sessions";
import { signIn } from "@/app/_server/accounts";
import { authIsOn, resolvePrincipal } from "@/app/_server/auth";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "@/app/_server/session";
import { hashSecret } from "@/lib/auth/tokens";
import { SignInInput, type SessionOut } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  const { principal } = await resolvePrincipal(req);
  const user =
    principal?.kind === "user"
      ? { user_id: principal.userId, name: principal.name, email: principal.email, role: principal.role }
      : null;
  return json({ user, auth: authIsOn() ? "on" : "off" } satisfies SessionOut);
});

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const input = await parseJsonBody(SignInInput, req, { expected: '{"email", "password"}' });
  const { user, token } = await signIn(input);
  return json({ user }, 200, { "Set-Cookie": sessionCookie(req, token) });
});

export const DELETE = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const token = readSessionToken(req.headers.get("cookie"));
  if (token !== null) await deleteSession((await getDb()).db, hashSecret(token));
  return json({ signed_out: true }, 200, { "Set-Cookie": clearedSessionCookie(req) });
});
