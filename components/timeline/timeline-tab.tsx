// Placeholder with the agreed signature; the timeline issue replaces it.
import type { AnalysisReport } from "@/lib/analysis/analyze";

export type TimelineTabProps = {
  runId: string;
  report: AnalysisReport;
  /** The page's search params: `view=<startMs>-<endMs>` (ms from run start) and `span=<span_id>` live here. */
  searchParams: Record<string, string | undefined>;
};

export async function TimelineTab({ runId }: TimelineTabProps) {
  return <div className="card" data-testid="timeline-placeholder">Timeline of {runId} is not built yet.</div>;
}
