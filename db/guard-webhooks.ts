// The guard's webhooks (docs/guard.md#tell-the-team): one list in
// project_settings under "guard_webhooks". A stored value that no longer
// parses reads as none.
import { eq, sql } from "drizzle-orm";
import { GuardWebhooks } from "@/lib/schemas/guard";
import type { Db } from "./client";
import { projectSettings } from "./schema";

const KEY = "guard_webhooks";

export async function getGuardWebhooks(db: Db): Promise<GuardWebhooks> {
  const [row] = await db.select().from(projectSettings).where(eq(projectSettings.key, KEY));
  const parsed = GuardWebhooks.safeParse(row?.value ?? { webhooks: [] });
  return parsed.success ? parsed.data : { webhooks: [] };
}

export async function saveGuardWebhooks(db: Db, value: GuardWebhooks): Promise<void> {
  await db
    .insert(projectSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: projectSettings.key, set: { value, updatedAt: sql`now()` } });
}
