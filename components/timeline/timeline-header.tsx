"use client";
// Above the waterfall: the time axis (ticks from lib/timeline/ticks.ts; drag
// across it to zoom to a range, wheel over it to zoom) and the lane with
// every iteration number that fits (lib/timeline/iterations.ts) and the
// event markers. Only what is inside the view is rendered: markers are found
// by binary search and thinned to one per pixel and category. Each folded
// idle stretch is a break on the axis ("4h 12m idle"): a click opens it. All
// of it is placed on the view's time axis (lib/timeline/time-axis.ts). The
// breaker lanes follow below it (timeline-lanes.tsx).
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatDuration } from "@/lib/format";
import { EVENT_COLOR } from "@/lib/timeline/colors";
import { msOfX, viewFromSelection, visiblePoints, xOfMs, zoomView, type ViewRange } from "@/lib/timeline/layout";
import { fitIterationLabels } from "@/lib/timeline/iterations";
import type { EventMarker, IterationBand } from "@/lib/timeline/overlays";
import { chooseTicks } from "@/lib/timeline/ticks";
import { foldedMsIn, foldsIn, type IdleFold, type TimeAxis } from "@/lib/timeline/time-axis";
import { drawBackdrop, drawFolds } from "./draw-waterfall";
import { LANE_H, WHEEL_ZOOM_PER_100PX } from "./constants";
import css from "./timeline.module.css";

export type HeaderProps = {
  view: ViewRange;
  bounds: ViewRange;
  width: number;
  axis: TimeAxis;
  bands: readonly IterationBand[];
  markers: readonly EventMarker[];
  markerTimes: Float64Array;
  label: string;
  onView: (v: ViewRange) => void;
  onOpenFold: (f: IdleFold) => void;
};

const MAX_MARKERS = 600;

export function TimelineHeader(p: HeaderProps) {
  const [sel, setSel] = useState<{ a: number; b: number } | null>(null);
  const axisRef = useRef<HTMLDivElement>(null);
  const ticks = useMemo(() => chooseTicks(p.view, p.width, 80, p.axis), [p.view, p.width, p.axis]);
  const folds = useMemo(() => foldsIn(p.axis, p.view.startMs, p.view.endMs), [p.axis, p.view]);
  const folded = foldedMsIn(p.axis, p.view.startMs, p.view.endMs);
  const xIn = (e: React.PointerEvent | React.WheelEvent) =>
    e.clientX - (axisRef.current?.getBoundingClientRect().left ?? 0);
  const visibleMarkers = useMemo(() => {
    const [from, to] = visiblePoints(p.markerTimes, p.view);
    const seen = new Set<string>();
    const out: { m: EventMarker; x: number }[] = [];
    for (let k = from; k < to && out.length < MAX_MARKERS; k++) {
      const m = p.markers[k]!;
      const x = Math.round(xOfMs(m.ts_ms, p.view, p.width, p.axis));
      const key = `${x}:${m.category}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ m, x });
    }
    return out;
  }, [p.markers, p.markerTimes, p.view, p.width, p.axis]);
  const labelled = useMemo(
    () => fitIterationLabels(p.bands, p.view, p.width, 4, p.axis),
    [p.bands, p.view, p.width, p.axis],
  );

  return (
    <div className={css.header}>
      <div className={css.headerLabel}>
        {p.label}
        <div>
          {formatDuration(p.view.endMs - p.view.startMs)} shown
          {folded > 0 && ` · ${formatDuration(folded)} folded`}
        </div>
      </div>
      <div className={css.headerBars} style={{ width: p.width, flex: `0 0 ${p.width}px` }}>
        <div
          ref={axisRef}
          className={css.axis}
          data-testid="timeline-axis"
          title="drag to zoom to a range; wheel to zoom"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            setSel({ a: xIn(e), b: xIn(e) });
          }}
          onPointerMove={(e) => sel && setSel({ a: sel.a, b: xIn(e) })}
          onPointerUp={() => {
            if (sel && Math.abs(sel.b - sel.a) > 4)
              p.onView(viewFromSelection(sel.a, sel.b, p.view, p.width, p.bounds, p.axis));
            setSel(null);
          }}
          onWheel={(e) =>
            p.onView(
              zoomView(
                p.view,
                Math.pow(WHEEL_ZOOM_PER_100PX, e.deltaY / 100),
                msOfX(xIn(e), p.view, p.width, p.axis),
                p.bounds,
                p.axis,
              ),
            )
          }
        >
          {ticks.map((t) => (
            <div key={t.ms} className={css.tick} style={{ left: t.x }} data-ms={t.ms}>
              {t.label}
            </div>
          ))}
          {folds.map((f) => {
            const x0 = Math.max(0, xOfMs(f.startMs, p.view, p.width, p.axis));
            const x1 = Math.min(p.width, xOfMs(f.endMs, p.view, p.width, p.axis));
            return (
              <button
                key={f.startMs}
                type="button"
                className={css.fold}
                data-testid="idle-fold"
                data-start-ms={f.startMs}
                data-end-ms={f.endMs}
                style={{ left: x0, width: Math.max(8, x1 - x0) }}
                title={`${f.label} — click to show it unfolded`}
                aria-label={`${f.label}: show it unfolded`}
                onPointerDown={(e) => e.stopPropagation()}
                onClick={() => p.onOpenFold(f)}
              >
                <span>{f.length}</span>
                <span>{f.waiting ? "waiting" : "idle"}</span>
              </button>
            );
          })}
          {sel && (
            <div className={css.selection} style={{ left: Math.min(sel.a, sel.b), width: Math.abs(sel.b - sel.a) }} />
          )}
        </div>
        <div className={css.lane} data-testid="timeline-events">
          <LaneBackdrop {...p} />
          {labelled.map((b) => (
            <div key={b.n} className={css.bandLabel} data-testid="axis-iteration" style={{ left: b.x }}>
              {b.text}
            </div>
          ))}
          {visibleMarkers.map(({ m, x }, k) => (
            <div
              key={k}
              className={css.marker}
              data-testid="event-marker"
              data-kind={m.kind}
              style={{ left: x, background: EVENT_COLOR[m.category] }}
              title={`${m.kind}${m.tool ? ` · ${m.tool}` : ""}${m.status != null ? ` · ${m.status}` : ""}${m.detail ? ` — ${m.detail}` : ""} at ${formatDuration(m.ts_ms)}`}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Iteration bands and idle breaks behind the lane, drawn like the waterfall's, after each render. */
function LaneBackdrop(p: HeaderProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(p.width * dpr);
    el.height = Math.round(LANE_H * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBackdrop(ctx, { ...p, height: LANE_H });
    drawFolds(ctx, { ...p, height: LANE_H });
  });
  return <canvas ref={ref} className={css.laneCanvas} style={{ width: p.width, height: LANE_H }} />;
}
