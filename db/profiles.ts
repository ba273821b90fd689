// Saved what-if profiles (docs/dashboard.md#profiles): list, create, delete.
// Times are read as float epoch microseconds, as in db/comments.ts, so both
// drivers agree. A stored row is only ever written from ProfileInput.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { ApiError } from "@/lib/errors";
import { PartialSettings } from "@/lib/analysis/settings";
import type { ProfileInput, ProfileOut } from "@/lib/schemas/profiles";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { isUniqueViolation } from "./pg-errors";
import { profiles } from "./schema";

type ProfileRow = {
  profile_id: string;
  name: string;
  settings: unknown;
  created_by: string | null;
  created_us: number | string;
};

const toOut = (r: ProfileRow): ProfileOut => ({
  profile_id: r.profile_id,
  name: r.name,
  settings: PartialSettings.parse(typeof r.settings === "string" ? JSON.parse(r.settings) : r.settings),
  builtin: false,
  created_at: formatTimeUs(Number(r.created_us)),
  created_by: r.created_by,
});

const SELECT = sql`SELECT profile_id, name, settings, created_by,
  (extract(epoch from created_at) * 1000000)::float8 AS created_us FROM profiles`;

/** The saved profiles, by name. */
export async function listProfiles(db: Db): Promise<ProfileOut[]> {
  return rowsOf<ProfileRow>(await db.execute(sql`${SELECT} ORDER BY name, profile_id`)).map(toOut);
}

export async function getProfile(db: Db, profileId: string): Promise<ProfileOut | null> {
  const [row] = rowsOf<ProfileRow>(await db.execute(sql`${SELECT} WHERE profile_id = ${profileId}`));
  return row ? toOut(row) : null;
}

/** Store a new profile; a name already saved is a 409. */
export async function createProfile(db: Db, input: ProfileInput, by: string | null): Promise<ProfileOut> {
  const profileId = `p-${randomUUID()}`;
  try {
    await db.insert(profiles).values({ profileId, name: input.name, settings: input.settings, createdBy: by });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError("conflict", `a profile named "${input.name}" exists already`);
    throw err;
  }
  return (await getProfile(db, profileId))!;
}

/** Delete a saved profile and answer it; 404 when there is none by that id. */
export async function deleteProfile(db: Db, profileId: string): Promise<ProfileOut> {
  const found = await getProfile(db, profileId);
  if (!found) throw new ApiError("not_found", `no saved profile "${profileId}"`);
  await db.execute(sql`DELETE FROM profiles WHERE profile_id = ${profileId}`);
  return found;
}
