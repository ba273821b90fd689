"use client";
// The comment list and form: posts to /api/v1/runs/{id}/comments, then asks
// the server page to re-render (useRefreshAfter) so every list stays the
// server's. The author's name is remembered in localStorage; a signed-in user
// (docs/accounts.md#comments) is the author, and the name field is not shown.
import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { formatTimestamp } from "@/lib/format";
import { COMMENT_AUTHOR_MAX, COMMENT_BODY_MAX, type CommentOut } from "@/lib/schemas/comments";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";

const AUTHOR_KEY = "loopscope.comment-author";

function readStoredAuthor(): string {
  return window.localStorage.getItem(AUTHOR_KEY) ?? "";
}

/** localStorage changes only through this form, which holds its own state. */
function subscribeToNothing(): () => void {
  return () => {};
}

export function CommentBox({ runId, comments }: { runId: string; comments: CommentOut[] }) {
  // The remembered name until the user types one; "" on the server, so the
  // first client render matches the HTML and the stored name follows.
  const storedAuthor = useSyncExternalStore(subscribeToNothing, readStoredAuthor, () => "");
  const [typedAuthor, setAuthor] = useState<string | null>(null);
  const author = typedAuthor ?? storedAuthor;
  const [body, setBody] = useState("");
  const { busy, error, run } = useRefreshAfter();
  const signedInAs = useSignedInName();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void run(async () => {
      const res = await fetch(`/api/v1/runs/${encodeURIComponent(runId)}/comments`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ author: signedInAs ?? author, body }),
      });
      if (!res.ok) {
        const err = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(err?.error?.message ?? `HTTP ${res.status}`);
      }
      window.localStorage.setItem(AUTHOR_KEY, author.trim());
      setBody("");
    });
  }

  return (
    <>
      {comments.length === 0 ? (
        <p className="muted" data-testid="comments-empty">
          No comments yet.
        </p>
      ) : (
        <ol className="comment-list" data-testid="comment-list">
          {comments.map((c) => (
            <li key={c.comment_id} data-testid="comment">
              <div className="comment-head">
                <strong>{c.author}</strong> <span className="muted mono">{formatTimestamp(c.created_at)} UTC</span>
              </div>
              <div className="comment-body">{c.body}</div>
            </li>
          ))}
        </ol>
      )}
      <form className="comment-form no-print" onSubmit={submit} data-testid="comment-form">
        {signedInAs !== null ? (
          <span className="muted" data-testid="comment-signed-in">
            Commenting as <strong>{signedInAs}</strong>
          </span>
        ) : (
          <input
            aria-label="Your name"
            placeholder="Your name"
            value={author}
            maxLength={COMMENT_AUTHOR_MAX}
            required
            onChange={(e) => setAuthor(e.target.value)}
            data-testid="comment-author"
          />
        )}
        <textarea
          aria-label="Comment"
          placeholder="What happened here? What should change?"
          value={body}
          maxLength={COMMENT_BODY_MAX}
          required
          rows={3}
          onChange={(e) => setBody(e.target.value)}
          data-testid="comment-body"
        />
        <div className="row">
          <button className="btn primary" type="submit" disabled={busy} data-testid="comment-submit">
            {busy ? "Posting…" : "Add comment"}
          </button>
          {error && (
            <span className="error-text" role="alert">
              {error}
            </span>
          )}
        </div>
      </form>
    </>
  );
}

/** The signed-in user's name, null when accounts are off or nobody is signed in (asked once, after mount). */
function useSignedInName(): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch("/api/v1/auth/session")
      .then((res) => (res.ok ? (res.json() as Promise<{ user: { name: string } | null }>) : null))
      .then((session) => {
        if (live) setName(session?.user?.name ?? null);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return name;
}
