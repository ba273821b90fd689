// The team's comments on a run (SPEC §4 Run, Post-mortem), as one drop-in
// server component: <RunComments runId={run.run_id} />. It loads the comments
// itself so a page needs no extra wiring — the one place a component reads
// the database, on purpose (the interactive part is the CommentBox leaf).
import { getDb } from "@/db/client";
import { listComments } from "@/db/comments";
import { CommentBox } from "./comment-box";

export async function RunComments({ runId }: { runId: string }) {
  const { db } = await getDb();
  const comments = await listComments(db, runId);
  return (
    <section className="card comments" data-testid="run-comments" aria-label="Comments">
      <h2>Comments</h2>
      <CommentBox runId={runId} comments={comments} />
    </section>
  );
}
