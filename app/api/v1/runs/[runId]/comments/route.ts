// GET and POST /api/v1/runs/{run_id}/comments — the team's comments on a run
// (docs/api.md#comments), oldest first; ?span_id= or ?iteration= keeps the
// threads anchored there. POST takes {"author","body"} and at most one anchor
// (span_id, iteration, at) or a parent_id (a signed-in user is the author);
// 400 names the field.
import { z } from "zod";
import { addComment, listComments } from "@/db/comments";
import { CommentInput, CommentListQuery, type CommentCreated, type CommentList } from "@/lib/schemas/comments";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { handle, json, parseJsonBody, parseQuery } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const EXPECTED = '{"author", "body", "span_id"?, "iteration"?, "at"?, "parent_id"?}';

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const filter = parseQuery(CommentListQuery, req.url);
  const { db, runId } = await existingRun(ctx);
  return json({ comments: await listComments(db, runId, filter) } satisfies CommentList);
});

export const POST = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "comment");
  const { db, runId } = await existingRun(ctx);
  // A signed-in user is the author (docs/accounts.md#comments); otherwise the body names one.
  if (who.kind === "user") {
    const asUser = z.preprocess((v) => (isRecord(v) ? { ...v, author: who.name } : v), CommentInput);
    const input = await parseJsonBody(asUser, req, { expected: EXPECTED });
    const comment = await addComment(db, runId, input, who.userId);
    return json({ comment } satisfies CommentCreated, 201);
  }
  const input = await parseJsonBody(CommentInput, req, { expected: EXPECTED });
  return json({ comment: await addComment(db, runId, input) } satisfies CommentCreated, 201);
});
