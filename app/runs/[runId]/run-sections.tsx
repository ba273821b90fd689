// The parts of the run page that need the analysis, each rendered once the
// report arrives, inside the page's Suspense boundaries: the page's header,
// the run's figures, the tabs and the timeline reach the browser first (each
// only once: a boundary holds just what the analysis decides, so a fallback and
// its content never carry the same test ids), and the timeline starts on its
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
import { formatRunCost, RunVerdicts } from "@/components/run/run-overview";
import { RunTabCount, type RunTab } from "@/components/run/run-tabs";
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

/** The overview's verdicts, once the analysis is in; why there are none when it failed. */
export async function RunVerdictsSection({
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
  return <RunVerdicts run={run} report={a.report} iterationHrefs={await detectionHrefs(db, run, a.report)} />;
}

/** The cost figure's value: the analysis prices the calls. */
export async function RunCostSection({ run, analysis }: { run: RunDetail; analysis: Promise<RunAnalysis> }) {
  const a = await analysis;
  return "error" in a ? "—" : formatRunCost(run, a.report);
}

/** The count badge of the tools or the breakers tab, once the analysis is in; none when it failed. */
export async function RunTabCountSection({
  tab,
  analysis,
}: {
  tab: "tools" | "breakers";
  analysis: Promise<RunAnalysis>;
}) {
  const a = await analysis;
  if ("error" in a) return null;
  return <RunTabCount n={tab === "tools" ? a.report.tools.length : a.breakerLog.length} />;
}

type TabProps = {
  db: Db;
  run: RunDetail;
  tab: Exclude<RunTab, "timeline" | "conversation">;
  analysis: Promise<RunAnalysis>;
  query: Record<string, string | undefined>;
  comments: CommentOut[];
};

/**
 * Every tab but the timeline (which takes the analysis as it comes: components/timeline/timeline-tab.tsx)
 * and the conversation (which needs none: conversation-panel.tsx).
 */
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
