"use client";
// One comment thread (docs/dashboard.md#comments): the first comment with its
// anchor, its replies indented, a reply form on demand, and Edit / Delete on
// the comments this browser may change (lib/comments/permissions.ts; the
// server checks again).
import dynamic from "next/dynamic";
import { useState } from "react";
import type { Principal } from "@/lib/auth/roles";
import { mayChangeComment } from "@/lib/comments/permissions";
import { describeAnchor, type CommentThread } from "@/lib/comments/threads";
import { formatTimestamp } from "@/lib/format";
import { COMMENT_BODY_MAX, type CommentOut } from "@/lib/schemas/comments";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";
import { commentsUrl, sendComment } from "./comment-api";
import { CommentForm } from "./comment-form";
import { FormError } from "@/components/shared/form-error";

// Markdown (react-markdown, remark-gfm: about 160 KB of script) loads with the first comment shown.
const CommentMarkdown = dynamic(() => import("./comment-markdown").then((m) => m.CommentMarkdown));

export type ThreadContext = { runId: string; mentionNames: readonly string[]; who: Principal | null };

type Props = { thread: CommentThread; ctx: ThreadContext; showAnchor: boolean };

export function CommentThreadView({ thread, ctx, showAnchor }: Props) {
  const [replying, setReplying] = useState(false);
  const anchor = showAnchor ? describeAnchor(thread.root, (iso) => `${formatTimestamp(iso)} UTC`) : null;
  const signedInAs = ctx.who?.kind === "user" ? ctx.who.name : null;
  return (
    <li data-testid="comment-thread" data-comment-id={thread.root.comment_id}>
      <CommentItem comment={thread.root} ctx={ctx} anchor={anchor} onReply={() => setReplying((r) => !r)} />
      {thread.replies.length > 0 && (
        <ol className="comment-replies" data-testid="comment-replies">
          {thread.replies.map((r) => (
            <li key={r.comment_id}>
              <CommentItem comment={r} ctx={ctx} anchor={null} />
            </li>
          ))}
        </ol>
      )}
      {replying && (
        <CommentForm
          runId={ctx.runId}
          extra={{ parent_id: thread.root.comment_id }}
          signedInAs={signedInAs}
          submitLabel="Reply"
          placeholder="Reply…"
          testId="reply"
          onPosted={() => setReplying(false)}
        />
      )}
    </li>
  );
}

type ItemProps = { comment: CommentOut; ctx: ThreadContext; anchor: string | null; onReply?: () => void };

function CommentItem({ comment: c, ctx, anchor, onReply }: ItemProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const { busy, error, run } = useRefreshAfter();
  const url = commentsUrl(ctx.runId, c.comment_id);
  const mayChange = ctx.who !== null && mayChangeComment(ctx.who, c);
  const save = () => run(() => sendComment(url, "PATCH", { body: editing }).then(() => setEditing(null)));
  const remove = () => {
    if (window.confirm(c.parent_id === null ? "Delete this comment and its replies?" : "Delete this reply?"))
      void run(() => sendComment(url, "DELETE"));
  };
  return (
    <div className="comment" data-testid="comment" data-comment-id={c.comment_id}>
      <div className="comment-head">
        <strong>{c.author}</strong> <span className="muted mono">{formatTimestamp(c.created_at)} UTC</span>
        {c.edited_at && <span className="muted"> · edited</span>}
        {anchor && (
          <span className="badge comment-anchor" data-testid="comment-anchor">
            {anchor}
          </span>
        )}
      </div>
      {editing === null ? (
        <CommentMarkdown body={c.body} mentionNames={ctx.mentionNames} />
      ) : (
        <textarea
          aria-label="Edit comment"
          value={editing}
          maxLength={COMMENT_BODY_MAX}
          rows={3}
          onChange={(e) => setEditing(e.target.value)}
          data-testid="comment-edit-body"
        />
      )}
      <div className="row comment-actions no-print">
        {editing !== null ? (
          <>
            <button className="btn primary" disabled={busy} onClick={() => void save()} data-testid="comment-save">
              Save
            </button>
            <button className="btn" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            {onReply && (
              <button className="btn link" onClick={onReply} data-testid="comment-reply">
                Reply
              </button>
            )}
            {mayChange && (
              <>
                <button className="btn link" onClick={() => setEditing(c.body)} data-testid="comment-edit">
                  Edit
                </button>
                <button className="btn link" disabled={busy} onClick={remove} data-testid="comment-delete">
                  Delete
                </button>
              </>
            )}
          </>
        )}
        <FormError error={error} />
      </div>
    </div>
  );
}
