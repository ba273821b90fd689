// POST /api/v1/users/{user_id}/password-reset (docs/accounts.md#password-reset):
// an admin makes a one-time link that sets a new password, valid 24 hours, for
// the admin to pass on (there is no mail); the user's sessions end now. The link
// is in this answer only; its token is after `#`, so it never reaches a log.
import { createPasswordReset } from "@/app/_server/access";
import { requireAccess } from "@/app/_server/auth";
import { publicOrigin } from "@/app/_server/public-origin";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { PasswordResetCreated } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ userId: string }> };

export const POST = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "admin");
  const { userId } = await ctx.params;
  return json(PasswordResetCreated.parse(await createPasswordReset(userId, publicOrigin(req))), 201);
});
