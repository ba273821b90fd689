// The run page's timeline tab (server component): reads `view`, `span`,
// `at` and the filters (`tool`, `failures`, `q`) from the page's search
// params, picks the breaker parts of the analysis the lanes, halt lines and
// span panel need (a few KB, not the whole report), and renders the client
// timeline with the first span page the page read (its first rows are then
// in the HTML, painted before the app's scripts have run) and the run's
// comments; the timeline fetches the later pages itself. Without a first
// page it fetches that one too, hinted to the browser to preload. `folds=0`
// and `idle=` set the idle folds (lib/timeline/idle-folds.ts). The
// analysis is handed on as a promise: the spans are drawn without waiting
// for it, and the lanes and halt lines join when it arrives. `conv=1` opens
// the conversation pane beside the waterfall (docs/dashboard.md#conversation).
import { preload } from "react-dom";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { CommentOut } from "@/lib/schemas/comments";
import { pickLaneInputs } from "@/lib/timeline/lanes";
import { parseFoldParams } from "@/lib/timeline/idle-folds";
import { pickBreakerInputs, pickWaitTools, type TimelineAnalysis } from "@/lib/timeline/overlays";
import { parseConversationParam, parseFilterParams, parseMomentParam, parseViewParam } from "@/lib/timeline/url-state";
import { timelinePageUrl, type TimelinePage } from "@/lib/timeline/wire";
import { TimelineView } from "./timeline-view";

export type TimelineTabProps = {
  runId: string;
  /** The first span page (TIMELINE_FIRST_PAGE spans), read with the page; null to fetch it in the browser. */
  firstPage: TimelinePage | null;
  /** The run's analysis, or why there is none; the timeline does not wait for it. */
  analysis: Promise<{ report: AnalysisReport } | { error: string }>;
  /** The page's search params: `view=<startMs>-<endMs>` (ms from run start), `span=<span_id>`, `at=<ms>`, filters. */
  searchParams: Record<string, string | undefined>;
  /** The run's comments: anchored threads become markers, a span's thread shows in its panel. */
  comments: CommentOut[];
  mentionNames: readonly string[];
};

export function TimelineTab({ runId, firstPage, analysis, searchParams, comments, mentionNames }: TimelineTabProps) {
  // Without a first page, the browser starts fetching it with the HTML, not after hydration.
  if (!firstPage) preload(timelinePageUrl(runId, null), { as: "fetch", crossOrigin: "anonymous" });
  const view = parseViewParam(searchParams.view);
  return (
    <TimelineView
      key={runId}
      runId={runId}
      firstPage={firstPage}
      analysis={analysis.then((a): TimelineAnalysis =>
        "error" in a
          ? a
          : {
              breakers: pickBreakerInputs(a.report),
              lanes: pickLaneInputs(a.report),
              waits: pickWaitTools(a.report.settings),
            },
      )}
      initialView={view}
      initialSpan={searchParams.span?.trim() || null}
      initialAt={parseMomentParam(searchParams.at, view)}
      initialFilter={parseFilterParams(searchParams)}
      initialFolds={parseFoldParams(searchParams)}
      initialConversation={parseConversationParam(searchParams)}
      comments={comments}
      mentionNames={mentionNames}
    />
  );
}
