// GET /api/v1/runs/{run_id}/report.md — the post-mortem as Markdown (docs/api.md),
// a download: the same text the CLI prints, with the team's comments.
import { listComments } from "@/db/comments";
import { getAnalysis } from "@/app/_server/analysis";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { renderMarkdownReport } from "@/lib/report/markdown";
import { handle } from "@/app/_server/respond";

export const dynamic = "force-dynamic";

export const GET = handle(async (_req: Request, ctx: RunCtx) => {
  const { db, runId, run } = await existingRun(ctx);
  const [report, comments] = await Promise.all([getAnalysis(db, runId), listComments(db, runId)]);
  const file = `postmortem-${runId.replace(/[^\w.-]+/g, "_")}.md`;
  return new Response(renderMarkdownReport(run, report, comments), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "no-store",
    },
  });
});
