// docs/dashboard.md#fleet — the fleet view's query: which runs (label, agent,
// review category, shape), which setting and values, and the profile under them.
// At most FLEET_MAX_RUNS runs (the newest) and FLEET_MAX_VALUES values: each
// pair is one analysis. Pure.
import { RunListQuery } from "../schemas/api";
import { REVIEW_CATEGORIES } from "../schemas/review";
import { RUN_SHAPES } from "../schemas/run-outcome";
import { SweepQuery } from "../schemas/sweep";
import type { WhatIfSweep } from "./query";

export const FLEET_MAX_RUNS = 50;
export const FLEET_MAX_VALUES = 8;
export const FLEET_DEFAULT_SWEEP = { setting: "cooldown_min", values: "5,15,30,60" } as const;

export type FleetQuery = {
  runs: RunListQuery;
  sweep: WhatIfSweep | null;
  profileId?: string;
  /** The text of the form's fields, as sent. */
  form: {
    label: string;
    agent: string;
    category: string;
    shape: string;
    setting: string;
    values: string;
    profile: string;
  };
  errors: string[];
};

export function parseFleetQuery(query: Record<string, string | undefined>): FleetQuery {
  const form = {
    label: query.label?.trim() ?? "",
    agent: query.agent?.trim() ?? "",
    category: (REVIEW_CATEGORIES as readonly string[]).includes(query.category ?? "") ? query.category! : "",
    shape: (RUN_SHAPES as readonly string[]).includes(query.shape ?? "") ? query.shape! : "",
    setting: query.setting?.trim() || FLEET_DEFAULT_SWEEP.setting,
    values: query.values?.trim() || FLEET_DEFAULT_SWEEP.values,
    profile: query.profile?.trim() ?? "",
  };
  const errors: string[] = [];
  const filter = RunListQuery.safeParse({
    limit: FLEET_MAX_RUNS,
    ...(form.label && { label: form.label }),
    ...(form.agent && { agent: form.agent }),
    ...(form.category && { category: form.category }),
    ...(form.shape && { shape: form.shape }),
  });
  if (!filter.success) errors.push(filter.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "));
  const runs = filter.success ? filter.data : RunListQuery.parse({ limit: FLEET_MAX_RUNS });
  let sweep: WhatIfSweep | null = null;
  const parsed = SweepQuery.safeParse({ setting: form.setting, values: form.values });
  if (!parsed.success) errors.push(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "));
  else if (parsed.data.values.length > FLEET_MAX_VALUES)
    errors.push(`values: at most ${FLEET_MAX_VALUES} values over a fleet (got ${parsed.data.values.length})`);
  else sweep = parsed.data;
  return { runs, sweep, form, errors, ...(form.profile && { profileId: form.profile }) };
}
