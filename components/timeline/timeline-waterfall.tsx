"use client";
// The waterfall: virtualised label rows (@tanstack/react-virtual — only the
// rows on screen exist in the DOM) over one canvas that paints the visible
// bars each frame (draw-waterfall.ts). Drag pans, ctrl/⌘+wheel zooms at the
// cursor, shift+wheel pans, a plain wheel scrolls the rows; a click selects.
// The rows follow the time window: when a zoom or pan leaves the rows on
// screen without a bar in the window, they scroll to the first row that has one.
// Until the canvas first paints, each label row carries its bar as an element
// of its own: the server renders the first rows so (the run page reads the
// first span page), and they show before the app's scripts have run. A row
// shows what its call did (time, ok or failed, a wait for a person); what the
// replayed breakers say about it is on the lanes and in the span panel.
// A turn row (timeline-turn-row.tsx) stands for no span: a click on it zooms
// the view to its turn instead of selecting.
import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { formatDuration } from "@/lib/format";
import { CONTAINER_COLOR, toolColor } from "@/lib/timeline/colors";
import { isBlockedStart } from "@/lib/timeline/lanes";
import { layoutBar, msOfX, panViewByPx, zoomView, type ViewRange } from "@/lib/timeline/layout";
import { rowAtMoment, rowExtent, rowsMeetWindow, type TimelineRow } from "@/lib/timeline/rows";
import { spanStatus, type SpanStatus } from "@/lib/timeline/status";
import { turnView } from "@/lib/timeline/turns";
import type { SpanStore } from "@/lib/timeline/store";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import { barColor, drawWaterfall, type WaterfallFrame } from "./draw-waterfall";
import { ROW_H, SCROLL_H, WHEEL_ZOOM_PER_100PX } from "./constants";
import { TimelineTurnRow } from "./timeline-turn-row";
import { useCanvas } from "./use-canvas";
import css from "./timeline.module.css";

export type WaterfallProps = Omit<WaterfallFrame, "width" | "height" | "scrollTop"> & {
  width: number;
  /** The label column's width in px (labelColumnPx). */
  labelW: number;
  bounds: ViewRange;
  revealRow: { index: number; seq: number; align: "start" | "auto" } | null;
  /** Labels of the iteration parent rows ("iteration 11 · score −3 · task t-2"), by span index. */
  rowLabels: ReadonlyMap<number, string>;
  /** The rows' whole width, labels included. */
  onWidth: (px: number) => void;
  onView: (v: ViewRange) => void;
  onSelectRow: (row: number) => void;
  /** Folds or unfolds a span's children (by span id) or a turn's spans (by its turnKey). */
  onToggle: (key: string) => void;
  onKey: (e: React.KeyboardEvent) => void;
};

