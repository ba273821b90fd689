// The timeline's comments (docs/dashboard.md#comments): the threads, a marker
// for each anchored one that can be placed (memoised on the comments and the
// loaded spans, never per frame), the selected span's threads for its panel,
// and the thread opened from the comments lane.
import { useMemo, useState } from "react";
import { commentsOfThreads, groupThreads } from "@/lib/comments/threads";
import type { CommentOut } from "@/lib/schemas/comments";
import { commentMarks, type CommentMark } from "@/lib/timeline/comment-marks";
import type { IterationBand } from "@/lib/timeline/overlays";
import type { SpanStore } from "@/lib/timeline/store";

export function useTimelineComments(
  comments: readonly CommentOut[],
  store: SpanStore,
  bands: readonly IterationBand[],
  startUs: number,
  selectedId: string | null,
) {
  const [openId, setOpenId] = useState<string | null>(null);
  const threads = useMemo(() => groupThreads(comments), [comments]);
  const marks = useMemo(() => {
    const startOf = new Map(bands.map((b) => [b.n, b.startMs] as const));
    return commentMarks(threads, {
      startUs,
      spanStartMs: (id) => {
        const i = store.indexOf.get(id);
        return i === undefined ? null : store.t0[i]!;
      },
      iterationStartMs: (n) => startOf.get(n) ?? null,
    });
  }, [threads, store, bands, startUs]);
  const spanComments = useMemo(
    () => (selectedId === null ? [] : commentsOfThreads(comments, (c) => c.span_id === selectedId)),
    [comments, selectedId],
  );
  const openComments = useMemo(
    () => (openId === null ? [] : commentsOfThreads(comments, (c) => c.comment_id === openId)),
    [comments, openId],
  );
  return { marks, spanComments, openId, openComments, setOpenId } as {
    marks: CommentMark[];
    spanComments: CommentOut[];
    openId: string | null;
    openComments: CommentOut[];
    setOpenId: (id: string | null) => void;
  };
}
