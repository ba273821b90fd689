// What-if profiles (docs/api.md#profiles, docs/dashboard.md#profiles): a named
// set of analysis setting overrides. The built-in ones live in
// lib/what-if/profiles.ts; the team's are stored and served by
// GET/POST/DELETE /api/v1/profiles. The route, the pages and the tests share these.
import { z } from "zod";
import { PartialSettings } from "../analysis/settings";
import { hasNoNul } from "./storable";

export const PROFILE_NAME_MAX = 80;

/** POST body: a name and the overrides it stands for (any setting of docs/analysis.md#settings). */
export const ProfileInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(PROFILE_NAME_MAX)
    .refine(hasNoNul, { error: "must not contain a NUL character (\\u0000)" }),
  /** An unknown setting name is refused, as in PUT /api/v1/settings. */
  settings: PartialSettings.strict(),
});
export type ProfileInput = z.output<typeof ProfileInput>;

export const ProfileOut = z.object({
  profile_id: z.string(),
  name: z.string(),
  settings: PartialSettings,
  /** True for the profiles Loopscope ships; they cannot be deleted. */
  builtin: z.boolean(),
  created_at: z.iso.datetime({ offset: true }).nullable(),
  created_by: z.string().nullable(),
});
export type ProfileOut = z.output<typeof ProfileOut>;

/** GET /api/v1/profiles: the built-in profiles first, then the saved ones by name. */
export const ProfileList = z.object({ profiles: z.array(ProfileOut) });
export type ProfileList = z.output<typeof ProfileList>;

/** POST (201) and DELETE answer the one profile. */
export const ProfileAnswer = z.object({ profile: ProfileOut });
export type ProfileAnswer = z.output<typeof ProfileAnswer>;
