"use client";
// The timeline's client root: loads the spans page by page, keeps the view
// window, selection, filters and folds, derives rows through the pure
// preparers of lib/timeline (memoised on data and filters, never per frame)
// and hands prepared arrays to the minimap, header, waterfall and panel.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { formatCount } from "@/lib/format";
import { isFiltering, keepWithAncestors, matchSpans, NO_FILTER, type TimelineFilter } from "@/lib/timeline/filter";
import { clampView, zoomView, type ViewRange } from "@/lib/timeline/layout";
import {
  breakerWindows,
  eventMarkers,
  iterationBands,
  type BreakerInputs,
  type BreakerWindow,
} from "@/lib/timeline/overlays";
import { firstRowAtTime, flattenRows, rowIndexOfSpan } from "@/lib/timeline/rows";
import { shortCircuitTable, spanStatus } from "@/lib/timeline/status";
import { buildTree } from "@/lib/timeline/tree";
import { LABEL_W, ZOOM_STEP } from "./constants";
import { TimelineHeader } from "./timeline-header";
import { TimelineMinimap } from "./timeline-minimap";
import { TimelineSpanPanel } from "./timeline-span-panel";
import { TimelineToolbar } from "./timeline-toolbar";
import { TimelineWaterfall } from "./timeline-waterfall";
import { useTimelineData } from "./use-timeline-data";
import { useUrlSync } from "./use-url-sync";
import css from "./timeline.module.css";

export type TimelineViewProps = {
  runId: string;
  breakers: BreakerInputs;
  initialView: ViewRange | null;
  initialSpan: string | null;
};

