"use client";
// The side panel of a comment thread opened from the comments lane
// (docs/dashboard.md#comments) whose anchor is an iteration or a moment (a
// span's thread opens in the span panel): the thread with its replies, and a
// form for another comment at the same anchor.
import type { CommentOut } from "@/lib/schemas/comments";
import { formatTimestamp } from "@/lib/format";
import { describeAnchor } from "@/lib/comments/threads";
import { CommentBox } from "@/components/comments/comment-box";
import css from "./timeline.module.css";

type Props = {
  runId: string;
  /** The thread: its first comment and its replies. */
  comments: CommentOut[];
  mentionNames: readonly string[];
  onClose: () => void;
};

export function TimelineThreadPanel({ runId, comments, mentionNames, onClose }: Props) {
  const root = comments.find((c) => c.parent_id === null);
  if (!root) return null;
  const anchor =
    root.iteration !== null ? { iteration: root.iteration } : root.at !== null ? { at: root.at } : undefined;
  return (
    <aside className={css.panel} data-testid="thread-panel" data-comment-id={root.comment_id}>
      <div className="row">
        <h3>Comments {describeAnchor(root, (iso) => `${formatTimestamp(iso)} UTC`) ?? "on the run"}</h3>
        <span className="spacer" />
        <button className="btn" onClick={onClose} aria-label="close">
          ×
        </button>
      </div>
      <CommentBox runId={runId} comments={comments} mentionNames={mentionNames} anchor={anchor} />
    </aside>
  );
}