export function TimelineWaterfall(p: WaterfallProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const latest = useRef(p);
  latest.current = p;
  const drag = useRef<{ x: number; view: ViewRange; moved: boolean } | null>(null);
  // TanStack Virtual returns unmemoisable functions, so React Compiler skips this component; it is written by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virt = useVirtualizer({
    count: p.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 12,
    // Before the scroll box is measured (on the server, at hydration): its CSS height.
    initialRect: { width: 0, height: SCROLL_H },
  });
  const [painted, setPainted] = useState(false);
  const { canvasRef, height, schedule } = useCanvas(scrollRef, (ctx, h) => {
    const q = latest.current;
    drawWaterfall(ctx, { ...q, width: q.width, height: h, scrollTop: scrollRef.current?.scrollTop ?? 0 });
    if (q.rows.length > 0 && h > 0) {
      setPainted(true);
      if (performance.getEntriesByName("timeline-first-paint").length === 0) performance.mark("timeline-first-paint");
    }
  });
  useLayoutEffect(schedule);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => latest.current.onWidth(el.clientWidth);
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    const onWheel = (e: WheelEvent) => {
      const q = latest.current;
      const x = e.clientX - el.getBoundingClientRect().left - q.labelW;
      if (x < 0) return;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const factor = Math.pow(WHEEL_ZOOM_PER_100PX, e.deltaY / 100);
        q.onView(zoomView(q.view, factor, msOfX(x, q.view, q.width, q.axis), q.bounds, q.axis));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const d = e.shiftKey && e.deltaX === 0 ? e.deltaY : e.deltaX;
        q.onView(panViewByPx(q.view, d, q.width, q.bounds, q.axis));
      }
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      ro.disconnect();
      el.removeEventListener("wheel", onWheel);
    };
  }, []);

  useEffect(() => {
    if (p.revealRow && p.revealRow.index >= 0) virt.scrollToIndex(p.revealRow.index, { align: p.revealRow.align });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.revealRow?.seq, p.revealRow?.index]);

  // The rows follow the time window (not on the first paint: a link's reveal decides that one).
  useEffect(() => {
    const el = scrollRef.current;
    const q = latest.current;
    if (!el || q.rows.length === 0 || el.clientHeight === 0) return;
    const from = Math.floor(el.scrollTop / ROW_H);
    const to = from + Math.ceil(el.clientHeight / ROW_H) - 1;
    if (rowsMeetWindow(q.rows, q.store, from, to, q.view)) return;
    const r = rowAtMoment(q.rows, q.store, (q.view.startMs + q.view.endMs) / 2, q.view);
    if (r >= 0) el.scrollTop = r * ROW_H;
  }, [p.view]);

  /** A click on a row: a span or fold is selected, a turn is zoomed to. */
  const pick = (r: number) => {
    const row = latest.current.rows[r];
    if (row?.kind === "turn") latest.current.onView(turnView(row.t0, row.t1, latest.current.bounds));
    else if (row) latest.current.onSelectRow(r);
  };

  const onPointerDown = (e: React.PointerEvent) => {
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
    if (x < p.labelW || e.button !== 0) return;
    drag.current = { x: e.clientX, view: p.view, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) > 3) d.moved = true;
    if (d.moved) p.onView(panViewByPx(d.view, -dx, p.width, p.bounds, p.axis));
  };
  const onPointerUp = (e: React.PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) {
      const y = e.clientY - e.currentTarget.getBoundingClientRect().top + e.currentTarget.scrollTop;
      const row = Math.floor(y / ROW_H);
      if (row >= 0 && row < p.rows.length) pick(row);
    }
  };

  return (
    <div className={css.body}>
      <div
        ref={scrollRef}
        className={css.scroll}
        tabIndex={0}
        data-testid="timeline-scroll"
        onScroll={schedule}
        onKeyDown={p.onKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        <div style={{ height: virt.getTotalSize(), position: "relative" }}>
          {virt.getVirtualItems().map((v) => {
            const row = p.rows[v.index];
            if (row?.kind === "turn")
              return (
                <TimelineTurnRow
                  key={v.key}
                  row={row}
                  index={v.index}
                  top={v.start}
                  labelW={p.labelW}
                  axis={p.axis}
                  barView={painted ? null : p.view}
                  onSelectRow={pick}
                  onToggle={p.onToggle}
                />
              );
            return (
              <WaterfallLabel
                key={v.key}
                index={v.index}
                row={row}
                top={v.start}
                selected={row?.kind === "span" && row.span === p.selectedSpan}
                store={p.store}
                shortCircuit={p.shortCircuit}
                toolOpen={p.toolOpen}
                waitNames={p.waitNames}
                axis={p.axis}
                focusMs={p.focusMs}
                rowLabels={p.rowLabels}
                labelW={p.labelW}
                barView={painted ? null : p.view}
                onSelectRow={pick}
                onToggle={p.onToggle}
              />
            );
          })}
        </div>
      </div>
      <canvas ref={canvasRef} className={css.canvas} style={{ width: p.width, height }} />
    </div>
  );
}

type LabelProps = Pick<
  WaterfallProps,
  | "store"
  | "shortCircuit"
  | "toolOpen"
  | "waitNames"
  | "axis"
  | "focusMs"
  | "rowLabels"
  | "labelW"
  | "onSelectRow"
  | "onToggle"
> & {
  index: number;
  row: Exclude<TimelineRow, { kind: "turn" }> | undefined;
  top: number;
  selected: boolean;
  /** The view window while the canvas has not painted yet: the row then draws its own bar. */
  barView: ViewRange | null;
};

