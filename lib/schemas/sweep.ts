// GET /api/v1/runs/{run_id}/sweep (docs/api.md#what-if-sweep): the query — one
// setting and up to MAX_SWEEP_VALUES values for it, each validated by that
// setting's own rule — and the answer, one point per value.
import { z } from "zod";
import { LIST_SETTING_NAMES, PartialSettings, SETTING_NAMES, type AnalysisSettings } from "../analysis/settings";
import { ruleOf } from "./errors";

export const MAX_SWEEP_VALUES = 20;

/** The settings a sweep can vary: those that are one value (`timeouts` and `prices` are maps). */
/** Every setting with one value: not the maps (`timeouts`, `prices`) nor the lists (LIST_SETTING_NAMES). */
export const SWEEPABLE_SETTINGS = SETTING_NAMES.filter(
  (n) => n !== "timeouts" && n !== "prices" && !(LIST_SETTING_NAMES as readonly string[]).includes(n),
);
export type SweepSetting = Exclude<keyof AnalysisSettings, "timeouts" | "prices" | (typeof LIST_SETTING_NAMES)[number]>;

const isSweepable = (name: string): name is SweepSetting => (SWEEPABLE_SETTINGS as string[]).includes(name);
const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The query as sent: `?setting=NAME&values=a,b,c`. */
export const SweepQueryParams = z.strictObject({ setting: z.string(), values: z.string() });

/** The query parsed: the setting and each value as its override. */
export const SweepQuery = SweepQueryParams.transform((q, ctx) => {
  if (!isSweepable(q.setting)) {
    const known = (SETTING_NAMES as string[]).includes(q.setting);
    ctx.addIssue({
      code: "custom",
      path: ["setting"],
      message: `${quoted(q.setting)} ${known ? "is a map and cannot be swept" : "is unknown"}: one of ${SWEEPABLE_SETTINGS.join(", ")}`,
    });
    return z.NEVER;
  }
  const raw = q.values.split(",").map((v) => v.trim());
  if (raw.length > MAX_SWEEP_VALUES) {
    ctx.addIssue({
      code: "custom",
      path: ["values"],
      message: `has ${raw.length} values: at most ${MAX_SWEEP_VALUES}`,
    });
    return z.NEVER;
  }
  const rule = PartialSettings.shape[q.setting];
  const values = raw.map((text, i) => {
    const parsed = rule.safeParse(text);
    if (parsed.success && parsed.data !== undefined) return parsed.data as string | number;
    const why = parsed.success ? "is empty" : ruleOf(parsed.error.issues[0]!);
    ctx.addIssue({
      code: "custom",
      path: ["values", i],
      message: `${quoted(text)} is not a valid ${q.setting}: ${why}`,
    });
    return null;
  });
  return { setting: q.setting, values: values as (string | number)[] };
});
export type SweepQuery = z.output<typeof SweepQuery>;

export const SweepPoint = z.object({
  /** The setting's value for this point, as the analysis read it. */
  value: z.union([z.number(), z.string()]),
  /** The iteration where the loop breaker would have halted the run; absent when it never opens. */
  halted_at: z.number().optional(),
  saved_iterations: z.number(),
  saved_tokens: z.number(),
  saved_cost_usd: z.number().nullable(),
  /** Transitions into OPEN, of every breaker of the report. */
  trips: z.number(),
});
export type SweepPoint = z.infer<typeof SweepPoint>;

export const SweepResponse = z.object({ setting: z.string(), points: z.array(SweepPoint) });
export type SweepResponse = z.infer<typeof SweepResponse>;
