// The tools tab's data step: the p95 durations from SQL joined with the
// report's tool rows, sorted by the URL's ?sort=&order=, then rendered.
import type { Db } from "@/db/client";
import { getToolP95 } from "@/db/tool-stats";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { parseToolSort, prepareToolTable, prepareToolTotals } from "@/lib/charts/tool-table";
import { countBottlenecks } from "@/lib/charts/bottlenecks";
import { prepareModelCosts } from "@/lib/charts/model-costs";
import { ToolsTab } from "@/components/run/tools-tab";

type Props = { db: Db; runId: string; report: AnalysisReport; sort: string | undefined; order: string | undefined };

export async function ToolsPanel({ db, runId, report, sort: rawSort, order: rawOrder }: Props) {
  const { sort, order } = parseToolSort(rawSort, rawOrder);
  const p95 = await getToolP95(db, runId);
  return (
    <ToolsTab
      runId={runId}
      rows={prepareToolTable(report, p95, sort, order)}
      totals={prepareToolTotals(report)}
      bottlenecks={countBottlenecks(report.bottlenecks)}
      models={prepareModelCosts(report)}
      sort={sort}
      order={order}
    />
  );
}
