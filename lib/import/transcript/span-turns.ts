// docs/import.md#agent-transcripts — which iteration a transcript span belongs
// to, written on the span: the turn (or step) it started in, as the turn's
// number in the session and its `source_key`; or, for a span whose turn only
// its parent span knows (a subagent's own file), "parent". The ingest turns
// these into the run's numbers (lib/import/place-spans.ts). O(1).
import { ITERATION_FROM, ITERATION_KEY } from "../types";

/** A turn as its spans name it: its number in the session (1, 2, …) and its iteration's source key. */
export type TurnRef = { n: number; key: string };

/** Where a span belongs: a turn, its parent span's turn, or nowhere known. */
export type SpanTurn = TurnRef | "parent" | null;

export type SpanTurnFields = { iteration?: number; [ITERATION_KEY]?: string; [ITERATION_FROM]?: "parent" };

/** The span's wire fields for its turn: `iteration` and `iteration_key`, or `iteration_from: "parent"`, or none. */
export function spanTurnFields(turn: SpanTurn): SpanTurnFields {
  if (turn === null) return {};
  if (turn === "parent") return { [ITERATION_FROM]: "parent" };
  return { iteration: turn.n, [ITERATION_KEY]: turn.key };
}
