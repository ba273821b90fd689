// GET and PUT /api/v1/runs/{run_id}/review — the run's review (docs/api.md#review):
// status, verdict, root-cause category and action items. PUT replaces it whole;
// 400 names the field. A run never reviewed reads as status "open".
import { getReview, putReview } from "@/db/reviews";
import { ReviewInput, type ReviewResponse } from "@/lib/schemas/review";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { REVIEW_BODY_LIMIT_BYTES } from "@/lib/http/read-body";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const { db, runId } = await existingRun(ctx);
  return json({ review: await getReview(db, runId) } satisfies ReviewResponse);
});

export const PUT = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "review");
  const { db, runId } = await existingRun(ctx);
  const input = await parseJsonBody(ReviewInput, req, {
    expected: '{"status", "verdict", "category", "actions"}',
    limitBytes: REVIEW_BODY_LIMIT_BYTES,
  });
  const by = who.kind === "user" ? who.name : null;
  return json({ review: await putReview(db, runId, input, by) } satisfies ReviewResponse);
});
