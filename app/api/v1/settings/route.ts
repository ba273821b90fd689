// GET and PUT /api/v1/settings — the project's analysis settings (docs/analysis.md#settings).
// PUT replaces the saved overrides with the body (an object of setting names;
// an empty object clears them); 400 names the setting at fault. Every later
// analysis resolves with them (its cache key is the resolved settings).
import { getDb } from "@/db/client";
import { getProjectSettings, saveProjectSettings } from "@/db/settings";
import { DEFAULT_SETTINGS, resolveSettings, type PartialSettings } from "@/lib/analysis/settings";
import { SettingsUpdate, type SettingsResponse } from "@/lib/schemas/settings-api";
import { SETTINGS_BODY_LIMIT_BYTES } from "@/lib/http/read-body";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

const respond = (settings: PartialSettings) =>
  json({ settings, defaults: DEFAULT_SETTINGS, resolved: resolveSettings(settings) } satisfies SettingsResponse);

export const GET = handle(async (req: Request) => {
  await requireAccess(req, "read");
  const { db } = await getDb();
  return respond(await getProjectSettings(db));
});

export const PUT = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "settings");
  const settings = await parseJsonBody(SettingsUpdate, req, {
    expected: "an object of settings",
    noun: "setting",
    limitBytes: SETTINGS_BODY_LIMIT_BYTES,
  });
  const { db } = await getDb();
  await saveProjectSettings(db, settings);
  return respond(settings);
});
