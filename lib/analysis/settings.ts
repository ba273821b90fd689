// docs/analysis.md#settings: every analysis threshold, its default, and how layers of
// overrides resolve: query parameters > the run's `config` > project settings
// > defaults. Keys are the documented snake_case names everywhere (query, config,
// report), so one name travels from the URL to the report unchanged.
import { z } from "zod";
import { describeIssues, unknownKey, type IssueDetail } from "../schemas/errors";

export const CONTEXT_PRESETS = ["aggressive", "default", "relaxed"] as const;
/** The context-fill threshold (%) each preset implies, docs/analysis.md#context-clear. */
export const PRESET_FILL_PCT: Record<(typeof CONTEXT_PRESETS)[number], number> = {
  aggressive: 50,
  default: 60,
  relaxed: 70,
};

const num = () => z.coerce.number().finite();
const pos = () => z.coerce.number().finite().positive();
const int = () => z.coerce.number().int().positive();
const ratio = () => z.coerce.number().finite().min(0).max(1);
const pct = () => z.coerce.number().finite().min(0).max(100);
const usd = () => z.number().finite().min(0);

/** USD per million tokens of one model (docs/analysis.md#costs). */
export const ModelPrice = z.strictObject({
  input: usd(),
  output: usd(),
  cache_read: usd().optional(),
  cache_write: usd().optional(),
});
export type ModelPrice = z.output<typeof ModelPrice>;

/** A tool or model name as a settings key: the database cannot store a NUL in one. */
const ToolName = z
  .string()
  .min(1)
  .refine((v) => !v.includes("\u0000"), { error: "contains a NUL character (\\u0000)" });

export const AnalysisSettings = z.object({
  slow_ratio: pos(),
  fail_rate: ratio(),
  min_slow_ms: num().min(0),
  overcall_calls: int(),
  fail_max: int(),
  cool_s: num().min(0),
  timeouts: z.record(ToolName, pos()),
  default_timeout_s: pos(),
  max_iterations: int(),
  task_token_budget: int(),
  task_error_limit: int(),
  cooldown_min: num().min(0),
  max_calls_per_hour: int(),
  permission_denials_in_row: int(),
  permission_denials_total: int(),
  permission_cooldown_s: num().min(0),
  api_window: int(),
  api_failure_rate: ratio(),
  api_cooldown_s: num().min(0),
  context_preset: z.enum(CONTEXT_PRESETS),
  context_fill_pct: pct(),
  context_complexity: num().min(1).max(10),
  context_completed_tasks: int(),
  context_error_rate_pct: pct(),
  context_absolute_limit: int(),
  repeat_calls: int().min(2),
  repeat_window: int(),
  /** Model id (or id prefix) → its price; docs/analysis.md#costs. */
  prices: z.record(ToolName, ModelPrice),
});
export type AnalysisSettings = z.output<typeof AnalysisSettings>;

export const PartialSettings = AnalysisSettings.partial();
export type PartialSettings = z.output<typeof PartialSettings>;

/**
 * List prices (USD per million tokens) of current models, as defaults to edit
 * on the settings page. Keys are id prefixes: the longest one a model id
 * starts with prices it (costs.ts), so dated ids find their family.
 */
