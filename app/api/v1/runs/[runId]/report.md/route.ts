// GET /api/v1/runs/{run_id}/report.md — the post-mortem as Markdown (docs/api.md),
// a download: the same text the CLI prints, with the team's comments.
import { getDb } from "@/db/client";
import { listComments } from "@/db/comments";
import { getRun } from "@/db/runs";
import { getAnalysis } from "@/app/_server/analysis";
import { runNotFound } from "@/lib/errors";
import { renderMarkdownReport } from "@/lib/report/markdown";
import { handle } from "@/app/_server/respond";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (_req: Request, ctx: Ctx) => {
  const { runId } = await ctx.params;
  const { db } = await getDb();
  const run = await getRun(db, runId);
  if (!run) throw runNotFound(runId);
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
