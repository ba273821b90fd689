// DELETE /api/v1/users/{user_id}/sessions — "sign out everywhere"
// (docs/accounts.md#taking-access-back): every browser session of the user
// ends. A user may do it for themself (this browser is signed out too), an
// admin for anyone. API keys are not sessions: revoke them on /admin.
import { requireAccess } from "@/app/_server/auth";
import { signOutEverywhere } from "@/app/_server/access";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { clearedSessionCookie } from "@/app/_server/session";
import { principalMay } from "@/lib/auth/roles";
import { ApiError } from "@/lib/errors";
import { SessionsEnded } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ userId: string }> };

export const DELETE = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "read");
  const { userId } = await ctx.params;
  const self = who.kind === "user" && who.userId === userId;
  if (!self && !principalMay(who, "admin"))
    throw new ApiError("forbidden", "only the user themself or an admin may end a user's sessions");
  const ended = await signOutEverywhere(userId);
  const headers: Record<string, string> = self ? { "Set-Cookie": clearedSessionCookie(req) } : {};
  return json(SessionsEnded.parse({ user_id: userId, sessions_ended: ended }), 200, headers);
});
