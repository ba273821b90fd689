// The iterations tab's data step: the stored iterations (for tokens and the
// table) joined with the report's scores, tiers and detections; the strip
// chart over all of them; the page of rows the URL asks for (`iters=`,
// `page=`), each linked to the timeline at its iteration.
import type { Db } from "@/db/client";
import { listIterations } from "@/db/iterations";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import {
  iterationTimelineViews,
  pageIterationRows,
  parseIterationRange,
  parsePageParam,
} from "@/lib/charts/iteration-page";
import { hasSeries, prepareDetectorMarks, prepareIterationSeries } from "@/lib/charts/iteration-series";
import { prepareIterationStrip } from "@/lib/charts/iteration-strip";
import { hasLoggedReadings, prepareIterationRows } from "@/lib/charts/iteration-table";
import { parseTimeUs } from "@/lib/time";
import { withTimelineParams } from "@/lib/timeline/url-state";
import { IterationsTab } from "@/components/run/iterations-tab";

type Props = {
  db: Db;
  run: { run_id: string; started_at: string | null };
  report: AnalysisReport;
  query: Record<string, string | undefined>;
  /** Comments anchored to each iteration (lib/comments/threads.ts countByIteration). */
  commentCounts?: ReadonlyMap<number, number>;
};

export async function IterationsPanel({ db, run, report, query, commentCounts }: Props) {
  const iterations = await listIterations(db, run.run_id);
  const points = prepareIterationSeries(iterations, report.stagnation.iterations, report.token_budget.iterations);
  const rows = prepareIterationRows(iterations, report.stagnation.iterations, report.token_budget.iterations);
  const page = pageIterationRows(rows, parseIterationRange(query.iters), parsePageParam(query.page));
  const views = iterationTimelineViews(iterations, run.started_at ? parseTimeUs(run.started_at) : null);
  const base = `/runs/${encodeURIComponent(run.run_id)}`;
  const links: Record<number, string> = {};
  for (const r of page.rows) {
    const view = views.get(r.n);
    if (view) links[r.n] = base + withTimelineParams("tab=timeline", view, null);
  }
  return (
    <IterationsTab
      runId={run.run_id}
      points={points}
      marks={prepareDetectorMarks(report.stagnation.detections)}
      strip={prepareIterationStrip(points)}
      page={page}
      all={rows.length}
      links={links}
      withLogged={hasLoggedReadings(rows)}
      commentCounts={Object.fromEntries(commentCounts ?? [])}
      has={{ score: hasSeries(points, "score"), tokens: hasSeries(points, "tokens"), fill: hasSeries(points, "fill") }}
      clearAtPct={report.settings.context_fill_pct}
    />
  );
}
