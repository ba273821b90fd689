// docs/dashboard.md#what-if — the what-if page's state lives in its URL: a
// profile (`profile=ID`), setting overrides by their own names
// (`cooldown_min=5`), and a sweep (`sweep_setting`, `sweep_values`). This file
// reads that state from the query and writes it back. Pure.
import { parseSettingsParams, type PartialSettings } from "../analysis/settings";
import { SweepQuery } from "../schemas/sweep";

export type SettingValue = string | number;
export type WhatIfSweep = { setting: string; values: SettingValue[] };
export type WhatIfQuery = {
  profileId?: string;
  overrides: PartialSettings;
  sweep?: WhatIfSweep;
  /** Why an override or the sweep was ignored, for the page to say. */
  errors: string[];
};

type Query = Record<string, string | undefined>;

/** The maps (`timeouts`, `prices`) are not what-if settings: the page ignores them. */
const MAP_SETTINGS = new Set(["timeouts", "prices"]);

export function parseWhatIfQuery(query: Query): WhatIfQuery {
  const errors: string[] = [];
  const pairs = Object.entries(query).filter(
    (e): e is [string, string] => e[1] !== undefined && e[1] !== "" && !MAP_SETTINGS.has(e[0]),
  );
  const parsed = parseSettingsParams(pairs);
  const overrides = parsed.ok ? parsed.settings : {};
  if (!parsed.ok) errors.push(`${parsed.param}: ${parsed.message}`);
  const out: WhatIfQuery = { overrides, errors };
  if (query.profile) out.profileId = query.profile;
  if (query.sweep_setting && query.sweep_values) {
    const sweep = SweepQuery.safeParse({ setting: query.sweep_setting, values: query.sweep_values });
    if (sweep.success) out.sweep = sweep.data;
    else errors.push(`sweep: ${sweep.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  return out;
}

/** The values of `current` that differ from `base`: what the URL needs to say. */
export function changedSettings(
  current: Record<string, SettingValue>,
  base: Record<string, SettingValue>,
): Record<string, SettingValue> {
  return Object.fromEntries(Object.entries(current).filter(([k, v]) => String(v) !== String(base[k])));
}

/** The query string of a what-if state (without the leading `?`), keys in a stable order. */
export function buildWhatIfQuery(state: {
  profileId?: string;
  overrides?: Record<string, SettingValue>;
  sweep?: { setting: string; values: string };
}): string {
  const params = new URLSearchParams();
  if (state.profileId) params.set("profile", state.profileId);
  for (const [k, v] of Object.entries(state.overrides ?? {}).sort(([a], [b]) => a.localeCompare(b)))
    params.set(k, String(v));
  if (state.sweep?.setting && state.sweep.values) {
    params.set("sweep_setting", state.sweep.setting);
    params.set("sweep_values", state.sweep.values);
  }
  return params.toString();
}
