// lib/what-if/query.ts, profiles.ts and setting-fields.ts —
// docs/dashboard.md#what-if, #profiles: the page's state in its URL, the
// built-in profiles and the settings JSON a harness loads.
import { describe, expect, test } from "vitest";
import { AnalysisSettings, DEFAULT_SETTINGS, PartialSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { SWEEPABLE_SETTINGS } from "@/lib/schemas/sweep";
import { BUILTIN_PROFILES, exportProfileJson, findProfile, profileFileName } from "@/lib/what-if/profiles";
import { buildWhatIfQuery, changedSettings, parseWhatIfQuery } from "@/lib/what-if/query";
import { WHAT_IF_FIELDS } from "@/lib/what-if/setting-fields";

describe("the what-if URL", () => {
  test("overrides, profile and sweep read back what buildWhatIfQuery wrote", () => {
    const text = buildWhatIfQuery({
      profileId: "cautious",
      overrides: { cooldown_min: 5, context_preset: "relaxed" },
      sweep: { setting: "fail_max", values: "1,3,5" },
    });
    expect(text).toBe(
      "profile=cautious&context_preset=relaxed&cooldown_min=5&sweep_setting=fail_max&sweep_values=1%2C3%2C5",
    );
    const q = parseWhatIfQuery(Object.fromEntries(new URLSearchParams(text)));
    expect(q).toEqual({
      profileId: "cautious",
      overrides: { cooldown_min: 5, context_preset: "relaxed" },
      sweep: { setting: "fail_max", values: [1, 3, 5] },
      errors: [],
    });
  });

  test("a bad override or sweep is ignored and said; the maps are not what-if settings", () => {
    const q = parseWhatIfQuery({
      cooldown_min: "-1",
      timeouts: "search:1",
      sweep_setting: "prices",
      sweep_values: "1",
    });
    expect(q.overrides).toEqual({});
    expect(q.sweep).toBeUndefined();
    expect(q.errors).toHaveLength(2);
    expect(q.errors[0]).toMatch(/^cooldown_min/);
  });

  test("only the settings that differ from the base go into the URL", () => {
    expect(changedSettings({ cooldown_min: 5, fail_max: 3 }, { cooldown_min: 30, fail_max: 3 })).toEqual({
      cooldown_min: 5,
    });
  });
});

describe("profiles", () => {
  test("the built-in profiles are valid overrides: defaults, the two session lenses, cautious, Claude Code, loop script", () => {
    expect(BUILTIN_PROFILES.map((p) => p.profile_id)).toEqual([
      "defaults",
      "lens-autonomous",
      "lens-interactive",
      "cautious",
      "claude-code",
      "loop-script",
    ]);
    expect(findProfile(BUILTIN_PROFILES, "lens-interactive")?.settings).toEqual(SHAPE_PROFILES.interactive);
    for (const p of BUILTIN_PROFILES) expect(PartialSettings.safeParse(p.settings).success).toBe(true);
    expect(findProfile(BUILTIN_PROFILES, "claude-code")?.settings).toMatchObject({
      permission_denials_in_row: 3,
      permission_denials_total: 20,
    });
    expect(findProfile(BUILTIN_PROFILES, "loop-script")?.settings).toMatchObject({ max_iterations: 30 });
  });

  test("the export is every setting, the profile over the defaults, valid AnalysisSettings", () => {
    const json = JSON.parse(exportProfileJson({ settings: { cooldown_min: 5 } })) as unknown;
    const parsed = AnalysisSettings.parse(json);
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, cooldown_min: 5 });
    expect(profileFileName({ name: "Claude Code's limits" })).toBe("loopscope-profile-claude-code-s-limits.json");
  });

  test("the panel offers every single-valued setting once", () => {
    expect(WHAT_IF_FIELDS.map((f) => f.name).sort()).toEqual([...SWEEPABLE_SETTINGS].sort());
  });
});
