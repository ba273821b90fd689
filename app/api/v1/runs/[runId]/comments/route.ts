// GET and POST /api/v1/runs/{run_id}/comments — the team's comments on a run
// (docs/dashboard.md), oldest first. POST takes {"author","body"}; 400 names the field.
import { getDb } from "@/db/client";
import { addComment, listComments } from "@/db/comments";
import { getRun } from "@/db/runs";
import { runNotFound } from "@/lib/errors";
import { CommentInput, type CommentCreated, type CommentList } from "@/lib/schemas/comments";
import { handle, json, parseJsonBody } from "@/app/_server/respond";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

async function existingRun(ctx: Ctx) {
  const { runId } = await ctx.params;
  const { db } = await getDb();
  if (!(await getRun(db, runId))) throw runNotFound(runId);
  return { db, runId };
}

export const GET = handle(async (_req: Request, ctx: Ctx) => {
  const { db, runId } = await existingRun(ctx);
  return json({ comments: await listComments(db, runId) } satisfies CommentList);
});

export const POST = handle(async (req: Request, ctx: Ctx) => {
  const { db, runId } = await existingRun(ctx);
  const input = await parseJsonBody(CommentInput, req, { expected: '{"author", "body"}' });
  return json({ comment: await addComment(db, runId, input) } satisfies CommentCreated, 201);
});
