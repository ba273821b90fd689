// GET and PUT /api/v1/settings — the project's analysis settings (SPEC §3.11).
// PUT replaces the saved overrides with the body (an object of setting names;
// an empty object clears them); 400 names the setting at fault. Every later
// analysis resolves with them (its cache key is the resolved settings).
import { getDb } from "@/db/client";
import { getProjectSettings, saveProjectSettings } from "@/db/settings";
import { DEFAULT_SETTINGS, SETTING_NAMES, parseSettingsObject, resolveSettings } from "@/lib/analysis/settings";
import { ApiError } from "@/lib/errors";
import { handle, json } from "@/app/api/_lib/respond";

export const dynamic = "force-dynamic";

const invalid = (setting: string, message: string) =>
  new ApiError("invalid_parameter", `invalid setting "${setting}": ${message}`, { setting });

export const GET = handle(async () => {
  const { db } = await getDb();
  const settings = await getProjectSettings(db);
  return json({ settings, defaults: DEFAULT_SETTINGS, resolved: resolveSettings(settings) });
});

export const PUT = handle(async (req: Request) => {
  const raw: unknown = await req.json().catch(() => {
    throw new ApiError("bad_request", "the body is not JSON: send an object of settings");
  });
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw invalid("settings", "expected an object");
  const unknown = Object.keys(raw).find((k) => !(SETTING_NAMES as string[]).includes(k));
  if (unknown !== undefined) throw invalid(unknown, `unknown setting "${unknown}"`);
  const parsed = parseSettingsObject(raw);
  if (!parsed.ok) throw invalid(parsed.param, parsed.message);
  const { db } = await getDb();
  await saveProjectSettings(db, parsed.settings);
  return json({ settings: parsed.settings, defaults: DEFAULT_SETTINGS, resolved: resolveSettings(parsed.settings) });
});
