// The parts of the run page that need the analysis, each rendered once the
// report arrives, inside the page's Suspense boundaries: the page's header,
// tabs and timeline reach the browser first, and the timeline starts on its
// spans while a fresh run is still being analysed (docs/benchmarks.md#ui).
// An analysis that fails says why in its place; the rest of the page stays.
import type { Db } from "@/db/client";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { BreakerLogEntry } from "@/lib/charts/breaker-log";
import { ApiError } from "@/lib/errors";
import type { CommentOut } from "@/lib/schemas/comments";
import type { RunDetail } from "@/lib/schemas/api";
import { countByIteration } from "@/lib/comments/threads";
import { ContextCard } from "@/components/run/context-card";
import { RunOverview } from "@/components/run/run-overview";
import { RunTabs, type RunTab } from "@/components/run/run-tabs";
import { BreakersPanel } from "./breakers-panel";
import { detectionHrefs } from "./detection-hrefs";
import { IterationsPanel } from "./iterations-panel";
import { ToolsPanel } from "./tools-panel";

/** The report and the breaker log the tabs count and list, or why there is none. */
export type RunAnalysis = { report: AnalysisReport; breakerLog: BreakerLogEntry[] } | { error: string };

/** What the page shows instead of an analysis that failed: the reason an ApiError gives, never internals (those are logged). */
export function analysisFailure(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  console.error("loopscope: the run page's analysis failed:", err);
  return "the analysis failed; the server's log has the details";
}

export function AnalysisPending({ what }: { what: string }) {
  return (
    <p className="muted analysis-pending" role="status" data-testid="analysis-pending">
      Analysing the run… {what} follow as soon as the analysis is done.
    </p>
  );
}

function AnalysisFailed({ error }: { error: string }) {
  return (
    <p className="error-text" role="alert" data-testid="analysis-failed">
      No analysis: {error}
    </p>
  );
}

export async function RunOverviewSection({
  db,
  run,
  analysis,
}: {
  db: Db;
  run: RunDetail;
  analysis: Promise<RunAnalysis>;
}) {
  const a = await analysis;
  if ("error" in a) return <AnalysisFailed error={a.error} />;
  return <RunOverview run={run} report={a.report} iterationHrefs={await detectionHrefs(db, run, a.report)} />;
}

export async function RunTabsSection({
  run,
  active,
  analysis,
}: {
  run: RunDetail;
  active: RunTab;
  analysis: Promise<RunAnalysis>;
}) {
  const a = await analysis;
  const counts = "error" in a ? {} : { tools: a.report.tools.length, breakers: a.breakerLog.length };
  return <RunTabs runId={run.run_id} active={active} counts={{ ...counts, iterations: run.counts.iterations }} />;
}

type TabProps = {
  db: Db;
  run: RunDetail;
  tab: Exclude<RunTab, "timeline">;
  analysis: Promise<RunAnalysis>;
  query: Record<string, string | undefined>;
  comments: CommentOut[];
};

/** Every tab but the timeline (which takes the analysis as it comes: components/timeline/timeline-tab.tsx). */
export async function RunTabSection({ db, run, tab, analysis, query, comments }: TabProps) {
  const a = await analysis;
  if ("error" in a) return <AnalysisFailed error={a.error} />;
  const { report, breakerLog } = a;
  switch (tab) {
    case "tools":
      return <ToolsPanel db={db} runId={run.run_id} report={report} sort={query.sort} order={query.order} />;
    case "iterations":
      return (
        <IterationsPanel db={db} run={run} report={report} query={query} commentCounts={countByIteration(comments)} />
      );
    case "breakers":
      return <BreakersPanel runId={run.run_id} report={report} log={breakerLog} query={query} />;
    case "context":
      return <ContextCard ctx={report.context_clear} />;
  }
}
