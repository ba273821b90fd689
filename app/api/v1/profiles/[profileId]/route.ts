// DELETE /api/v1/profiles/{profile_id} — forget a saved what-if profile
// (docs/api.md#profiles). The built-in profiles cannot be deleted (409).
import { getDb } from "@/db/client";
import { deleteProfile } from "@/db/profiles";
import { ApiError } from "@/lib/errors";
import { BUILTIN_PROFILES, findProfile } from "@/lib/what-if/profiles";
import type { ProfileAnswer } from "@/lib/schemas/profiles";
import { requireAccess } from "@/app/_server/auth";
import { handle, json } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ profileId: string }> };

export const DELETE = handle(async (req: Request, ctx: Ctx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "review");
  const { profileId } = await ctx.params;
  if (findProfile(BUILTIN_PROFILES, profileId))
    throw new ApiError("conflict", `"${profileId}" is a built-in profile and cannot be deleted`);
  const profile = await deleteProfile((await getDb()).db, profileId);
  return json({ profile } satisfies ProfileAnswer);
});
