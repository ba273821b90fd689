// docs/analysis.md#progress-score progress score, docs/analysis.md#absent-and-empty-fields absent
// and empty fields (an empty or whitespace-only error or approach counts for nothing),
// docs/analysis.md#error-normalisation error normalisation. O(errors) per iteration.
// Pure scoring only: deliberately does not decide stagnation (stagnation.ts), count
// the tasks an iteration completed (iteration-context.ts), nor keep any state.
import type { StoredIteration } from "../schemas/records";
import type { IterationView } from "./iteration-context";

const UUID_RE = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;
const HEX_PREFIXED_RE = /0[xX][0-9a-fA-F]+/g;
const HEX_RUN_RE = /[0-9a-fA-F]{6,}/g;
const DIGITS_RE = /\d+/g;

/**
 * docs/analysis.md#error-normalisation: trim; UUIDs, `0x…` and hex runs of 6+ characters that contain a
 * digit → `<hex>`; other digit runs → `<n>`; case kept. A hex run is matched
 * greedily as a whole token, so `deadbeef` (no digit) stays as written.
 */
export function normalizeError(message: string): string {
  return message
    .trim()
    .replace(UUID_RE, "<hex>")
    .replace(HEX_PREFIXED_RE, "<hex>")
    .replace(HEX_RUN_RE, (run) => (/\d/.test(run) ? "<hex>" : run))
    .replace(DIGITS_RE, "<n>");
}

/** The iteration's errors, normalised and de-duplicated, without empty ones; null when not logged. */
export function normalizedErrors(it: StoredIteration): Set<string> | null {
  if (it.errors === null) return null;
  return new Set(it.errors.map(normalizeError).filter((e) => e !== ""));
}

/** Whether the iteration reports errors: at least one that is not empty or whitespace only. */
export function reportsErrors(it: StoredIteration): boolean {
  return (normalizedErrors(it)?.size ?? 0) > 0;
}

/** The iteration's approach; null when absent, empty or whitespace only. */
export function approachOf(it: StoredIteration): string | null {
  return it.approach === null || it.approach.trim() === "" ? null : it.approach;
}

export type ScoreIndicator =
  | "newly_passing"
  | "tasks_completed"
  | "files_modified"
  | "build_errors_resolved"
  | "repeated_error"
  | "no_files"
  | "reverted";

export const INDICATOR_POINTS: Record<ScoreIndicator, number> = {
  newly_passing: 3,
  tasks_completed: 5,
  files_modified: 1,
  build_errors_resolved: 2,
  repeated_error: -2,
  no_files: -3,
  reverted: -1,
};

/** What scoring reads of an iteration: its fields, and the tasks it completed (docs/analysis.md#tasks-completed). */
export type ScoredIteration = Pick<IterationView, "it" | "tasksCompleted">;

/** Which docs/analysis.md#progress-score indicators hold, each at most once. An absent field holds none. */
export function scoreIndicators(v: ScoredIteration, prev: StoredIteration | null): ScoreIndicator[] {
  const it = v.it;
  const out: ScoreIndicator[] = [];
  if ((it.newlyPassing ?? 0) > 0) out.push("newly_passing");
  if (v.tasksCompleted > 0) out.push("tasks_completed");
  if (it.filesModified !== null) out.push(it.filesModified.length > 0 ? "files_modified" : "no_files");
  if ((it.buildErrorsResolved ?? 0) > 0) out.push("build_errors_resolved");
  if (repeatsAnError(it, prev)) out.push("repeated_error");
  if (it.reverted === true) out.push("reverted");
  return out;
}

function repeatsAnError(it: StoredIteration, prev: StoredIteration | null): boolean {
  const mine = normalizedErrors(it);
  const theirs = prev ? normalizedErrors(prev) : null;
  if (!mine || !theirs) return false;
  for (const e of mine) if (theirs.has(e)) return true;
  return false;
}

export function scoreIteration(v: ScoredIteration, prev: StoredIteration | null): number {
  return scoreIndicators(v, prev).reduce((sum, k) => sum + INDICATOR_POINTS[k], 0);
}

/** window_score: this iteration's score plus the two before it (fewer at the start). */
export function windowScores(scores: number[]): number[] {
  return scores.map((_, i) => scores.slice(Math.max(0, i - 2), i + 1).reduce((a, b) => a + b, 0));
}