export const DEFAULT_PRICES: Record<string, ModelPrice> = {
  "claude-opus-4-5": { input: 5, output: 25, cache_read: 0.5, cache_write: 6.25 },
  "claude-opus-4": { input: 15, output: 75, cache_read: 1.5, cache_write: 18.75 },
  "claude-sonnet-4": { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
  "claude-haiku-4": { input: 1, output: 5, cache_read: 0.1, cache_write: 1.25 },
  "claude-3-5-haiku": { input: 0.8, output: 4, cache_read: 0.08, cache_write: 1 },
  "gpt-4o": { input: 2.5, output: 10, cache_read: 1.25 },
  "gpt-4o-mini": { input: 0.15, output: 0.6, cache_read: 0.075 },
  "gpt-4.1": { input: 2, output: 8, cache_read: 0.5 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6, cache_read: 0.1 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4, cache_read: 0.025 },
  "gpt-5": { input: 1.25, output: 10, cache_read: 0.125 },
  "gpt-5-mini": { input: 0.25, output: 2, cache_read: 0.025 },
  "gpt-5-nano": { input: 0.05, output: 0.4, cache_read: 0.005 },
};

export const DEFAULT_SETTINGS: AnalysisSettings = {
  slow_ratio: 3.0,
  fail_rate: 0.5,
  min_slow_ms: 50,
  overcall_calls: 8,
  fail_max: 3,
  cool_s: 60,
  timeouts: { search: 8, http_get: 10, run_shell: 30, deploy: 120 },
  default_timeout_s: 15,
  max_iterations: 100,
  task_token_budget: 10000,
  task_error_limit: 3,
  cooldown_min: 30,
  max_calls_per_hour: 100,
  permission_denials_in_row: 3,
  permission_denials_total: 20,
  permission_cooldown_s: 300,
  api_window: 10,
  api_failure_rate: 0.5,
  api_cooldown_s: 60,
  context_preset: "default",
  context_fill_pct: 60,
  context_complexity: 6,
  context_completed_tasks: 5,
  context_error_rate_pct: 30,
  context_absolute_limit: 10,
  repeat_calls: 5,
  repeat_window: 10,
  prices: DEFAULT_PRICES,
};

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as (keyof AnalysisSettings)[];

/**
 * Merge override layers, highest precedence first. `timeouts` merge per tool,
 * `prices` per model.
 * A preset sets the context-fill threshold unless some layer names
 * `context_fill_pct` itself (an explicit number beats a preset).
 */
export function resolveSettings(...layersHighFirst: PartialSettings[]): AnalysisSettings {
  const merged: PartialSettings = {};
  const timeouts: Record<string, number> = { ...DEFAULT_SETTINGS.timeouts };
  const prices: Record<string, ModelPrice> = { ...DEFAULT_SETTINGS.prices };
  for (const layer of [...layersHighFirst].reverse()) {
    Object.assign(merged, stripUndefined(layer));
    if (layer.timeouts) Object.assign(timeouts, layer.timeouts);
    if (layer.prices) Object.assign(prices, layer.prices);
  }
  const preset = merged.context_preset ?? DEFAULT_SETTINGS.context_preset;
  return {
    ...DEFAULT_SETTINGS,
    ...merged,
    timeouts,
    prices,
    context_preset: preset,
    context_fill_pct: merged.context_fill_pct ?? PRESET_FILL_PCT[preset],
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** On failure: every issue as {path, message}; `param` and `message` are the first one's. */
export type SettingsParseResult =
  { ok: true; settings: PartialSettings } | { ok: false; param: string; message: string; issues: IssueDetail[] };

/**
 * Read overrides from query parameters or `key=value` pairs (the CLI's
 * `--set`). `timeouts` is JSON (`{"search":5}`) or `search:5,http_get:3`;
 * `prices` is JSON (`{"my-model":{"input":1,"output":2}}`).
 * Unknown names are ignored only when `strict` is false.
 */
export function parseSettingsParams(
  params: Iterable<[string, string]>,
  { strict = false }: { strict?: boolean } = {},
): SettingsParseResult {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (!(SETTING_NAMES as string[]).includes(key)) {
      if (strict) return failure([unknownKey([key], "setting")]);
      continue;
    }
    raw[key] = key === "timeouts" ? parseTimeouts(value) : key === "prices" ? parseJson(value) : value;
  }
  return parseSettingsObject(raw);
}

/** Validate an object of overrides (a run's `config`, saved project settings). */
export function parseSettingsObject(raw: unknown): SettingsParseResult {
  const result = PartialSettings.safeParse(raw);
  if (result.success) return { ok: true, settings: result.data };
  return failure(describeIssues(result.error.issues, { noun: "setting", input: raw, root: "settings" }));
}

function failure(issues: IssueDetail[]): SettingsParseResult {
  const first = issues[0] ?? { path: "settings", message: "settings are not valid" };
  return { ok: false, param: first.path.split(/[.[]/)[0] || "settings", message: first.message, issues };
}

/** Keep only the valid overrides of a run's `config`; an invalid key is dropped. */
export function settingsFromConfig(config: Record<string, unknown>): PartialSettings {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_NAMES) {
    if (config[key] === undefined) continue;
    const one = PartialSettings.safeParse({ [key]: config[key] });
    if (one.success) Object.assign(out, one.data);
  }
  return out as PartialSettings;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function parseTimeouts(value: string): unknown {
  const text = value.trim();
  if (text.startsWith("{")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return Object.fromEntries(
    text
      .split(",")
      .filter(Boolean)
      .map((pair) => {
        const [tool = "", seconds] = pair.split(":");
        return [tool.trim(), seconds?.trim()];
      }),
  );
}
