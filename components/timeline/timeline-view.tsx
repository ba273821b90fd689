"use client";
// The timeline's client root: loads the spans page by page, keeps the view
// window, selection, filters and folds, derives rows through the pure
// preparers of lib/timeline (memoised on data and filters, never per frame)
// and hands prepared arrays to the minimap, header, breaker lanes, halt
// lines, waterfall and panel — with one time axis (use-time-axis.ts: idle
// stretches folded) that all of them place their times by. A link's target
// (view=, span=, at=) is applied by useLinkTarget; the view, span, filters
// and folds go back into the URL.
import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { plural } from "@/lib/plural";
import { isFiltering, keepWithAncestors, matchSpans, type TimelineFilter } from "@/lib/timeline/filter";
import type { FoldParams } from "@/lib/timeline/idle-folds";
import { clampView, labelColumnPx, msOfX, zoomView, type ViewRange } from "@/lib/timeline/layout";
import type { TimelineAnalysis } from "@/lib/timeline/overlays";
import type { TimelinePage } from "@/lib/timeline/wire";
import { flattenRows, rowIndexOfSpan } from "@/lib/timeline/rows";
import { describeTimelineLoad, shortCircuitTable, spanStatus } from "@/lib/timeline/status";
import { buildTree } from "@/lib/timeline/tree";
import { turnGroupingOf } from "@/lib/timeline/turns";
import { MINIMAP_H, ZOOM_STEP } from "./constants";
import type { CommentOut } from "@/lib/schemas/comments";
import { TimelineCommentLane } from "./timeline-comment-lane";
import { TimelineThreadPanel } from "./timeline-thread-panel";
import { HALT_LABEL_PX, TimelineHaltLines } from "./timeline-halt-lines";
import { TimelineHeader } from "./timeline-header";
import { TimelineLanes } from "./timeline-lanes";
import { TimelineMinimap } from "./timeline-minimap";
import { TimelineSpanPanel } from "./timeline-span-panel";
import { TimelineToolbar } from "./timeline-toolbar";
import { TimelineWaterfall } from "./timeline-waterfall";
import { useLinkTarget, type LinkTarget, type Reveal } from "./use-link-target";
import { useTimelineAnalysis } from "./use-timeline-analysis";
import { useTimelineData } from "./use-timeline-data";
import { useTimelineComments } from "./use-timeline-comments";
import { useTimelineOverlays } from "./use-timeline-overlays";
import { useTimeAxis } from "./use-time-axis";
import { useRowSelection } from "./use-row-selection";
import { useUrlSync } from "./use-url-sync";
import { useConversationSync } from "./use-conversation-sync";
import { TimelineConversationPane } from "./timeline-conversation-pane";
import css from "./timeline.module.css";

export type TimelineViewProps = {
  runId: string;
  /** The first span page, read with the page (its rows are server-rendered); null to fetch it. */
  firstPage: TimelinePage | null;
  /** The breaker inputs from the analysis: the spans are drawn before it arrives (use-timeline-analysis.ts). */
  analysis: Promise<TimelineAnalysis>;
  initialView: ViewRange | null;
  initialSpan: string | null;
  /** The moment a link points at (at=, else the middle of view=), highlighted. */
  initialAt: number | null;
  initialFilter: TimelineFilter;
  /** Whether idle stretches are folded, and past how long (folds=, idle=). */
  initialFolds: FoldParams;
  /** The conversation pane beside the waterfall is open (conv=1). */
  initialConversation: boolean;
  comments: CommentOut[];
  mentionNames: readonly string[];
};

