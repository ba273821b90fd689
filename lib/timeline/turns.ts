// Turns and steps on the timeline (docs/dashboard.md#rows-by-turn): what a turn
// row reads — "turn 3 · <the prompt>" for a run a person prompts, "step 3 ·
// <the command it ran>" for an autonomous session's steps — and whether a
// run's rows are grouped by turn at all: not when its roots are already agent
// iteration spans (iterations.ts), which stand for their iterations
// themselves. The labels themselves are made with the page (turn-labels.ts).
// Pure; O(iterations).
import { clampView, type ViewRange } from "./layout";
import type { TimelineRunInfo } from "./wire";

export type TurnNoun = "turn" | "step" | "iteration";

/** What one iteration of a run of this shape is called on its row. */
export function turnNounOf(shape: string | null | undefined): TurnNoun {
  if (shape === "autonomous") return "step";
  if (shape === "loop") return "iteration";
  return "turn";
}

/** "turn 3 · Fix the cart total", or "step 3" with no label. */
export function turnRowLabel(noun: TurnNoun, n: number, label: string | null): string {
  return label ? `${noun} ${n} · ${label}` : `${noun} ${n}`;
}

export type TurnGrouping = {
  noun: TurnNoun;
  /** Each iteration's label, by n. */
  labels: ReadonlyMap<number, string | null>;
};

/**
 * How the rows group by turn: null (no turn rows) before the run's info has
 * arrived or when agent iteration spans already group them
 * (`iterationSpanCount` of them among the roots).
 */
export function turnGroupingOf(run: TimelineRunInfo | null, iterationSpanCount: number): TurnGrouping | null {
  if (run === null || iterationSpanCount > 0) return null;
  return {
    noun: turnNounOf(run.shape),
    labels: new Map(run.iterations.map((it) => [it.n, it.label ?? null] as const)),
  };
}

/** Room left either side of a turn when a click zooms to it, as a share of its length. */
const TURN_VIEW_PAD = 0.04;

/** The view a click on a turn row zooms to: its extent, a little room either side, inside the run. */
export function turnView(t0: number, t1: number, bounds: ViewRange): ViewRange {
  const pad = Math.max((t1 - t0) * TURN_VIEW_PAD, 1);
  return clampView({ startMs: t0 - pad, endMs: t1 + pad }, bounds);
}
