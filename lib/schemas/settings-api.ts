// The project settings endpoints (GET and PUT /api/v1/settings) and the
// threshold overrides GET /api/v1/runs/{run_id}/analysis takes as query
// parameters. The settings themselves (names, ranges, defaults, precedence)
// are lib/analysis/settings.ts; docs/analysis.md#settings explains them.
import { z } from "zod";
import { AnalysisSettings, PartialSettings } from "../analysis/settings";

/** PUT body: the saved overrides, replaced whole; `{}` clears them. An unknown name is refused. */
export const SettingsUpdate = PartialSettings.strict();
export type SettingsUpdate = z.output<typeof SettingsUpdate>;

/** What is saved, the defaults, and the two resolved (what an analysis without overrides uses). */
export const SettingsResponse = z.object({
  settings: PartialSettings,
  defaults: AnalysisSettings,
  resolved: AnalysisSettings,
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;
