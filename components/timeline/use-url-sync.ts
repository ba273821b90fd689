// Writes the timeline's view window, selected span, filters, folds and the
// conversation pane (conv=1) into the URL with history.replaceState,
// debounced, keeping every other parameter (the
// run page's `tab`): a copied link shows a colleague exactly this moment,
// filtered the same way, and a reload restores it through the page's
// searchParams. A link's `at=` stays while its window is still the one shown.
import { useEffect } from "react";
import type { TimelineFilter } from "@/lib/timeline/filter";
import type { FoldParams } from "@/lib/timeline/idle-folds";
import type { ViewRange } from "@/lib/timeline/layout";
import { withConversationParam, withTimelineParams } from "@/lib/timeline/url-state";
import { URL_DEBOUNCE_MS } from "./constants";

export function useUrlSync(
  view: ViewRange | null,
  span: string | null,
  enabled: boolean,
  filter?: TimelineFilter,
  keepAt = false,
  folds?: FoldParams,
  conversation?: boolean,
): void {
  useEffect(() => {
    if (!enabled) return;
    const t = setTimeout(() => {
      const timeline = withTimelineParams(window.location.search, view, span, filter, keepAt, folds);
      const search = conversation === undefined ? timeline : withConversationParam(timeline, conversation);
      if (search === window.location.search) return;
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${search}${window.location.hash}`,
      );
    }, URL_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [view, span, enabled, filter, keepAt, folds, conversation]);
}
