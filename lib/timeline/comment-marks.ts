// Comment markers on the timeline's comments lane (docs/dashboard.md#comments):
// one marker per anchored thread, at its span's start, its iteration's start
// or its moment, in ms from the run start; a thread whose span is not loaded
// yet (or whose iteration has no time) has no marker until it is. Comments
// are few, so the markers are DOM elements; the spans stay on the canvas.
// Pure; O(threads · log threads).
import type { CommentThread } from "../comments/threads";
import { xOfMs, type ViewRange } from "./layout";
import { LINEAR_AXIS, type TimeAxis } from "./time-axis";

export type CommentMark = {
  /** The thread's first comment. */
  commentId: string;
  atMs: number;
  spanId: string | null;
  /** The thread's comments: the first and its replies. */
  count: number;
  title: string;
};

export type CommentMarkLookup = {
  startUs: number;
  /** A loaded span's start in ms from the run start, or null. */
  spanStartMs: (spanId: string) => number | null;
  /** An iteration's start in ms from the run start, or null. */
  iterationStartMs: (n: number) => number | null;
};

/** The marker of each anchored thread that can be placed, by time. */
export function commentMarks(threads: readonly CommentThread[], at: CommentMarkLookup): CommentMark[] {
  const out: CommentMark[] = [];
  for (const { root, replies } of threads) {
    const atMs =
      root.span_id !== null
        ? at.spanStartMs(root.span_id)
        : root.iteration !== null
          ? at.iterationStartMs(root.iteration)
          : root.at !== null
            ? Date.parse(root.at) - at.startUs / 1000
            : null;
    if (atMs === null || !Number.isFinite(atMs)) continue;
    const count = 1 + replies.length;
    const first = root.body.split("\n")[0]!.slice(0, 80);
    out.push({
      commentId: root.comment_id,
      atMs,
      spanId: root.span_id,
      count,
      title: `${root.author}: ${first}${count > 1 ? ` (+${count - 1} repl${count === 2 ? "y" : "ies"})` : ""}`,
    });
  }
  return out.sort((a, b) => a.atMs - b.atMs || a.commentId.localeCompare(b.commentId));
}

/** The markers inside the view with their x in px; a marker just outside an edge is left out. */
export function placeCommentMarks(
  marks: readonly CommentMark[],
  view: ViewRange,
  widthPx: number,
  axis: TimeAxis = LINEAR_AXIS,
): { mark: CommentMark; x: number }[] {
  return marks
    .filter((m) => m.atMs >= view.startMs && m.atMs <= view.endMs)
    .map((mark) => ({ mark, x: xOfMs(mark.atMs, view, widthPx, axis) }));
}
