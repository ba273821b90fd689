// The settings form's layout: every docs/analysis.md#settings number setting in its group,
// with a label and a unit. `timeouts`, `context_preset` and `prices` have their own
// controls. Plain data, shared by the page and the form.
import type { AnalysisSettings } from "@/lib/analysis/settings";

export type NumberSetting = Exclude<keyof AnalysisSettings, "timeouts" | "context_preset" | "prices">;
export type SettingField = { name: NumberSetting; label: string; unit?: string; step?: string };
export type SettingGroup = { id: string; title: string; fields: SettingField[] };

export const SETTING_GROUPS: SettingGroup[] = [
  {
    id: "bottlenecks",
    title: "Bottlenecks",
    fields: [
      { name: "slow_ratio", label: "Slow: avg ≥ median ×", unit: "×", step: "any" },
      { name: "min_slow_ms", label: "Slow: at least", unit: "ms", step: "any" },
      { name: "fail_rate", label: "Failing: fail rate ≥", unit: "0–1", step: "any" },
      { name: "overcall_calls", label: "Overcalled: calls ≥", unit: "calls" },
    ],
  },
  {
    id: "identical-calls",
    title: "Identical calls",
    fields: [
      { name: "repeat_calls", label: "Repeats: same tool and input ×", unit: "calls" },
      { name: "repeat_window", label: "…among consecutive calls", unit: "calls" },
    ],
  },
  {
    id: "tool-breaker",
    title: "Tool breaker",
    fields: [
      { name: "fail_max", label: "Opens after failures in a row", unit: "failures" },
      { name: "cool_s", label: "Cooldown", unit: "s", step: "any" },
    ],
  },
  {
    id: "timeouts",
    title: "Timeouts",
    fields: [{ name: "default_timeout_s", label: "Any other tool", unit: "s", step: "any" }],
  },
  {
    id: "three-layer",
    title: "Three-layer breaker",
    fields: [
      { name: "max_iterations", label: "Max iterations", unit: "iterations" },
      { name: "task_token_budget", label: "Task token budget", unit: "tokens" },
      { name: "task_error_limit", label: "Task error limit", unit: "errors" },
    ],
  },
  {
    id: "loop-breaker",
    title: "Loop breaker",
    fields: [{ name: "cooldown_min", label: "Cooldown (doubles after a failed probe)", unit: "min", step: "any" }],
  },
  {
    id: "rate-limit",
    title: "Rate limit",
    fields: [{ name: "max_calls_per_hour", label: "Max calls per rolling hour", unit: "calls" }],
  },
  {
    id: "permission-api",
    title: "Permission and API breakers",
    fields: [
      { name: "permission_denials_in_row", label: "Permission: denials in a row", unit: "denials" },
      { name: "permission_denials_total", label: "Permission: denials in all", unit: "denials" },
      { name: "permission_cooldown_s", label: "Permission: cooldown", unit: "s", step: "any" },
      { name: "api_window", label: "API: window", unit: "calls" },
      { name: "api_failure_rate", label: "API: failure rate above", unit: "0–1", step: "any" },
      { name: "api_cooldown_s", label: "API: cooldown", unit: "s", step: "any" },
    ],
  },
  {
    id: "context",
    title: "Context clear",
    fields: [
      { name: "context_fill_pct", label: "Token usage: fill ≥ (overrides the preset)", unit: "%", step: "any" },
      { name: "context_complexity", label: "Task complexity ≥", unit: "1–10", step: "any" },
      { name: "context_completed_tasks", label: "Completed tasks since clear ≥", unit: "tasks" },
      { name: "context_error_rate_pct", label: "Error rate of last 5 tasks >", unit: "%", step: "any" },
      { name: "context_absolute_limit", label: "Absolute limit: tasks ≥", unit: "tasks" },
    ],
  },
  { id: "costs", title: "Costs", fields: [] },
];
