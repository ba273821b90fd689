// Project settings saved in the dashboard (docs/analysis.md#settings): one JSON object of
// analysis overrides under the key "analysis".
import { eq, sql } from "drizzle-orm";
import { parseSettingsObject, type PartialSettings } from "@/lib/analysis/settings";
import type { Db } from "./client";
import { projectSettings } from "./schema";

const KEY = "analysis";

export async function getProjectSettings(db: Db): Promise<PartialSettings> {
  const [row] = await db.select().from(projectSettings).where(eq(projectSettings.key, KEY));
  if (!row) return {};
  const parsed = parseSettingsObject(row.value);
  return parsed.ok ? parsed.settings : {};
}

export async function saveProjectSettings(db: Db, settings: PartialSettings): Promise<void> {
  await db
    .insert(projectSettings)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({ target: projectSettings.key, set: { value: settings, updatedAt: sql`now()` } });
}
