// GET and POST /api/v1/profiles — what-if profiles (docs/api.md#profiles): the
// built-in ones and those the team saved. POST stores a named set of setting
// overrides (201); a name already saved is a 409, a bad setting a 400 naming it.
import { getDb } from "@/db/client";
import { createProfile, listProfiles } from "@/db/profiles";
import { BUILTIN_PROFILES } from "@/lib/what-if/profiles";
import { ProfileInput, type ProfileAnswer, type ProfileList } from "@/lib/schemas/profiles";
import { requireAccess } from "@/app/_server/auth";
import { SETTINGS_BODY_LIMIT_BYTES } from "@/lib/http/read-body";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  await requireAccess(req, "read");
  const saved = await listProfiles((await getDb()).db);
  return json({ profiles: [...BUILTIN_PROFILES, ...saved] } satisfies ProfileList);
});

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "review");
  const input = await parseJsonBody(ProfileInput, req, {
    expected: '{"name", "settings": {...}}',
    limitBytes: SETTINGS_BODY_LIMIT_BYTES,
  });
  const by = who.kind === "user" ? who.name : null;
  const profile = await createProfile((await getDb()).db, input, by);
  return json({ profile } satisfies ProfileAnswer, 201);
});
