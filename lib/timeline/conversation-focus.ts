// The timeline's side of the conversation pane (docs/dashboard.md#conversation):
// the turn at the top of the pane becomes the timeline's focus — its time
// range (from the calls of it the timeline has loaded, else its start) and
// its first call's span, whose row is scrolled to — and the view moves to
// the range only when none of it is in sight: a reader who zoomed in on a
// part of the turn keeps that zoom. Pure; O(calls of the turn).
import type { AnchoredTurn } from "../conversation/anchors";
import { clampView, type ViewRange } from "./layout";
import { rowIndexOfSpan, type TimelineRow } from "./rows";
import type { SpanStore } from "./store";

export type TurnFocus = {
  anchor: string;
  /** The iteration it is; null for the calls before the first turn. */
  n: number | null;
  /** ms from the run start; equal for a turn known only by its start. */
  startMs: number;
  endMs: number;
  /** The store index of its earliest call the timeline holds, -1 for none. */
  firstSpan: number;
};

/** Share of the range added on each side when the view moves to it. */
export const FOCUS_PAD = 0.1;
/** The least a view moved to a turn spans, so a turn of one instant is not zoomed to nothing. */
export const FOCUS_MIN_MS = 1000;

export function turnFocusOf(
  turn: AnchoredTurn & { n: number | null },
  store: Pick<SpanStore, "indexOf" | "t0" | "t1">,
  runStartUs: number,
): TurnFocus | null {
  let startMs = Infinity;
  let endMs = -Infinity;
  let firstSpan = -1;
  for (const item of turn.items) {
    const i = store.indexOf.get(item.spanId);
    if (i === undefined) continue;
    if (store.t0[i]! < startMs) [startMs, firstSpan] = [store.t0[i]!, i];
    endMs = Math.max(endMs, store.t1[i]!);
  }
  const { anchor, n } = turn;
  if (firstSpan >= 0) return { anchor, n, startMs, endMs, firstSpan };
  if (turn.atUs === null) return null;
  const atMs = (turn.atUs - runStartUs) / 1000;
  return { anchor, n, startMs: atMs, endMs: atMs, firstSpan: -1 };
}

/** The view that shows the focus when none of it is in `view`; null when some of it is (the view stays). */
export function viewForFocus(focus: TurnFocus, view: ViewRange, bounds: ViewRange): ViewRange | null {
  if (focus.endMs >= view.startMs && focus.startMs <= view.endMs) return null;
  const len = Math.max(focus.endMs - focus.startMs, FOCUS_MIN_MS);
  const mid = (focus.startMs + focus.endMs) / 2;
  const half = len / 2 + len * FOCUS_PAD;
  return clampView({ startMs: mid - half, endMs: mid + half }, bounds);
}

/** The row to scroll to: the turn's own row when there is one, else its first call's; -1 for none. O(rows). */
export function focusRowOf(rows: readonly TimelineRow[], focus: TurnFocus): number {
  const turnRow = focus.n === null ? -1 : rows.findIndex((r) => r.kind === "turn" && r.n === focus.n);
  if (turnRow >= 0 || focus.firstSpan < 0) return turnRow;
  return rowIndexOfSpan(rows, focus.firstSpan);
}
