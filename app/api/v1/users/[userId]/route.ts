// PATCH and DELETE /api/v1/users/{user_id} (docs/accounts.md#taking-access-back):
// an admin changes a user's role or removes the account; either ends the
// user's sessions at once. The last admin can be neither demoted nor removed (409).
import { changeAccess } from "@/app/_server/access";
import { requireAccess } from "@/app/_server/auth";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { UserAnswer, UserChangeInput, UserRemoved } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ userId: string }> };

export const PATCH = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "admin");
  const { userId } = await ctx.params;
  const { role } = await parseJsonBody(UserChangeInput, req, { expected: '{"role"}' });
  return json(UserAnswer.parse({ user: await changeAccess(userId, role) }));
});

export const DELETE = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "admin");
  const { userId } = await ctx.params;
  return json(UserRemoved.parse({ user: await changeAccess(userId, null), removed: true }));
});
