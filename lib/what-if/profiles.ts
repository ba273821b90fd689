// docs/dashboard.md#profiles — the profiles Loopscope ships, and how a profile
// becomes the settings of a what-if analysis or the JSON a harness loads.
// Pure: the saved profiles come from the database through the caller.
import { DEFAULT_SETTINGS, resolveSettings, type AnalysisSettings, type PartialSettings } from "../analysis/settings";
import type { ProfileOut } from "../schemas/profiles";
import { SHAPE_PROFILES } from "../analysis/shape-profiles";

/** Every setting but the two maps (`timeouts`, `prices`), at its default. */
const SCALAR_DEFAULTS = Object.fromEntries(
  Object.entries(DEFAULT_SETTINGS).filter(([k]) => k !== "timeouts" && k !== "prices"),
) as PartialSettings;

const builtin = (profile_id: string, name: string, settings: PartialSettings): ProfileOut => ({
  profile_id,
  name,
  settings,
  builtin: true,
  created_at: null,
  created_by: null,
});

/** Ids of the built-in profiles; a saved profile's id starts with `p-`. */
export const BUILTIN_PROFILES: readonly ProfileOut[] = [
  // Every single-valued setting at its default: undoes the project's and the run's overrides,
  // and reads any run as a loop of attempts (the loop lens is the defaults).
  builtin("defaults", "Defaults (the loop lens)", SCALAR_DEFAULTS),
  // The lenses of one agent session (docs/analysis.md#profiles): try a run with another one.
  builtin("lens-autonomous", "Autonomous session lens", SHAPE_PROFILES.autonomous),
  builtin("lens-interactive", "Interactive session lens", SHAPE_PROFILES.interactive),
  // Trips on a shorter repeat and stays open twice as long.
  builtin("cautious", "Cautious loop breaker", {
    cooldown_min: 60,
    repeat_calls: 3,
    repeat_window: 6,
    task_error_limit: 2,
    max_iterations: 50,
  }),
  // Claude Code's own limits: 3 denials in a row or 20 in all; it compacts at the 80 % tier.
  builtin("claude-code", "Claude Code's limits", {
    permission_denials_in_row: 3,
    permission_denials_total: 20,
    context_preset: "relaxed",
    context_fill_pct: 80,
  }),
  // A bash loop around an agent: a hard cap on iterations and on calls per hour.
  builtin("loop-script", "Loop script (iteration cap, call rate)", {
    max_iterations: 30,
    max_calls_per_hour: 60,
  }),
];

export function findProfile(profiles: readonly ProfileOut[], id: string | undefined): ProfileOut | undefined {
  return id === undefined ? undefined : profiles.find((p) => p.profile_id === id);
}

/**
 * The settings a harness loads for a profile: every setting resolved as the
 * defaults with the profile on top (the project's and a run's overrides are
 * not in it), as pretty JSON.
 */
export function exportProfileJson(profile: Pick<ProfileOut, "settings">): string {
  const settings: AnalysisSettings = resolveSettings(profile.settings);
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** The file name of an exported profile: its name, lowercased, dashes for the rest. */
export function profileFileName(profile: Pick<ProfileOut, "name">): string {
  const slug = profile.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `loopscope-profile-${slug || "settings"}.json`;
}