/** One row's label. Memoised: a pan or zoom changes the view, never a label, so it re-renders none of them. */
const WaterfallLabel = memo(function WaterfallLabel(p: LabelProps) {
  const row = p.row;
  if (!row) return null;
  const s = p.store;
  const first = row.kind === "span" ? row.span : row.spans[0]!;
  const name = s.names[s.name[first]!]!;
  const status = row.kind === "span" ? spanStatus(s, row.span, p.shortCircuit) : row.failures > 0 ? "failed" : "ok";
  const [t0, t1] = rowExtent(row, s);
  const focus = p.focusMs !== null && t0 <= p.focusMs && p.focusMs <= t1;
  // The replay's verdict stays off the row's face: a data attribute for tests, the mark on its lane.
  const replayBlocked = row.kind === "span" && isBlockedStart(p.toolOpen.get(s.name[first]!), s.t0[first]!);
  const wait = p.waitNames.has(s.name[first]!);
  const label = row.kind === "span" ? (p.rowLabels.get(row.span) ?? name) : name;
  const cls = [
    css.row,
    p.selected ? css.selected : "",
    row.kind === "span" && row.context ? css.context : "",
    focus ? css.focus : "",
  ].join(" ");
  return (
    <div
      className={cls}
      style={{ top: p.top }}
      data-testid="timeline-row"
      data-span-id={s.ids[first]}
      data-status={status}
      data-repeat={row.kind === "repeat" ? row.spans.length : undefined}
      data-depth={row.depth}
      data-t0={t0}
      data-t1={t1}
      data-focus={focus ? "1" : undefined}
      data-replay-blocked={replayBlocked ? "1" : undefined}
      data-wait={wait ? "1" : undefined}
      onClick={(e) => {
        if (e.clientX - e.currentTarget.getBoundingClientRect().left < p.labelW) p.onSelectRow(p.index);
      }}
    >
      <div className={css.label} style={{ paddingLeft: 4 + row.depth * 12 }} onPointerDown={(e) => e.stopPropagation()}>
        {row.kind === "span" && row.hasChildren ? (
          <button
            className={css.toggle}
            aria-label={row.collapsed ? "expand" : "collapse"}
            onClick={(e) => {
              e.stopPropagation();
              p.onToggle(s.ids[row.span]!);
            }}
          >
            {row.collapsed ? "▸" : "▾"}
          </button>
        ) : (
          <span className={css.toggle} />
        )}
        <span
          className={css.swatch}
          style={{ background: s.kinds[s.kind[first]!] === "agent" ? CONTAINER_COLOR : toolColor(name) }}
        />
        {status === "failed" && (
          <span className={css.fail} title="failed">
            ✕
          </span>
        )}
        {status === "short_circuit" && (
          <span className={css.short} title="short-circuited by the harness">
            ⊘
          </span>
        )}
        <span
          className={css.name}
          title={wait ? `${label} — waiting for a person` : label}
          {...(p.barView && p.index === 0 ? FIRST_ROW_TIMING : {})}
        >
          {label}
        </span>
        {wait && p.labelW >= 200 /* a narrow column keeps the name; the hatched bar tells the wait */ && (
          <span className={css.waitTag} title="waiting for a person: this call's time is theirs, not the agent's work">
            wait
          </span>
        )}
        {row.kind === "repeat" ? (
          <span
            className={`${css.dur} ${css.repeat}`}
            title={`min ${formatDuration(row.minMs)} · median ${formatDuration(row.medianMs)} · max ${formatDuration(row.maxMs)}`}
          >
            ×{row.spans.length}
            {row.failures ? ` (${row.failures}✕)` : ""} · {formatDuration(row.medianMs)}
          </span>
        ) : p.labelW < 200 && p.rowLabels.has(row.span) ? null /* a narrow column keeps the iteration's own words */ : (
          <span className={css.dur}>{formatDuration(s.t1[row.span]! - s.t0[row.span]!)}</span>
        )}
      </div>
      {p.barView && row.kind === "span" && (
        <StaticBar store={s} span={row.span} status={status} view={p.barView} axis={p.axis} wait={wait} />
      )}
    </div>
  );
});

/** A bar's fill as the canvas draws it: solid for work, stripes in an outline for a wait for a person. */
const waitOrWork = (color: string, wait: boolean): React.CSSProperties =>
  wait
    ? {
        background: `repeating-linear-gradient(135deg, ${color} 0 1.5px, transparent 1.5px 4px)`,
        boxShadow: `inset 0 0 0 1px ${color}`,
      }
    : { background: color };

/** Element Timing (not in React's types): npm run bench -- ui reads when the first row was painted. */
const FIRST_ROW_TIMING = { elementtiming: "timeline-rows" };

/** A span's bar as the canvas draws it (draw-waterfall.ts), placed in % of the bar area's width. */
function StaticBar({
  store,
  span,
  status,
  view,
  axis,
  wait,
}: {
  store: SpanStore;
  span: number;
  status: SpanStatus;
  view: ViewRange;
  axis: TimeAxis;
  wait: boolean;
}) {
  const bar = layoutBar(store.t0[span]!, store.t1[span]!, view, 100, 0, axis);
  if (!bar) return null;
  const style = {
    "--bar-x": Math.max(0, bar.x) / 100,
    "--bar-w": Math.min(bar.w, 100 - Math.max(0, bar.x)) / 100,
    ...waitOrWork(barColor(store, span, status), wait),
  } as React.CSSProperties;
  return (
    <span
      className={css.staticBar}
      style={style}
      data-testid="timeline-static-bar"
      data-status={status}
      data-wait={wait ? "1" : undefined}
      aria-hidden
    />
  );
}
