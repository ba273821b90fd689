// A run's review (docs/dashboard.md#review): where the post-mortem stands, the
// reviewer's verdict, the root-cause category and the action items. What
// GET/PUT /api/v1/runs/{run_id}/review accept and return; the route, the
// review panel, the runs filter and the tests share these.
import { z } from "zod";
import { hasNoNul } from "./storable";

export const REVIEW_STATUSES = ["open", "in review", "done"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Root-cause categories; `none` is a healthy run (counted as good when picking thresholds). */
export const REVIEW_CATEGORIES = [
  "tool_failure",
  "stagnation",
  "context",
  "permissions",
  "api",
  "harness_config",
  "other",
  "none",
] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  tool_failure: "tool failure",
  stagnation: "stagnation",
  context: "context",
  permissions: "permissions",
  api: "API",
  harness_config: "harness config",
  other: "other",
  none: "none — healthy",
};

export const REVIEW_VERDICT_MAX = 5000;
export const REVIEW_ACTION_TEXT_MAX = 500;
export const REVIEW_OWNER_MAX = 80;
export const REVIEW_ACTIONS_MAX = 50;

const NO_NUL = "must not contain a NUL character (\\u0000)";
const text = (max: number) => z.string().trim().max(max).refine(hasNoNul, { error: NO_NUL });

export const ReviewAction = z.object({
  text: text(REVIEW_ACTION_TEXT_MAX).min(1),
  owner: text(REVIEW_OWNER_MAX).default(""),
  done: z.boolean().default(false),
});
export type ReviewAction = z.output<typeof ReviewAction>;

/** PUT body: the whole review (a field left out takes its empty value). */
export const ReviewInput = z.strictObject({
  status: z.enum(REVIEW_STATUSES),
  verdict: text(REVIEW_VERDICT_MAX).default(""),
  category: z.enum(REVIEW_CATEGORIES).nullable().default(null),
  actions: z.array(ReviewAction).max(REVIEW_ACTIONS_MAX).default([]),
});
export type ReviewInput = z.output<typeof ReviewInput>;

/** A stored review; a run never reviewed reads as status `open` with nothing else and no `updated_at`. */
export const ReviewOut = ReviewInput.extend({
  updated_at: z.iso.datetime({ offset: true }).nullable(),
  updated_by: z.string().nullable(),
});
export type ReviewOut = z.output<typeof ReviewOut>;

export const EMPTY_REVIEW: ReviewOut = {
  status: "open",
  verdict: "",
  category: null,
  actions: [],
  updated_at: null,
  updated_by: null,
};

/** GET / PUT /api/v1/runs/{run_id}/review. */
export const ReviewResponse = z.object({ review: ReviewOut });
export type ReviewResponse = z.output<typeof ReviewResponse>;
