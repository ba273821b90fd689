"use client";
// The strip chart over every iteration (docs/dashboard.md#iterations): score,
// context fill and tokens as three thin small multiples sharing one x axis,
// with the iterations the table shows shaded. Click a place to show a page of
// rows around that iteration; drag across it to show the iterations dragged
// over. The URL carries the choice (`iters=`), so the server renders the rows.
// Paths come prepared from lib/charts/iteration-strip; this only scales them.
import { useRouter } from "next/navigation";
import { useRef, useState, type PointerEvent } from "react";
import { formatIterationRange, type IterationRange } from "@/lib/charts/iteration-page";
import { formatStripValue, rangeFromStrip, type IterationStrip } from "@/lib/charts/iteration-strip";
import { CHART_COLORS } from "./chart-theme";
import { runTabHref } from "./run-tabs";

const COLORS = { score: CHART_COLORS.accent, fill: CHART_COLORS.warn, tokens: CHART_COLORS.window } as const;
const ROW_PX = 30;

type Props = { runId: string; strip: IterationStrip; shown: IterationRange };

export function IterationStripChart({ runId, strip, shown }: Props) {
  const router = useRouter();
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<[number, number] | null>(null);
  const count = strip.ns.length;
  const fraction = (e: PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    return Math.min(1, Math.max(0, (e.clientX - r.left) / Math.max(1, r.width)));
  };
  const finish = (e: PointerEvent) => {
    if (!drag) return;
    const range = rangeFromStrip(strip.ns, drag[0], fraction(e));
    setDrag(null);
    go(range);
  };
  const go = (range: IterationRange | null) => {
    if (range) router.push(runTabHref(runId, "iterations", { iters: formatIterationRange(range) }), { scroll: false });
  };
  // Arrow keys move the shown range by its own width.
  const step = (dir: 1 | -1) => {
    const width = shown.to - shown.from + 1;
    const [first, last] = [strip.ns[0]!, strip.ns[count - 1]!];
    const from = Math.min(Math.max(first, shown.from + dir * width), Math.max(first, last - width + 1));
    go({ from, to: Math.min(last, from + width - 1) });
  };
  const shownFrom = Math.max(
    0,
    strip.ns.findIndex((n) => n >= shown.from),
  );
  const after = strip.ns.findIndex((n) => n > shown.to);
  const shownTo = after === -1 ? count : after;
  const sel = drag ? [Math.min(...drag) * count, Math.max(...drag) * count] : null;
  return (
    <div className="iteration-strip" data-testid="iteration-strip">
      <div className="iteration-strip-labels" aria-hidden="true">
        {strip.series.map((s) => (
          <div
            key={s.key}
            style={{ height: ROW_PX }}
            title={`${s.label}: ${formatStripValue(s.key, s.min)} – ${formatStripValue(s.key, s.max)}`}
          >
            <span style={{ color: COLORS[s.key] }}>{s.label}</span>
            <span className="muted"> ≤ {formatStripValue(s.key, s.max)}</span>
          </div>
        ))}
      </div>
      <div
        ref={box}
        className="iteration-strip-plot"
        role="slider"
        tabIndex={0}
        aria-label="Iterations shown in the table: click or drag to choose"
        aria-valuemin={strip.ns[0]}
        aria-valuemax={strip.ns[count - 1]}
        aria-valuenow={shown.from}
        aria-valuetext={`iterations ${shown.from} to ${shown.to}`}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const f = fraction(e);
          setDrag([f, f]);
        }}
        onPointerMove={(e) => drag && setDrag([drag[0], fraction(e)])}
        onPointerUp={finish}
        onPointerCancel={() => setDrag(null)}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
            e.preventDefault();
            step(e.key === "ArrowRight" ? 1 : -1);
          }
        }}
      >
        <svg
          viewBox={`0 0 ${count} ${strip.series.length}`}
          preserveAspectRatio="none"
          width="100%"
          height={ROW_PX * 3}
        >
          <rect x={shownFrom} width={shownTo - shownFrom} y={0} height={3} fill="rgba(90,169,255,0.16)" />
          {strip.series.map((s, i) => (
            <g key={s.key} transform={`translate(0 ${i + 0.1}) scale(1 0.8)`}>
              <line x1={0} x2={count} y1={1.1} y2={1.1} stroke={CHART_COLORS.grid} vectorEffect="non-scaling-stroke" />
              {s.path && (
                <path
                  d={s.path}
                  fill="none"
                  stroke={COLORS[s.key]}
                  strokeWidth={1.5}
                  vectorEffect="non-scaling-stroke"
                  data-testid={`strip-${s.key}`}
                />
              )}
            </g>
          ))}
          {sel && (
            <rect x={sel[0]!} width={Math.max(0.3, sel[1]! - sel[0]!)} y={0} height={3} fill="rgba(210,168,255,0.3)" />
          )}
        </svg>
        <div className="iteration-strip-axis muted" aria-hidden="true">
          <span>{strip.ns[0]}</span>
          <span>{strip.ns[count - 1]}</span>
        </div>
      </div>
    </div>
  );
}
