"use client";
// The comments lane under the breaker lanes (docs/dashboard.md#comments): a
// marker per anchored thread (lib/timeline/comment-marks.ts), a DOM button
// each — comments are few; the spans stay on the canvas. Clicking a marker
// opens its thread: a span's in the span panel, any other in the thread panel.
// Placed on the view's time axis (idle stretches folded).
import { formatDuration } from "@/lib/format";
import { placeCommentMarks, type CommentMark } from "@/lib/timeline/comment-marks";
import type { ViewRange } from "@/lib/timeline/layout";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import css from "./timeline.module.css";

type Props = {
  marks: readonly CommentMark[];
  view: ViewRange;
  width: number;
  axis: TimeAxis;
  openId: string | null;
  onOpen: (mark: CommentMark) => void;
};

export function TimelineCommentLane({ marks, view, width, axis, openId, onOpen }: Props) {
  if (marks.length === 0) return null;
  return (
    <div className={`${css.lanes} ${css.commentLane}`} data-testid="comment-lane">
      <div className={css.laneRow}>
        <div className={css.laneLabel}>comments</div>
        <div className={css.laneBars} style={{ width, flex: `0 0 ${width}px` }}>
          {placeCommentMarks(marks, view, width, axis).map(({ mark: m, x }) => (
            <button
              key={m.commentId}
              type="button"
              className={css.commentMark}
              style={{ left: Math.max(0, Math.min(width - 14, x - 7)) }}
              title={`+${formatDuration(m.atMs)} · ${m.title}`}
              aria-label={`comment thread: ${m.title}`}
              aria-pressed={openId === m.commentId}
              data-testid="comment-marker"
              data-comment-id={m.commentId}
              data-span-id={m.spanId ?? undefined}
              onClick={() => onOpen(m)}
            >
              {m.count}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
