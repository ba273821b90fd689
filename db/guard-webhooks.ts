// The guard's webhooks (docs/guard.md#tell-the-team): one list in
// project_settings under "guard_webhooks". A stored value that no longer
// parses reads as none.
import { GuardWebhooks } from "@/lib/schemas/guard";
import type { Db } from "./client";
import { readProjectSetting, writeProjectSetting } from "./settings";

const KEY = "guard_webhooks";

export async function getGuardWebhooks(db: Db): Promise<GuardWebhooks> {
  const parsed = GuardWebhooks.safeParse((await readProjectSetting(db, KEY)) ?? { webhooks: [] });
  return parsed.success ? parsed.data : { webhooks: [] };
}

export async function saveGuardWebhooks(db: Db, value: GuardWebhooks): Promise<void> {
  await writeProjectSetting(db, KEY, value);
}
