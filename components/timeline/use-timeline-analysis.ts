// The analysis as the timeline takes it: a promise from the server (the page
// streams it after the spans have started), held as state — the lanes, halt
// lines and the span panel's breaker states are empty while it is pending,
// and a failure leaves them empty with its reason. A new promise (the page
// re-read for new data) keeps the last inputs until it settles.
import { useEffect, useState } from "react";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { NO_LANE_INPUTS, type LaneInputs } from "@/lib/timeline/lanes";
import { NO_BREAKER_INPUTS, pickWaitTools, type BreakerInputs, type TimelineAnalysis } from "@/lib/timeline/overlays";

export type TimelineAnalysisState = {
  status: "pending" | "ready" | "failed";
  breakers: BreakerInputs;
  lanes: LaneInputs;
  /** The tools whose calls wait for a person; the default ones until the report says. */
  waits: string[];
  error: string | null;
};

const PENDING: TimelineAnalysisState = {
  status: "pending",
  breakers: NO_BREAKER_INPUTS,
  lanes: NO_LANE_INPUTS,
  waits: pickWaitTools(DEFAULT_SETTINGS),
  error: null,
};

export function useTimelineAnalysis(analysis: Promise<TimelineAnalysis>): TimelineAnalysisState {
  const [state, setState] = useState(PENDING);
  useEffect(() => {
    let live = true;
    const fail = (error: string) => live && setState({ ...PENDING, status: "failed", error });
    analysis.then(
      (a) => {
        if ("error" in a) return fail(a.error);
        // For npm run bench -- ui: when a fresh run's lanes could first be drawn.
        if (performance.getEntriesByName("timeline-analysis-ready").length === 0)
          performance.mark("timeline-analysis-ready");
        if (live) setState({ status: "ready", ...a, error: null });
      },
      () => fail("the analysis did not arrive"),
    );
    return () => {
      live = false;
    };
  }, [analysis]);
  return state;
}
