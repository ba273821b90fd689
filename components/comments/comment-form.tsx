"use client";
// A form that posts a comment (docs/dashboard.md#comments): on the run, on an
// anchor (span, iteration, moment) or as a reply (`extra` carries those
// fields). The author's name is remembered in localStorage; a signed-in user
// is the author, and the name field is not shown.
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { COMMENT_AUTHOR_MAX, COMMENT_BODY_MAX, type CommentInput } from "@/lib/schemas/comments";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";
import { commentsUrl, sendComment } from "./comment-api";
import { FormError } from "@/components/shared/form-error";

const AUTHOR_KEY = "loopscope.comment-author";

type Props = {
  runId: string;
  extra?: Partial<Pick<CommentInput, "span_id" | "iteration" | "at" | "parent_id">>;
  signedInAs: string | null;
  submitLabel: string;
  placeholder: string;
  testId?: string;
  onPosted?: () => void;
};

const readStoredAuthor = () => window.localStorage.getItem(AUTHOR_KEY) ?? "";
/** localStorage changes only through this form, which holds its own state. */
const subscribeToNothing = () => () => {};

export function CommentForm({ runId, extra, signedInAs, submitLabel, placeholder, testId, onPosted }: Props) {
  // The remembered name until the user types one; "" on the server, so the
  // first client render matches the HTML and the stored name follows.
  const storedAuthor = useSyncExternalStore(subscribeToNothing, readStoredAuthor, () => "");
  const [typedAuthor, setAuthor] = useState<string | null>(null);
  const author = typedAuthor ?? storedAuthor;
  const [body, setBody] = useState("");
  const { busy, error, run } = useRefreshAfter();
  const id = testId ?? "comment";

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void run(async () => {
      await sendComment(commentsUrl(runId), "POST", { author: signedInAs ?? author, body, ...extra });
      window.localStorage.setItem(AUTHOR_KEY, author.trim());
      setBody("");
      onPosted?.();
    });
  }

  return (
    <form className="comment-form no-print" onSubmit={submit} data-testid={`${id}-form`}>
      {signedInAs !== null ? (
        <span className="muted" data-testid={`${id}-signed-in`}>
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
          data-testid={`${id}-author`}
        />
      )}
      <textarea
        aria-label="Comment"
        placeholder={placeholder}
        value={body}
        maxLength={COMMENT_BODY_MAX}
        required
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        data-testid={`${id}-body`}
      />
      <div className="row">
        <button className="btn primary" type="submit" disabled={busy} data-testid={`${id}-submit`}>
          {busy ? "Posting…" : submitLabel}
        </button>
        <FormError error={error} />
      </div>
    </form>
  );
}
