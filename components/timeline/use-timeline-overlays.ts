// What the timeline draws around the spans, memoised on the data: iteration
// bands and the iteration parent rows' labels, the breaker lanes, the halt
// lines, each tool's OPEN windows (by name index) and the calls each replayed
// tool breaker would have blocked (for its lane), the event markers, and the iteration spans a search matches through
// iteration errors and event details. All from the pure preparers of
// lib/timeline; nothing here runs per frame.
import { useMemo } from "react";
import { blockedCallsByLane } from "@/lib/timeline/blocked-calls";
import { searchIterationSpans } from "@/lib/timeline/filter";
import { haltLines } from "@/lib/timeline/halt-lines";
import { iterationAtEnd, iterationRowLabel, iterationSpans } from "@/lib/timeline/iterations";
import { breakerLanes, toolOpenWindows, type LaneInputs } from "@/lib/timeline/lanes";
import { eventMarkers, iterationBands } from "@/lib/timeline/overlays";
import type { SpanStore } from "@/lib/timeline/store";
import type { SpanTree } from "@/lib/timeline/tree";
import type { TimelineRunInfo } from "@/lib/timeline/wire";

export function useTimelineOverlays(
  store: SpanStore,
  tree: SpanTree,
  run: TimelineRunInfo | null,
  lanes: LaneInputs,
  endMs: number,
  search: string,
) {
  const startUs = run?.start_us ?? 0;
  const bands = useMemo(() => iterationBands(run?.iterations ?? []), [run]);
  const iterSpans = useMemo(() => iterationSpans(store, tree.roots, bands), [store, tree, bands]);
  const rowLabels = useMemo(() => {
    const score = new Map(lanes.scores.map((s) => [s.n, s.score] as const));
    const task = new Map((run?.iterations ?? []).map((it) => [it.n, it.task_id ?? null] as const));
    const out = new Map<number, string>();
    for (const [span, n] of iterSpans.nOf)
      out.set(span, iterationRowLabel({ n, score: score.get(n) ?? null, task: task.get(n) ?? null }));
    return out;
  }, [iterSpans, lanes, run]);
  const laneList = useMemo(() => (run ? breakerLanes(lanes, startUs, endMs) : []), [run, lanes, startUs, endMs]);
  const halts = useMemo(
    () =>
      run
        ? haltLines(
            lanes,
            run.iterations.map((it) => it.n),
            startUs,
            endMs,
          )
        : [],
    [run, lanes, startUs, endMs],
  );
  const toolOpen = useMemo(() => {
    const byTool = toolOpenWindows(lanes, startUs);
    const out = new Map<number, [number, number][]>();
    store.names.forEach((n, i) => {
      const w = byTool.get(n);
      if (w) out.set(i, w);
    });
    return out;
  }, [lanes, startUs, store.names]);
  const blocked = useMemo(() => blockedCallsByLane(store, toolOpen), [store, toolOpen]);
  const markers = useMemo(() => eventMarkers(run?.events ?? []), [run]);
  const markerTimes = useMemo(() => Float64Array.from(markers, (m) => m.ts_ms), [markers]);
  const searchHits = useMemo(
    () =>
      searchIterationSpans(
        search,
        { iterations: run?.iterations ?? [], events: run?.events ?? [] },
        iterSpans.spanOf,
        (ms) => iterationAtEnd(bands, ms),
      ),
    [search, run, iterSpans, bands],
  );
  return { startUs, bands, rowLabels, laneList, halts, toolOpen, blocked, markers, markerTimes, searchHits };
}
