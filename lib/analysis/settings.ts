// docs/analysis.md#settings: every analysis threshold, its default, and how layers of
// overrides resolve: query parameters > the run's `config` > project settings
// > defaults. Keys are the documented snake_case names everywhere (query, config,
// report), so one name travels from the URL to the report unchanged.
import { z } from "zod";
import { describeIssues, unknownKey, type IssueDetail } from "../schemas/errors";
import { DETECTORS, SEED_DETECTORS } from "./iteration-report-types";

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
/** A yes/no setting: a JSON boolean, or `true`/`false` as a query parameter or `--set` sends it. */
const flag = () => z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

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
  /** docs/analysis.md#three-layer-breaker: what a task's tokens count — every token, or the new ones (not read from the prompt cache). */
  task_tokens: z.enum(["all", "new"]),
  task_error_limit: int(),
  cooldown_min: num().min(0),
  /** 0: no limit, nothing replayed (docs/analysis.md#rate-limit). */
  max_calls_per_hour: z.coerce.number().int().min(0),
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
  /** docs/analysis.md#identical-calls: what makes two calls identical — the tool and its input, or its result too. */
  repeat_key: z.enum(["input", "input_output"]),
  /** docs/analysis.md#stagnation-detectors: the detectors that watch the run (and may open the loop breaker). */
  stagnation_detectors: z.array(z.enum(DETECTORS)),
  /** same_error fires when one error is in this many iterations in a row. */
  same_error_run: int(),
  /** same_error counts failing iterations only: one that failed nothing neither counts nor breaks the run. */
  same_error_across_clean: flag(),
  /** docs/analysis.md#bottlenecks: `all` — slow against every tool's median; `kind` — model calls against model calls, tools against tools. */
  slow_compare: z.enum(["all", "kind"]),
  /** Overcalled needs this many calls per iteration on average too, unless most calls fail or repeat (0: the call count alone). */
  overcall_per_iteration: num().min(0),
  /** docs/analysis.md#team-baselines: `slow` and `overcalled` also against each tool's own usual figures in the team's last runs of the shape. */
  team_baselines: flag(),
  /** docs/analysis.md#human-waits: tools whose time is a person's (answering, reading a plan): never slow, overcalled or timed out. */
  human_tools: z.array(ToolName),
  /** docs/analysis.md#permission-waits: tools whose call holds on the harness's permission prompt (a file write): never slow or timed out. */
  permission_tools: z.array(ToolName),
  /** docs/analysis.md#human-waits: an iteration's time starts at its prompt (`started_at`) and leaves out its human_tools and permission_tools calls: a person's wait is in no saving. */
  prompt_waits_excluded: flag(),
  /** docs/analysis.md#containers: tools that last as long as the agents they start: never slow or overcalled. */
  container_tools: z.array(ToolName),
  /** docs/analysis.md#verdict: a breaker's finding is a verdict only when stopping there saves at least this many iterations… */
  verdict_min_saved_iterations: z.coerce.number().int().min(0),
  /** …and at least this many tokens, or at least verdict_min_saved_ms of time. */
  verdict_min_saved_tokens: num().min(0),
  verdict_min_saved_ms: num().min(0),
  /** Model id (or id prefix) → its price; docs/analysis.md#costs. */
  prices: z.record(ToolName, ModelPrice),
  /** docs/guard.md#what-it-decides: the live guard refuses a tool's calls while its breaker is open (else the opening is only logged). */
  guard_tool_breaker: flag(),
});
export type AnalysisSettings = z.output<typeof AnalysisSettings>;

export const PartialSettings = AnalysisSettings.partial();
export type PartialSettings = z.output<typeof PartialSettings>;

/**
 * No price overrides by default: list prices come from the price catalog
 * (pricer.ts, docs/analysis.md#costs). A `prices` entry — keyed by a model id
 * or an id prefix, the longest one a model id starts with winning — replaces
 * the catalog's price of the models it names.
 */
export const DEFAULT_PRICES: Record<string, ModelPrice> = {};

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
  task_tokens: "all",
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
  repeat_key: "input",
  stagnation_detectors: [...SEED_DETECTORS],
  same_error_run: 5,
  same_error_across_clean: false,
  slow_compare: "all",
  overcall_per_iteration: 0,
  team_baselines: false,
  human_tools: ["AskUserQuestion", "ExitPlanMode"],
  prompt_waits_excluded: false,
  permission_tools: [],
  container_tools: ["Task", "TaskOutput", "Agent", "delegate_to_agent"],
  verdict_min_saved_iterations: 0,
  verdict_min_saved_tokens: 0,
  verdict_min_saved_ms: 0,
  prices: DEFAULT_PRICES,
  guard_tool_breaker: true,
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
    raw[key] =
      key === "timeouts"
        ? parseTimeouts(value)
        : key === "prices"
          ? parseJson(value)
          : LIST_SETTINGS.has(key)
            ? parseList(value)
            : value;
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

/** Settings whose value is a list: JSON (`["a","b"]`) or `a,b` in a query or `--set`. */
export const LIST_SETTING_NAMES = [
  "stagnation_detectors",
  "human_tools",
  "permission_tools",
  "container_tools",
] as const;
const LIST_SETTINGS = new Set<string>(LIST_SETTING_NAMES);

function parseList(value: string): unknown {
  const text = value.trim();
  if (text.startsWith("[")) return parseJson(text);
  return text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
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
