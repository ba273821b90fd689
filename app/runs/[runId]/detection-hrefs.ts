// The link of each iteration the stagnation detections name, for the
// overview's risk card: the timeline zoomed to the iteration's time span
// (docs/dashboard.md#links-to-the-timeline) with the conversation pane open
// on the turn it fired on (docs/dashboard.md#conversation).
import type { Db } from "@/db/client";
import { listIterations } from "@/db/iterations";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { iterationTimelineViews } from "@/lib/charts/iteration-page";
import type { RunDetail } from "@/lib/schemas/api";
import { parseTimeUs } from "@/lib/time";
import { turnAnchor } from "@/lib/conversation/anchors";
import { conversationPaneHref, withTimelineParams } from "@/lib/timeline/url-state";

export async function detectionHrefs(db: Db, run: RunDetail, report: AnalysisReport): Promise<Record<number, string>> {
  const wanted = new Set(report.stagnation.detections.map((d) => d.at_iteration));
  if (wanted.size === 0) return {};
  const iterations = await listIterations(db, run.run_id);
  const views = iterationTimelineViews(iterations, run.started_at ? parseTimeUs(run.started_at) : null);
  const out: Record<number, string> = {};
  for (const n of wanted) {
    const view = views.get(n) ?? null; // an iteration with no time: the whole run, the pane on its turn
    out[n] = conversationPaneHref(run.run_id, withTimelineParams("tab=timeline", view, null), turnAnchor(n));
  }
  return out;
}
