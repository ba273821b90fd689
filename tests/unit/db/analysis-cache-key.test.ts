// A cached report is keyed by its settings and by the version of the rules
// that computed it (lib/analysis/version.ts): a report cached by an older
// Loopscope, with fields since renamed, is recomputed rather than served.
import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { hashSettings } from "@/db/analysis-cache";
import { ANALYSIS_VERSION } from "@/lib/analysis/version";

const sha1 = (value: unknown) => createHash("sha1").update(JSON.stringify(value)).digest("hex");

test("the cache key names the analysis version as well as the settings", () => {
  const settings = { slow_ratio: 3, fail_max: 3 };
  expect(hashSettings(settings)).toBe(sha1([ANALYSIS_VERSION, settings]));
  expect(hashSettings(settings)).not.toBe(sha1([ANALYSIS_VERSION - 1, settings]));
  expect(hashSettings(settings)).not.toBe(sha1(settings)); // the key before versions existed
});

test("the team's baselines are in the key: new history is a new report; none read, the settings' key", () => {
  const settings = { slow_ratio: 3, team_baselines: true };
  const baselines = { Bash: { p95_ms: 12_000, calls_per_iteration_p95: 4, runs: 7 } };
  const later = { Bash: { p95_ms: 12_000, calls_per_iteration_p95: 4, runs: 8 } };
  expect(hashSettings(settings, {})).toBe(hashSettings(settings));
  expect(hashSettings(settings, baselines)).toBe(sha1([ANALYSIS_VERSION, settings, baselines]));
  expect(hashSettings(settings, baselines)).not.toBe(hashSettings(settings, later));
  expect(hashSettings(settings, baselines)).not.toBe(hashSettings(settings));
});
