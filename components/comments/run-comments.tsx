// The team's comments on a run (docs/dashboard.md Run, Post-mortem): the page loads
// them (db/comments.ts listComments) and passes them in; the interactive part
// is the CommentBox leaf.
import type { CommentOut } from "@/lib/schemas/comments";
import { CommentBox } from "./comment-box";

export function RunComments({ runId, comments }: { runId: string; comments: CommentOut[] }) {
  return (
    <section className="card comments" data-testid="run-comments" aria-label="Comments">
      <h2>Comments</h2>
      <CommentBox runId={runId} comments={comments} />
    </section>
  );
}
