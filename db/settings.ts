// Project settings saved in the dashboard (docs/analysis.md#settings): one JSON value per
// key of project_settings — the analysis overrides under "analysis", the live guard's
// webhooks under "guard_webhooks" (db/guard-webhooks.ts).
import { eq, sql } from "drizzle-orm";
import { parseSettingsObject, type PartialSettings } from "@/lib/analysis/settings";
import type { Db } from "./client";
import { projectSettings } from "./schema";

const KEY = "analysis";

/** The stored value of a key, as JSON; undefined when none is stored. */
export async function readProjectSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(projectSettings).where(eq(projectSettings.key, key));
  return row?.value;
}

/** Store a key's value whole. */
export async function writeProjectSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(projectSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: projectSettings.key, set: { value, updatedAt: sql`now()` } });
}

export async function getProjectSettings(db: Db): Promise<PartialSettings> {
  const value = await readProjectSetting(db, KEY);
  if (value === undefined) return {};
  const parsed = parseSettingsObject(value);
  return parsed.ok ? parsed.settings : {};
}

export async function saveProjectSettings(db: Db, settings: PartialSettings): Promise<void> {
  await writeProjectSetting(db, KEY, settings);
}
