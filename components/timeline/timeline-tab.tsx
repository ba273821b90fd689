// The run page's timeline tab (server component): reads `view` and `span`
// from the page's search params, picks the breaker parts of the analysis the
// overlays need (a few KB, not the whole report), hints the browser to
// preload the first span page, and renders the client timeline, which
// fetches the spans itself page by page.
import { preload } from "react-dom";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { pickBreakerInputs } from "@/lib/timeline/overlays";
import { parseViewParam } from "@/lib/timeline/url-state";
import { timelinePageUrl } from "@/lib/timeline/wire";
import { TimelineView } from "./timeline-view";

export type TimelineTabProps = {
  runId: string;
  report: AnalysisReport;
  /** The page's search params: `view=<startMs>-<endMs>` (ms from run start) and `span=<span_id>` live here. */
  searchParams: Record<string, string | undefined>;
};

export async function TimelineTab({ runId, report, searchParams }: TimelineTabProps) {
  // The browser starts fetching the first span page with the HTML, not after hydration.
  preload(timelinePageUrl(runId, null), { as: "fetch", crossOrigin: "anonymous" });
  return (
    <TimelineView
      key={runId}
      runId={runId}
      breakers={pickBreakerInputs(report)}
      initialView={parseViewParam(searchParams.view)}
      initialSpan={searchParams.span?.trim() || null}
    />
  );
}
