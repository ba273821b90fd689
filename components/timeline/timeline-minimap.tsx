"use client";
// The whole run in 48 px: how many spans run at each moment (columns from
// lib/timeline/minimap.ts, recomputed when data arrives), failures as red
// ticks, the halt lines, the idle breaks, and the current view as a window you can
// drag; pressing outside the window recentres it there. It shares the
// waterfall's time axis: a folded idle stretch is a break here too.
import { useLayoutEffect, useMemo, useRef } from "react";
import { FAILURE_COLOR, HALT_COLOR, TRIP_COLOR } from "@/lib/timeline/colors";
import type { HaltLine } from "@/lib/timeline/halt-lines";
import { centerView, msOfX, panViewByPx, xOfMs, type ViewRange } from "@/lib/timeline/layout";
import { minimapColumns } from "@/lib/timeline/minimap";
import type { SpanStore } from "@/lib/timeline/store";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import { drawFolds } from "./draw-waterfall";
import { MINIMAP_H } from "./constants";
import css from "./timeline.module.css";

type Props = {
  store: SpanStore;
  bounds: ViewRange;
  view: ViewRange;
  halts: readonly HaltLine[];
  width: number;
  axis: TimeAxis;
  onView: (v: ViewRange) => void;
};

export function TimelineMinimap(p: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; view: ViewRange } | null>(null);
  const cols = useMemo(
    () => minimapColumns(p.store, p.bounds.endMs, p.width, p.axis),
    [p.store, p.bounds.endMs, p.width, p.axis],
  );
  const xOf = (ms: number) => xOfMs(ms, p.bounds, p.width, p.axis);

  useLayoutEffect(() => {
    const el = ref.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx || p.width <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(p.width * dpr);
    el.height = Math.round(MINIMAP_H * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    for (const l of p.halts) {
      ctx.fillStyle = l.kind === "loop" ? HALT_COLOR : TRIP_COLOR;
      ctx.fillRect(Math.round(xOf(l.atMs)) - 1, 0, 2, MINIMAP_H);
    }
    const scale = cols.peak > 0 ? (MINIMAP_H - 6) / Math.log1p(cols.peak) : 0;
    ctx.fillStyle = "#3d6fa8";
    for (let c = 0; c < cols.running.length; c++) {
      const h = Math.log1p(cols.running[c]!) * scale;
      if (h > 0) ctx.fillRect(c, MINIMAP_H - h, 1, h);
    }
    ctx.fillStyle = FAILURE_COLOR;
    for (let c = 0; c < cols.failures.length; c++) if (cols.failures[c]) ctx.fillRect(c, 0, 1, 4);
    drawFolds(ctx, { view: p.bounds, width: p.width, height: MINIMAP_H, axis: p.axis });
    const x0 = xOf(p.view.startMs);
    const x1 = xOf(p.view.endMs);
    ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
    ctx.fillRect(0, 0, x0, MINIMAP_H);
    ctx.fillRect(x1, 0, p.width - x1, MINIMAP_H);
    ctx.strokeStyle = "#5aa9ff";
    ctx.strokeRect(x0 + 0.5, 0.5, Math.max(2, x1 - x0) - 1, MINIMAP_H - 1);
  });

  const xIn = (e: React.PointerEvent) => e.clientX - e.currentTarget.getBoundingClientRect().left;
  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const x = xIn(e);
    const x0 = xOf(p.view.startMs);
    const x1 = xOf(p.view.endMs);
    let view = p.view;
    if (x < x0 - 2 || x > x1 + 2) {
      view = centerView(p.view, msOfX(x, p.bounds, p.width, p.axis), p.bounds, p.axis);
      p.onView(view);
    }
    drag.current = { x, view };
  };
  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    p.onView(panViewByPx(d.view, xIn(e) - d.x, p.width, p.bounds, p.axis, p.bounds));
  };
  return (
    <canvas
      ref={ref}
      className={css.minimap}
      data-testid="minimap"
      style={{ width: p.width }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={() => {
        drag.current = null;
      }}
    />
  );
}
