// docs/analysis.md#team-baselines: a tool judged against itself — its usual
// time and its usual calls per iteration in the team's last runs of the same
// shape — rather than against the other tools of the run. The `slow` and
// `overcalled` rules of tools.ts ask here for the bar a tool's baseline sets.
// Serves the shapes whose profile sets team_baselines (the session lens:
// autonomous and interactive); a loop and bare spans are read without it, so
// their findings stay the run-only ones. O(1) a tool. It does not compute a
// baseline — the database does (db/tool-baselines.ts), the offline CLI has
// none — and a tool with fewer than MIN_BASELINE_RUNS runs of history has none.
import { MIN_BASELINE_RUNS, type ToolBaseline, type ToolBaselines } from "../schemas/tool-baselines";
import type { AnalysisSettings } from "./settings";

type BaselineSettings = Pick<AnalysisSettings, "team_baselines" | "slow_ratio" | "min_slow_ms">;

/** The tool's baseline, when the settings read baselines and its history is long enough to be one. */
export function baselineOf(
  tool: string,
  baselines: Readonly<ToolBaselines>,
  s: Pick<AnalysisSettings, "team_baselines">,
): ToolBaseline | undefined {
  if (!s.team_baselines || !Object.hasOwn(baselines, tool)) return undefined;
  const baseline = baselines[tool];
  return baseline && baseline.runs >= MIN_BASELINE_RUNS ? baseline : undefined;
}

/** The avg_ms from which a tool is `slow` against its usual time: max(its p95 × slow_ratio, min_slow_ms). */
export function baselineSlowMs(baseline: ToolBaseline, s: BaselineSettings): number {
  return Math.max(baseline.p95_ms * s.slow_ratio, s.min_slow_ms);
}

/**
 * The calls per iteration from which a tool is `overcalled` against its usual
 * rate: its p95 × slow_ratio; null when the history has no rate (too few runs
 * with iterations) or the run has no iterations to divide by.
 */
export function baselineOvercallPerIteration(
  baseline: ToolBaseline,
  iterations: number,
  s: BaselineSettings,
): number | null {
  if (baseline.calls_per_iteration_p95 === null || iterations < 1) return null;
  return baseline.calls_per_iteration_p95 * s.slow_ratio;
}
