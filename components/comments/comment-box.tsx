"use client";
// The comment threads and the form for a new one (docs/dashboard.md#comments):
// on the run page and the post-mortem every thread of the run, each with its
// anchor; in the timeline's span panel the span's threads, and the form
// anchors the new comment there. Posting asks the server page to re-render
// (useRefreshAfter) so every list stays the server's.
import { useMemo } from "react";
import { groupThreads } from "@/lib/comments/threads";
import type { CommentInput, CommentOut } from "@/lib/schemas/comments";
import { useCommentPrincipal } from "./comment-api";
import { CommentForm } from "./comment-form";
import { CommentThreadView } from "./comment-thread";

type Props = {
  runId: string;
  comments: CommentOut[];
  mentionNames?: readonly string[];
  /** Where a new comment points (a span, an iteration, a moment); the run as a whole without it. */
  anchor?: Partial<Pick<CommentInput, "span_id" | "iteration" | "at">>;
  emptyText?: string;
};

export function CommentBox({ runId, comments, mentionNames = [], anchor, emptyText = "No comments yet." }: Props) {
  const who = useCommentPrincipal();
  const threads = useMemo(() => groupThreads(comments), [comments]);
  const ctx = { runId, mentionNames, who };
  return (
    <>
      {threads.length === 0 ? (
        <p className="muted" data-testid="comments-empty">
          {emptyText}
        </p>
      ) : (
        <ol className="comment-list" data-testid="comment-list">
          {threads.map((t) => (
            <CommentThreadView key={t.root.comment_id} thread={t} ctx={ctx} showAnchor={anchor === undefined} />
          ))}
        </ol>
      )}
      <CommentForm
        runId={runId}
        extra={anchor}
        signedInAs={who?.kind === "user" ? who.name : null}
        submitLabel={anchor?.span_id !== undefined ? "Comment on this span" : "Add comment"}
        placeholder="What happened here? What should change? Markdown and @name work."
      />
    </>
  );
}