export function TimelineView(props: TimelineViewProps) {
  const { runId, initialView, initialSpan, initialAt, initialFilter, initialFolds, mentionNames } = props;
  const { store, run, done, error } = useTimelineData(runId, props.firstPage);
  // "complete" only once hydrated: server-rendered rows are not yet rows one can click.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { status: analysisStatus, breakers, lanes, waits, error: analysisError } = useTimelineAnalysis(props.analysis);
  const [view, setView] = useState<ViewRange | null>(initialView);
  const [selectedId, setSelectedId] = useState<string | null>(initialSpan);
  const [focusAt, setFocusAt] = useState<number | null>(initialAt);
  const [rowsW, setRowsW] = useState(1100);
  // Until the rows' width is measured (server-rendered, hydrating) the axis is hidden: it is laid out in px.
  const [measured, setMeasured] = useState(false);
  const labelW = labelColumnPx(rowsW);
  const width = Math.max(50, rowsW - labelW);
  const [filter, setFilter] = useState<TimelineFilter>(initialFilter);
  const [collapseRepeats, setCollapseRepeats] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [foldParams, setFoldParams] = useState<FoldParams>(initialFolds);
  /** The folds opened by a click on their break, by start ms. */
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());

  const endMs = Math.max(run?.end_ms ?? 0, store.maxT1, initialView?.endMs ?? 0, 1);
  const bounds = useMemo(() => ({ startMs: 0, endMs }), [endMs]);
  const shown = useMemo(() => clampView(view ?? bounds, bounds), [view, bounds]);
  const tl = useTimeAxis(store, run, waits, { endMs, done, widthPx: width, params: foldParams, opened });
  const axis = tl.axis;
  const tree = useMemo(() => buildTree(store), [store]);
  const shortCircuit = useMemo(() => shortCircuitTable(store.errors), [store]);
  const o = useTimelineOverlays(store, tree, run, lanes, endMs, filter.search);
  const c = useTimelineComments(props.comments, store, o.bands, o.startUs, selectedId);
  const keep = useMemo(() => {
    const m = matchSpans(store, filter, o.searchHits);
    return m && keepWithAncestors(tree, m);
  }, [store, tree, filter, o.searchHits]);
  // Roots grouped under a row per turn, unless agent iteration spans (labelled rows) already group them.
  const turns = useMemo(() => turnGroupingOf(run, o.rowLabels.size), [run, o.rowLabels]);
  const rows = useMemo(
    () => flattenRows(store, tree, { collapsed, keep, collapseRepeats, turns }),
    [store, tree, collapsed, keep, collapseRepeats, turns],
  );
  const tools = useMemo(() => [...store.names].sort(), [store.names]);

  const target = useMemo<LinkTarget>(
    () => ({ view: initialView, span: initialSpan, at: initialAt }),
    [initialView, initialSpan, initialAt],
  );
  const applyTarget = useCallback((t: LinkTarget) => {
    setView(t.view);
    setSelectedId(t.span);
    setFocusAt(t.at);
  }, []);
  const { selected, selectedRow, selectRow, toggle, onKey } = useRowSelection(store, rows, selectedId, {
    setSelectedId,
    setCollapsed,
    setReveal,
  });
  useLinkTarget(target, applyTarget, { rows, store, selectedRow, done }, setReveal);
  const conv = useConversationSync({
    runId,
    initialOpen: props.initialConversation,
    store,
    rows,
    selectedId,
    startUs: o.startUs,
    view: shown,
    bounds,
    setView,
    setSelectedId,
    setReveal,
  });
  const atShown = focusAt !== null && view !== null && initialView !== null && sameView(view, initialView);
  useUrlSync(view && clampView(view, bounds), selectedId, run !== null, filter, atShown, foldParams, conv.open);

  const zoom = (kind: "in" | "out" | "reset") => {
    if (kind === "reset") return setView(null);
    const mid = msOfX(width / 2, shown, width, axis);
    setView(zoomView(shown, kind === "in" ? 1 / ZOOM_STEP : ZOOM_STEP, mid, bounds, axis));
  };
  const setFolding = (fold: boolean) => {
    setFoldParams((p) => ({ ...p, fold }));
    setOpened(new Set());
  };

  // The minimap, header and waterfall show one view window and move it together, on one time axis.
  const pane = { view: shown, bounds, width, axis, onView: setView };
  const frameStyle = { "--label-w": `${labelW}px` } as React.CSSProperties;
  const status = describeTimelineLoad({
    error,
    total: run ? run.span_count : null,
    loaded: store.count,
    done,
    rows: rows.length,
    filtered: isFiltering(filter),
  });

  return (
    <div
      className={css.root}
      data-testid="timeline"
      data-loaded={done && hydrated ? "complete" : "partial"}
      data-analysis={analysisStatus}
      data-span-count={store.count}
    >
      <div className={css.main}>
        <TimelineToolbar
          tools={tools}
          filter={filter}
          collapseRepeats={collapseRepeats}
          foldCount={tl.folds.length}
          folding={foldParams.fold}
          status={status}
          onFilter={setFilter}
          onCollapseRepeats={setCollapseRepeats}
          onFolding={setFolding}
          onZoom={zoom}
        />
        <div className={css.frame} style={frameStyle} data-measured={measured}>
          <TimelineMinimap {...pane} store={store} halts={o.halts} width={rowsW} />
          {o.halts.length > 0 && (
            <div className={css.haltStrip} style={{ height: o.halts.length * HALT_LABEL_PX + 4 }} />
          )}
          <TimelineHeader
            {...pane}
            bands={o.bands}
            markers={o.markers}
            markerTimes={o.markerTimes}
            label={plural(rows.length, "row")}
            onOpenFold={(f) => setOpened((s) => new Set(s).add(f.startMs))}
          />
          <TimelineLanes
            lanes={o.laneList}
            blocked={o.blocked}
            store={store}
            view={shown}
            width={width}
            axis={axis}
            onSelectSpan={(i) => {
              setSelectedId(store.ids[i]!);
              const r = rowIndexOfSpan(rows, i);
              if (r >= 0) setReveal((v) => ({ index: r, seq: (v?.seq ?? 0) + 1, align: "auto" }));
            }}
            pending={analysisStatus === "pending"}
            error={analysisError}
          />
          <TimelineCommentLane
            marks={c.marks}
            view={shown}
            width={width}
            axis={axis}
            openId={c.openId}
            onOpen={(m) => {
              if (m.spanId !== null) {
                c.setOpenId(null);
                setSelectedId(m.spanId);
              } else {
                setSelectedId(null);
                c.setOpenId(m.commentId);
              }
            }}
          />
          {run && store.count === 0 && done ? (
            <div className={css.empty}>This run has no spans.</div>
          ) : (
            <TimelineWaterfall
              {...pane}
              store={store}
              rows={rows}
              shortCircuit={shortCircuit}
              bands={o.bands}
              toolOpen={o.toolOpen}
              waitNames={tl.waitNames}
              focusMs={focusAt}
              rowLabels={o.rowLabels}
              selectedSpan={selected}
              revealRow={reveal}
              labelW={labelW}
              onWidth={(px) => {
                setRowsW(px);
                setMeasured(true);
              }}
              onSelectRow={selectRow}
              onToggle={toggle}
              onKey={onKey}
            />
          )}
          <TimelineHaltLines
            lines={o.halts}
            focusMs={focusAt}
            view={shown}
            width={width}
            axis={axis}
            top={MINIMAP_H + 1}
            labelW={labelW}
            runId={runId}
            band={conv.focus}
            onTurn={conv.goToAnchor}
          />
        </div>
      </div>
      {selected >= 0 && (
        <TimelineSpanPanel
          runId={runId}
          store={store}
          span={selected}
          status={spanStatus(store, selected, shortCircuit)}
          breakers={breakers}
          startUs={o.startUs}
          comments={c.spanComments}
          mentionNames={mentionNames}
          onClose={() => setSelectedId(null)}
        />
      )}
      {selected < 0 && c.openComments.length > 0 && (
        <TimelineThreadPanel
          runId={runId}
          comments={c.openComments}
          mentionNames={mentionNames}
          onClose={() => c.setOpenId(null)}
        />
      )}
      <TimelineConversationPane {...conv.pane} />
    </div>
  );
}

const noSubscription = () => () => {};

const sameView = (a: ViewRange, b: ViewRange): boolean =>
  Math.abs(a.startMs - b.startMs) < 1e-3 && Math.abs(a.endMs - b.endMs) < 1e-3;
