// The run page's timeline tab (server component): reads `view`, `span`,
// `at` and the filters (`tool`, `failures`, `q`) from the page's search
// params, picks the breaker parts of the analysis the lanes, halt lines and
// span panel need (a few KB, not the whole report), hints the browser to
// preload the first span page, and renders the client timeline, which
// fetches the spans itself page by page, with the run's comments. The
// analysis is handed on as a promise: the spans are drawn without waiting
// for it, and the lanes and halt lines join when it arrives.
import { preload } from "react-dom";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { CommentOut } from "@/lib/schemas/comments";
import { pickLaneInputs } from "@/lib/timeline/lanes";
import { pickBreakerInputs, type TimelineAnalysis } from "@/lib/timeline/overlays";
import { parseFilterParams, parseMomentParam, parseViewParam } from "@/lib/timeline/url-state";
import { timelinePageUrl } from "@/lib/timeline/wire";
import { TimelineView } from "./timeline-view";

export type TimelineTabProps = {
  runId: string;
  /** The run's analysis, or why there is none; the timeline does not wait for it. */
  analysis: Promise<{ report: AnalysisReport } | { error: string }>;
  /** The page's search params: `view=<startMs>-<endMs>` (ms from run start), `span=<span_id>`, `at=<ms>`, filters. */
  searchParams: Record<string, string | undefined>;
  /** The run's comments: anchored threads become markers, a span's thread shows in its panel. */
  comments: CommentOut[];
  mentionNames: readonly string[];
};

export function TimelineTab({ runId, analysis, searchParams, comments, mentionNames }: TimelineTabProps) {
  // The browser starts fetching the first span page with the HTML, not after hydration.
  preload(timelinePageUrl(runId, null), { as: "fetch", crossOrigin: "anonymous" });
  const view = parseViewParam(searchParams.view);
  return (
    <TimelineView
      key={runId}
      runId={runId}
      analysis={analysis.then((a): TimelineAnalysis =>
        "error" in a ? a : { breakers: pickBreakerInputs(a.report), lanes: pickLaneInputs(a.report) },
      )}
      initialView={view}
      initialSpan={searchParams.span?.trim() || null}
      initialAt={parseMomentParam(searchParams.at, view)}
      initialFilter={parseFilterParams(searchParams)}
      comments={comments}
      mentionNames={mentionNames}
    />
  );
}
