// PATCH and DELETE /api/v1/runs/{run_id}/comments/{comment_id} — edit a
// comment's body (edited_at is stamped) or delete it with its replies
// (docs/api.md#comments). With accounts on only its author or an admin may;
// with accounts off anyone may (lib/comments/permissions.ts).
import { deleteComment, editComment, getComment } from "@/db/comments";
import { ApiError } from "@/lib/errors";
import { mayChangeComment } from "@/lib/comments/permissions";
import { CommentEdit, type CommentCreated } from "@/lib/schemas/comments";
import { existingRun } from "@/app/_server/existing-run";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string; commentId: string }> };

/** The run's comment the request may change: 404 when there is none, 403 when it is not theirs. */
async function changeableComment(req: Request, ctx: Ctx) {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "comment");
  const { db, runId } = await existingRun(ctx);
  const { commentId } = await ctx.params;
  const comment = await getComment(db, runId, commentId);
  if (!comment) throw new ApiError("not_found", `no comment "${commentId}" on run "${runId}"`);
  if (!mayChangeComment(who, comment))
    throw new ApiError("forbidden", "only the comment's author or an admin may change it");
  return { db, runId, commentId };
}

export const PATCH = handle(async (req: Request, ctx: Ctx) => {
  const { db, runId, commentId } = await changeableComment(req, ctx);
  const { body } = await parseJsonBody(CommentEdit, req, { expected: '{"body"}' });
  const comment = await editComment(db, runId, commentId, body);
  if (!comment) throw new ApiError("not_found", `no comment "${commentId}" on run "${runId}"`);
  return json({ comment } satisfies CommentCreated);
});

export const DELETE = handle(async (req: Request, ctx: Ctx) => {
  const { db, runId, commentId } = await changeableComment(req, ctx);
  const comment = await deleteComment(db, runId, commentId);
  if (!comment) throw new ApiError("not_found", `no comment "${commentId}" on run "${runId}"`);
  return json({ comment } satisfies CommentCreated);
});
