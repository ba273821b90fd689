// GET /api/v1/runs/{run_id}/report.md — the post-mortem as Markdown (docs/api.md),
// a download: the same text the CLI prints, led by the run's review and a link
// back to the run, with the team's comments.
import { listComments } from "@/db/comments";
import { getReview } from "@/db/reviews";
import { getAnalysis } from "@/app/_server/analysis";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { renderMarkdownReport } from "@/lib/report/markdown";
import { publicOrigin } from "@/app/_server/public-origin";
import { handle } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const { db, runId, run } = await existingRun(ctx);
  const [report, comments, review] = await Promise.all([
    getAnalysis(db, runId),
    listComments(db, runId),
    getReview(db, runId),
  ]);
  const runUrl = `${publicOrigin(req)}/runs/${encodeURIComponent(runId)}`;
  const file = `postmortem-${runId.replace(/[^\w.-]+/g, "_")}.md`;
  return new Response(renderMarkdownReport(run, report, comments, { review, runUrl }), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "no-store",
    },
  });
});
