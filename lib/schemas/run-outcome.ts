// A run's shape and outcome (docs/format.md#run, docs/import.md#shapes-and-outcomes).
// The shape says what one iteration of the run is (an attempt of a loop, a step of
// one autonomous session, a turn a human prompted, or nothing: bare spans); the
// outcome says whether the run did what it was for, and who said so. The run
// record, the importers, the ingest writer, the runs API and the pages share these.
import { z } from "zod";
import { hasNoNul } from "./storable";

export const RUN_SHAPES = ["loop", "autonomous", "interactive", "spans"] as const;
export type RunShape = (typeof RUN_SHAPES)[number];
export const RunShape = z.enum(RUN_SHAPES);

export const RUN_SHAPE_LABELS: Record<RunShape, string> = {
  loop: "loop — one iteration per attempt",
  autonomous: "autonomous — one agent session, its iterations are steps",
  interactive: "interactive — a human prompts each turn",
  spans: "spans — bare spans, no iterations",
};

/**
 * The shape of a run that no importer, record or upload named: a run with
 * iterations is a loop (Loopscope JSONL writes iterations for attempts), else bare spans.
 */
export function defaultShapeOf(iterationCount: number): RunShape {
  return iterationCount > 0 ? "loop" : "spans";
}

export const OUTCOME_STATUSES = ["success", "failure", "unknown"] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];
/** Who said it: the run's own file, a grader through the API (or `ingest --outcomes`), or a done review. */
export const OUTCOME_SOURCES = ["file", "api", "review"] as const;
export type OutcomeSource = (typeof OUTCOME_SOURCES)[number];

export const OUTCOME_DETAIL_MAX = 2000;
const Detail = z.string().max(OUTCOME_DETAIL_MAX).refine(hasNoNul, { error: "must not contain a NUL character" });

/** An outcome as a file or a grader states it: the status, a score (e.g. a reward) and a line of detail. */
export const OutcomeInput = z.strictObject({
  status: z.enum(OUTCOME_STATUSES),
  score: z.number().finite().nullish(),
  detail: Detail.nullish(),
});
export type OutcomeInput = z.input<typeof OutcomeInput>;

/** A stored outcome. */
export const Outcome = z.object({
  status: z.enum(OUTCOME_STATUSES),
  score: z.number().nullable(),
  source: z.enum(OUTCOME_SOURCES),
  detail: z.string().nullable(),
});
export type Outcome = z.output<typeof Outcome>;

export function outcomeOf(input: z.output<typeof OutcomeInput>, source: OutcomeSource): Outcome {
  return { status: input.status, score: input.score ?? null, source, detail: input.detail ?? null };
}

/** Who said an outcome, as a sentence reads it ("said by a grader"). */
export const OUTCOME_SOURCE_WORDS: Record<OutcomeSource, string> = {
  file: "its file",
  api: "a grader",
  review: "a review",
};

/**
 * A run's outcome: the one a file or a grader set wins; else a done review's
 * (root cause "none — healthy" → success, any other → failure); else unknown.
 */
export function resolveOutcome(
  stored: Outcome | null,
  review: { status: string; category: string | null } | null,
): Outcome | null {
  if (stored && stored.status !== "unknown") return stored;
  if (review?.status === "done" && review.category !== null) {
    const healthy = review.category === "none";
    return {
      status: healthy ? "success" : "failure",
      score: null,
      source: "review",
      detail: `review: ${review.category}`,
    };
  }
  return stored;
}

/** PUT /api/v1/runs/{run_id}/outcome: the grader's word, or `null` to take it back. */
export const OutcomePutBody = OutcomeInput.nullable();
export const OutcomeResponse = z.object({ outcome: Outcome.nullable() });
export type OutcomeResponse = z.output<typeof OutcomeResponse>;