export function TimelineView({ runId, breakers, initialView, initialSpan }: TimelineViewProps) {
  const { store, run, done, error } = useTimelineData(runId);
  const [view, setView] = useState<ViewRange | null>(initialView);
  const [selectedId, setSelectedId] = useState<string | null>(initialSpan);
  const [width, setWidth] = useState(800);
  const [filter, setFilter] = useState<TimelineFilter>(NO_FILTER);
  const [collapseRepeats, setCollapseRepeats] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [reveal, setReveal] = useState<{ index: number; seq: number } | null>(null);

  const endMs = Math.max(run?.end_ms ?? 0, store.maxT1, initialView?.endMs ?? 0, 1);
  const bounds = useMemo(() => ({ startMs: 0, endMs }), [endMs]);
  const shown = useMemo(() => clampView(view ?? bounds, bounds), [view, bounds]);
  const tree = useMemo(() => buildTree(store), [store]);
  const shortCircuit = useMemo(() => shortCircuitTable(store.errors), [store]);
  const keep = useMemo(() => {
    const m = matchSpans(store, filter);
    return m && keepWithAncestors(tree, m);
  }, [store, tree, filter]);
  const rows = useMemo(
    () => flattenRows(store, tree, { collapsed, keep, collapseRepeats }),
    [store, tree, collapsed, keep, collapseRepeats],
  );
  const selected = selectedId === null ? -1 : (store.indexOf.get(selectedId) ?? -1);
  const selectedRow = useMemo(() => (selected < 0 ? -1 : rowIndexOfSpan(rows, selected)), [rows, selected]);
  const tools = useMemo(() => [...store.names].sort(), [store.names]);
  const startUs = run?.start_us ?? 0;
  const bands = useMemo(() => iterationBands(run?.iterations ?? []), [run]);
  const windows = useMemo(() => (run ? breakerWindows(breakers, startUs, endMs) : []), [run, breakers, startUs, endMs]);
  const runWindows = useMemo(() => windows.filter((w) => w.source !== "tool"), [windows]);
  const toolWindows = useMemo(() => groupToolWindows(windows, store.names), [windows, store.names]);
  const markers = useMemo(() => eventMarkers(run?.events ?? []), [run]);
  const markerTimes = useMemo(() => Float64Array.from(markers, (m) => m.ts_ms), [markers]);

  useUrlSync(view && clampView(view, bounds), selectedId, run !== null);

  // A span named in the URL is scrolled into view once it has arrived; a
  // moment named without a span (view=, e.g. from the breaker log) scrolls
  // to the first row still running at the window's start.
  const revealedInitial = useRef(false);
  useEffect(() => {
    if (revealedInitial.current) return;
    const index =
      initialSpan !== null ? selectedRow : initialView ? firstRowAtTime(rows, store, initialView.startMs) : -1;
    if (index < 0) return;
    revealedInitial.current = true;
    // Once, when the span or moment named in the URL has arrived from the paged fetch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setReveal({ index, seq: 0 });
  }, [selectedRow, rows, store, initialSpan, initialView]);

  const selectRow = useCallback(
    (r: number, scroll = false) => {
      const row = rows[r];
      if (!row) return;
      setSelectedId(store.ids[row.kind === "span" ? row.span : row.spans[0]!]!);
      if (scroll) setReveal((v) => ({ index: r, seq: (v?.seq ?? 0) + 1 }));
    },
    [rows, store],
  );
  const toggle = useCallback(
    (id: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const onKey = (e: React.KeyboardEvent) => {
    const row = rows[selectedRow];
    if (e.key === "ArrowDown" || e.key === "ArrowUp")
      selectRow(Math.min(rows.length - 1, Math.max(0, selectedRow + (e.key === "ArrowDown" ? 1 : -1))), true);
    else if (
      (e.key === "ArrowLeft" || e.key === "ArrowRight") &&
      row?.kind === "span" &&
      row.hasChildren &&
      row.collapsed === (e.key === "ArrowRight")
    )
      toggle(store.ids[row.span]!);
    else if (e.key === "Escape") setSelectedId(null);
    else return;
    e.preventDefault();
  };
  const zoom = (kind: "in" | "out" | "reset") => {
    if (kind === "reset") return setView(null);
    const mid = (shown.startMs + shown.endMs) / 2;
    setView(zoomView(shown, kind === "in" ? 1 / ZOOM_STEP : ZOOM_STEP, mid, bounds));
  };

  // The minimap, header and waterfall show one view window and move it together.
  const pane = { view: shown, bounds, width, onView: setView };
  const total = run?.span_count ?? 0;
  const status = error
    ? `error: ${error}`
    : !run
      ? "loading…"
      : done
        ? `${formatCount(store.count)} spans · ${formatCount(rows.length)} rows${isFiltering(filter) ? " (filtered)" : ""}`
        : `loading ${formatCount(store.count)} / ${formatCount(total)} spans…`;

  return (
    <div
      className={css.root}
      data-testid="timeline"
      data-loaded={done ? "complete" : "partial"}
      data-span-count={store.count}
    >
      <div className={css.main}>
        <TimelineToolbar
          tools={tools}
          filter={filter}
          collapseRepeats={collapseRepeats}
          status={status}
          onFilter={setFilter}
          onCollapseRepeats={setCollapseRepeats}
          onZoom={zoom}
        />
        <div className={css.frame}>
          <TimelineMinimap {...pane} store={store} windows={windows} width={width + LABEL_W} />
          <TimelineHeader
            {...pane}
            bands={bands}
            windows={windows}
            markers={markers}
            markerTimes={markerTimes}
            label={`${formatCount(rows.length)} rows`}
          />
          {run && store.count === 0 && done ? (
            <div className={css.empty}>This run has no spans.</div>
          ) : (
            <TimelineWaterfall
              {...pane}
              store={store}
              rows={rows}
              shortCircuit={shortCircuit}
              bands={bands}
              windows={runWindows}
              toolWindows={toolWindows}
              selectedSpan={selected}
              revealRow={reveal}
              onWidth={setWidth}
              onSelectRow={selectRow}
              onToggle={toggle}
              onKey={onKey}
            />
          )}
        </div>
      </div>
      {selected >= 0 && (
        <TimelineSpanPanel
          runId={runId}
          store={store}
          span={selected}
          status={spanStatus(store, selected, shortCircuit)}
          breakers={breakers}
          startUs={startUs}
          onClose={() => setSelectedId(null)}
        />
      )}
    </div>
  );
}

/** Tool breaker windows keyed by the tool's index in the store's name table. */
function groupToolWindows(windows: readonly BreakerWindow[], names: readonly string[]): Map<number, BreakerWindow[]> {
  const byName = new Map(names.map((n, i) => [n, i] as const));
  const out = new Map<number, BreakerWindow[]>();
  for (const w of windows) {
    const i = w.tool === null ? undefined : byName.get(w.tool);
    if (i === undefined) continue;
    out.set(i, [...(out.get(i) ?? []), w]);
  }
  return out;
}
