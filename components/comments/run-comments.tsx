// The team's comments on a run (docs/dashboard.md#comments): the page loads
// them (db/comments.ts listComments) and the names that may be mentioned, and
// passes them in; the interactive part is the CommentBox leaf.
import type { CommentOut } from "@/lib/schemas/comments";
import { CommentBox } from "./comment-box";

type Props = { runId: string; comments: CommentOut[]; mentionNames?: readonly string[] };

export function RunComments({ runId, comments, mentionNames }: Props) {
  return (
    <section className="card comments" data-testid="run-comments" aria-label="Comments" id="comments">
      <h2>Comments</h2>
      <CommentBox runId={runId} comments={comments} mentionNames={mentionNames} />
    </section>
  );
}
