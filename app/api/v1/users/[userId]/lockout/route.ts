// DELETE /api/v1/users/{user_id}/lockout — an admin unlocks an account
// (docs/accounts.md#sign-in-throttling): its failed sign-ins are forgotten,
// so it may sign in at once. Client addresses keep their own count. Admins only.
import { getDb } from "@/db/client";
import { clearFailures } from "@/db/sign-in-throttle";
import { findUserById } from "@/db/users";
import { requireAccess } from "@/app/_server/auth";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { accountKey } from "@/lib/auth/throttle";
import { ApiError } from "@/lib/errors";
import type { AccountUnlocked } from "@/lib/schemas/throttle";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ userId: string }> };

export const DELETE = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "admin");
  const { userId } = await ctx.params;
  const { db } = await getDb();
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("not_found", `no user "${userId}"`);
  const unlocked = await clearFailures(db, accountKey(user.email));
  return json({ user_id: userId, unlocked } satisfies AccountUnlocked);
});
