// Loads a run's timeline page by page: the small first page (preloaded by
// the server component) paints at once (it also
// brings the run's iterations and events), later pages append while the user
// is already looking. Stops on unmount; a failed page keeps what arrived.
import { useEffect, useState } from "react";
import { appendPage, emptyStore, type SpanStore } from "@/lib/timeline/store";
import { timelinePageUrl, type TimelinePage, type TimelineRunInfo } from "@/lib/timeline/wire";

export type TimelineData = {
  store: SpanStore;
  run: TimelineRunInfo | null;
  done: boolean;
  error: string | null;
};

export function useTimelineData(runId: string): TimelineData {
  const [data, setData] = useState<TimelineData>({ store: emptyStore(), run: null, done: false, error: null });
  useEffect(() => {
    const ac = new AbortController();
    (async () => {
      let cursor: string | null = null;
      let store = emptyStore();
      let run: TimelineRunInfo | null = null;
      do {
        const res = await fetch(timelinePageUrl(runId, cursor), { signal: ac.signal });
        if (!res.ok) throw new Error(`timeline page: HTTP ${res.status}`);
        const page = (await res.json()) as TimelinePage;
        store = appendPage(store, page.spans);
        run = page.run ?? run;
        cursor = page.next_cursor;
        setData({ store, run, done: cursor === null, error: null });
      } while (cursor && !ac.signal.aborted);
    })().catch((err: unknown) => {
      if (ac.signal.aborted) return;
      setData((d) => ({ ...d, done: true, error: err instanceof Error ? err.message : String(err) }));
    });
    return () => ac.abort();
  }, [runId]);
  return data;
}
