"use client";
// The waterfall: virtualised label rows (@tanstack/react-virtual — only the
// rows on screen exist in the DOM) over one canvas that paints the visible
// bars each frame (draw-waterfall.ts). Drag pans, ctrl/⌘+wheel zooms at the
// cursor, shift+wheel pans, a plain wheel scrolls the rows; a click selects.
import { useEffect, useLayoutEffect, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { formatDuration } from "@/lib/format";
import { CONTAINER_COLOR, toolColor } from "@/lib/timeline/colors";
import { msOfX, panView, zoomView, type ViewRange } from "@/lib/timeline/layout";
import { spanStatus } from "@/lib/timeline/status";
import { drawWaterfall, type WaterfallFrame } from "./draw-waterfall";
import { LABEL_W, ROW_H, WHEEL_ZOOM_PER_100PX } from "./constants";
import { useCanvas } from "./use-canvas";
import css from "./timeline.module.css";

export type WaterfallProps = Omit<WaterfallFrame, "width" | "height" | "scrollTop"> & {
  width: number;
  bounds: ViewRange;
  revealRow: { index: number; seq: number } | null;
  onWidth: (px: number) => void;
  onView: (v: ViewRange) => void;
  onSelectRow: (row: number) => void;
  onToggle: (spanId: string) => void;
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
  });
  const { canvasRef, height, schedule } = useCanvas(scrollRef, (ctx, h) => {
    const q = latest.current;
    drawWaterfall(ctx, { ...q, width: q.width, height: h, scrollTop: scrollRef.current?.scrollTop ?? 0 });
    if (q.rows.length > 0 && h > 0 && performance.getEntriesByName("timeline-first-paint").length === 0) {
      performance.mark("timeline-first-paint");
    }
  });
  useLayoutEffect(schedule);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => latest.current.onWidth(Math.max(50, el.clientWidth - LABEL_W));
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    const onWheel = (e: WheelEvent) => {
      const q = latest.current;
      const x = e.clientX - el.getBoundingClientRect().left - LABEL_W;
      if (x < 0) return;
      const span = q.view.endMs - q.view.startMs;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        q.onView(zoomView(q.view, Math.pow(WHEEL_ZOOM_PER_100PX, e.deltaY / 100), msOfX(x, q.view, q.width), q.bounds));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const d = e.shiftKey && e.deltaX === 0 ? e.deltaY : e.deltaX;
        q.onView(panView(q.view, (d / q.width) * span, q.bounds));
      }
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      ro.disconnect();
      el.removeEventListener("wheel", onWheel);
    };
  }, []);

  useEffect(() => {
    if (p.revealRow && p.revealRow.index >= 0) virt.scrollToIndex(p.revealRow.index, { align: "auto" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.revealRow?.seq, p.revealRow?.index]);

  const onPointerDown = (e: React.PointerEvent) => {
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
    if (x < LABEL_W || e.button !== 0) return;
    drag.current = { x: e.clientX, view: p.view, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) > 3) d.moved = true;
    if (d.moved) p.onView(panView(d.view, (-dx / p.width) * (d.view.endMs - d.view.startMs), p.bounds));
  };
  const onPointerUp = (e: React.PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) {
      const y = e.clientY - e.currentTarget.getBoundingClientRect().top + e.currentTarget.scrollTop;
      const row = Math.floor(y / ROW_H);
      if (row >= 0 && row < p.rows.length) p.onSelectRow(row);
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
          {virt.getVirtualItems().map((v) => (
            <WaterfallLabel key={v.key} {...p} row={v.index} top={v.start} />
          ))}
        </div>
      </div>
      <canvas ref={canvasRef} className={css.canvas} style={{ width: p.width, height }} />
    </div>
  );
}

function WaterfallLabel(p: WaterfallProps & { row: number; top: number }) {
  const row = p.rows[p.row];
  if (!row) return null;
  const s = p.store;
  const first = row.kind === "span" ? row.span : row.spans[0]!;
  const name = s.names[s.name[first]!]!;
  const status = row.kind === "span" ? spanStatus(s, row.span, p.shortCircuit) : row.failures > 0 ? "failed" : "ok";
  const cls = [
    css.row,
    row.kind === "span" && row.span === p.selectedSpan ? css.selected : "",
    row.kind === "span" && row.context ? css.context : "",
  ].join(" ");
  return (
    <div
      className={cls}
      style={{ top: p.top }}
      data-testid="timeline-row"
      data-span-id={s.ids[first]}
      data-status={status}
      data-repeat={row.kind === "repeat" ? row.spans.length : undefined}
      onClick={(e) => {
        if (e.clientX - e.currentTarget.getBoundingClientRect().left < LABEL_W) p.onSelectRow(p.row);
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
        <span className={css.name} title={name}>
          {name}
        </span>
        {row.kind === "repeat" ? (
          <span
            className={`${css.dur} ${css.repeat}`}
            title={`min ${formatDuration(row.minMs)} · median ${formatDuration(row.medianMs)} · max ${formatDuration(row.maxMs)}`}
          >
            ×{row.spans.length}
            {row.failures ? ` (${row.failures}✕)` : ""} · {formatDuration(row.medianMs)}
          </span>
        ) : (
          <span className={css.dur}>{formatDuration(s.t1[row.span]! - s.t0[row.span]!)}</span>
        )}
      </div>
    </div>
  );
}
