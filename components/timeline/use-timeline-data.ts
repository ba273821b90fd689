// Loads a run's timeline page by page: the small first page (read with the
// run page, else fetched first — preloaded by the server component) paints at
// once (it also brings the run's iterations and events), later pages append
// while the user is already looking. Stops on unmount; a failed page keeps
// what arrived.
import { useEffect, useState } from "react";
import { appendPage, emptyStore, type SpanStore } from "@/lib/timeline/store";
import { timelinePageUrl, type TimelinePage, type TimelineRunInfo } from "@/lib/timeline/wire";

export type TimelineData = {
  store: SpanStore;
  run: TimelineRunInfo | null;
  done: boolean;
  error: string | null;
};

/** The data once `page` is in (the first page also sets the run's info). */
function withPage(d: Pick<TimelineData, "store" | "run">, page: TimelinePage): TimelineData {
  return {
    store: appendPage(d.store, page.spans),
    run: page.run ?? d.run,
    done: page.next_cursor === null,
    error: null,
  };
}

/**
 * `firstPage`, when the server read it, is the first state: the server renders
 * its rows and hydration finds the same. Only the first one given counts (the
 * component is keyed by run and data version).
 */
export function useTimelineData(runId: string, firstPage: TimelinePage | null): TimelineData {
  const [start] = useState(() => {
    const none = { store: emptyStore(), run: null };
    return firstPage
      ? { data: withPage(none, firstPage), cursor: firstPage.next_cursor }
      : { data: { ...none, done: false, error: null }, cursor: null };
  });
  const [data, setData] = useState<TimelineData>(start.data);
  useEffect(() => {
    if (start.data.done) return; // the first page was the only one
    const ac = new AbortController();
    (async () => {
      let cursor = start.cursor;
      let { store, run } = start.data;
      do {
        const res = await fetch(timelinePageUrl(runId, cursor), { signal: ac.signal });
        if (!res.ok) throw new Error(`timeline page: HTTP ${res.status}`);
        const page = (await res.json()) as TimelinePage;
        const next = withPage({ store, run }, page);
        ({ store, run } = next);
        cursor = page.next_cursor;
        setData(next);
      } while (cursor && !ac.signal.aborted);
    })().catch((err: unknown) => {
      if (ac.signal.aborted) return;
      setData((d) => ({ ...d, done: true, error: err instanceof Error ? err.message : String(err) }));
    });
    return () => ac.abort();
  }, [runId, start]);
  return data;
}
