// docs/dashboard.md#what-if — how the what-if panel offers each single-valued
// setting of docs/analysis.md#settings: a slider with its range and step for
// the numbers, a choice for `context_preset`. The ranges are what is useful
// to explore, not the settings' validation rules (lib/analysis/settings.ts).
import type { SweepSetting } from "../schemas/sweep";

export type SliderField = { name: SweepSetting; kind: "slider"; min: number; max: number; step: number };
export type ChoiceField = { name: SweepSetting; kind: "choice"; options: readonly string[] };
export type SettingField = SliderField | ChoiceField;

const slider = (name: SweepSetting, min: number, max: number, step = 1): SliderField => ({
  name,
  kind: "slider",
  min,
  max,
  step,
});

/** In the order of docs/analysis.md#settings, grouped by the breaker they tune. */
export const WHAT_IF_FIELDS: readonly SettingField[] = [
  slider("cooldown_min", 0, 240),
  slider("max_iterations", 1, 200),
  slider("task_token_budget", 1000, 200000, 1000),
  { name: "task_tokens", kind: "choice", options: ["all", "new"] },
  slider("task_error_limit", 1, 20),
  slider("repeat_calls", 2, 20),
  slider("repeat_window", 1, 50),
  slider("max_calls_per_hour", 1, 1000),
  slider("permission_denials_in_row", 1, 20),
  slider("permission_denials_total", 1, 100),
  slider("fail_max", 1, 20),
  slider("cool_s", 0, 600, 5),
  slider("default_timeout_s", 1, 300),
  slider("permission_cooldown_s", 0, 3600, 10),
  slider("api_window", 1, 100),
  slider("api_failure_rate", 0, 1, 0.05),
  slider("api_cooldown_s", 0, 3600, 10),
  { name: "context_preset", kind: "choice", options: ["aggressive", "default", "relaxed"] },
  slider("context_fill_pct", 0, 100),
  slider("context_complexity", 1, 10, 0.5),
  slider("context_completed_tasks", 1, 50),
  slider("context_error_rate_pct", 0, 100),
  slider("context_absolute_limit", 1, 100),
  slider("slow_ratio", 1, 20, 0.5),
  slider("fail_rate", 0, 1, 0.05),
  slider("min_slow_ms", 0, 10000, 10),
  slider("overcall_calls", 1, 100),
  slider("overcall_per_iteration", 0, 200),
  { name: "slow_compare", kind: "choice", options: ["all", "kind"] },
  { name: "team_baselines", kind: "choice", options: ["false", "true"] },
  slider("same_error_run", 1, 20),
  { name: "same_error_across_clean", kind: "choice", options: ["false", "true"] },
  { name: "repeat_key", kind: "choice", options: ["input", "input_output"] },
  { name: "prompt_waits_excluded", kind: "choice", options: ["false", "true"] },
  slider("verdict_min_saved_iterations", 0, 50),
  slider("verdict_min_saved_tokens", 0, 100000, 500),
  slider("verdict_min_saved_ms", 0, 600000, 10000),
  // The live guard's, not the report's (docs/guard.md): what-if shows it as a setting like the others.
  { name: "guard_tool_breaker", kind: "choice", options: ["false", "true"] },
];

/** Shown first: the loop breaker, the three-layer breaker, the rate limit and the permission breaker. */
export const PRIMARY_FIELDS: ReadonlySet<string> = new Set([
  "cooldown_min",
  "max_iterations",
  "task_token_budget",
  "task_error_limit",
  "repeat_calls",
  "repeat_window",
  "max_calls_per_hour",
  "permission_denials_in_row",
  "permission_denials_total",
]);
