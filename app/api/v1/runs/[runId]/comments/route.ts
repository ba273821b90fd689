// GET and POST /api/v1/runs/{run_id}/comments — the team's comments on a run
// (docs/dashboard.md), oldest first. POST takes {"author","body"} (a signed-in user is
// the author); 400 names the field.
import { addComment, listComments } from "@/db/comments";
import { CommentInput, type CommentCreated, type CommentList } from "@/lib/schemas/comments";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const { db, runId } = await existingRun(ctx);
  return json({ comments: await listComments(db, runId) } satisfies CommentList);
});

export const POST = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "comment");
  const { db, runId } = await existingRun(ctx);
  // A signed-in user is the author (docs/accounts.md#comments); otherwise the body names one.
  if (who.kind === "user") {
    const { body } = await parseJsonBody(CommentInput.pick({ body: true }), req, { expected: '{"body"}' });
    return json({ comment: await addComment(db, runId, { author: who.name, body }) } satisfies CommentCreated, 201);
  }
  const input = await parseJsonBody(CommentInput, req, { expected: '{"author", "body"}' });
  return json({ comment: await addComment(db, runId, input) } satisfies CommentCreated, 201);
});
