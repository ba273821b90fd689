// GET and POST /api/v1/runs/{run_id}/comments — the team's comments on a run
// (SPEC §4), oldest first. POST takes {"author","body"}; 400 names the field.
import { getDb } from "@/db/client";
import { addComment, listComments } from "@/db/comments";
import { getRun } from "@/db/runs";
import { ApiError, runNotFound } from "@/lib/errors";
import { CommentInput } from "@/lib/schemas/comments";
import { handle, json } from "@/app/api/_lib/respond";

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
  return json({ comments: await listComments(db, runId) });
});

export const POST = handle(async (req: Request, ctx: Ctx) => {
  const { db, runId } = await existingRun(ctx);
  const raw: unknown = await req.json().catch(() => {
    throw new ApiError("bad_request", 'the body is not JSON: send {"author", "body"}');
  });
  const parsed = CommentInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? "body");
    throw new ApiError("invalid_parameter", `invalid field "${field}": ${issue.message}`, { field });
  }
  return json({ comment: await addComment(db, runId, parsed.data) }, 201);
});
