// The iterations tab's data step: the stored iterations (for tokens and the
// table) joined with the report's scores, tiers and detections.
import type { Db } from "@/db/client";
import { listIterations } from "@/db/iterations";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { hasSeries, prepareDetectorMarks, prepareIterationSeries } from "@/lib/charts/iteration-series";
import { prepareIterationRows } from "@/lib/charts/iteration-table";
import { IterationsTab } from "@/components/run/iterations-tab";

export async function IterationsPanel({ db, runId, report }: { db: Db; runId: string; report: AnalysisReport }) {
  const iterations = await listIterations(db, runId);
  const points = prepareIterationSeries(iterations, report.stagnation.iterations, report.token_budget.iterations);
  return (
    <IterationsTab
      points={points}
      marks={prepareDetectorMarks(report.stagnation.detections)}
      rows={prepareIterationRows(iterations, report.stagnation.iterations)}
      has={{ score: hasSeries(points, "score"), tokens: hasSeries(points, "tokens"), fill: hasSeries(points, "fill") }}
      clearAtPct={report.settings.context_fill_pct}
    />
  );
}
