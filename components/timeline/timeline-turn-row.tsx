// A turn row's label (lib/timeline/rows.ts TurnRow): "turn 3 · <prompt>" or
// "step 3 · <command>", a fold toggle like a parent span's, how many spans it
// holds and how many failed. It stands for no span: a click zooms the view to
// the turn (the waterfall decides), it never opens the span panel. Until the
// canvas first paints it carries its band as an element of its own.
import { memo } from "react";
import { formatDuration } from "@/lib/format";
import { CONTAINER_COLOR } from "@/lib/timeline/colors";
import { layoutBar, type ViewRange } from "@/lib/timeline/layout";
import { plural } from "@/lib/plural";
import type { TurnRow } from "@/lib/timeline/rows";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import css from "./timeline.module.css";

type Props = {
  row: TurnRow;
  index: number;
  top: number;
  labelW: number;
  axis: TimeAxis;
  barView: ViewRange | null;
  onSelectRow: (row: number) => void;
  onToggle: (key: string) => void;
};

export const TimelineTurnRow = memo(function TimelineTurnRow(p: Props) {
  const { row } = p;
  const counts = `${plural(row.spanCount, "span")}${row.failures ? `, ${row.failures} failed` : ""}`;
  return (
    <div
      className={css.row}
      style={{ top: p.top }}
      data-testid="timeline-turn"
      data-turn={row.n}
      data-depth={row.depth}
      data-collapsed={row.collapsed ? "1" : undefined}
      data-status={row.failures > 0 ? "failed" : "ok"}
      data-t0={row.t0}
      data-t1={row.t1}
      onClick={(e) => {
        if (e.clientX - e.currentTarget.getBoundingClientRect().left < p.labelW) p.onSelectRow(p.index);
      }}
    >
      <div className={css.label} style={{ paddingLeft: 4 + row.depth * 12 }} onPointerDown={(e) => e.stopPropagation()}>
        <button
          className={css.toggle}
          aria-label={`${row.collapsed ? "expand" : "collapse"} ${row.noun} ${row.n}`}
          aria-expanded={!row.collapsed}
          onClick={(e) => {
            e.stopPropagation();
            p.onToggle(row.key);
          }}
        >
          {row.collapsed ? "▸" : "▾"}
        </button>
        <span className={css.swatch} style={{ background: CONTAINER_COLOR }} />
        {row.failures > 0 && (
          <span className={css.fail} title={`${row.failures} failed`}>
            ✕
          </span>
        )}
        <span className={css.name} style={{ fontWeight: 600 }} title={row.label} data-testid="timeline-turn-label">
          {row.label}
        </span>
        {p.labelW >= 200 /* a narrow column keeps the turn's own words */ && (
          <span className={css.dur} title={`${counts} · ${formatDuration(row.t1 - row.t0)}`}>
            {plural(row.spanCount, "span")}
          </span>
        )}
      </div>
      {p.barView && <TurnBand t0={row.t0} t1={row.t1} view={p.barView} axis={p.axis} />}
    </div>
  );
});

/** The turn's band as the canvas draws it (draw-waterfall.ts), in % of the bar area's width. */
function TurnBand({ t0, t1, view, axis }: { t0: number; t1: number; view: ViewRange; axis: TimeAxis }) {
  const bar = layoutBar(t0, t1, view, 100, 0, axis);
  if (!bar) return null;
  const style = {
    "--bar-x": Math.max(0, bar.x) / 100,
    "--bar-w": Math.min(bar.w, 100 - Math.max(0, bar.x)) / 100,
    background: "rgba(107, 118, 134, 0.28)",
    boxShadow: `inset 0 2px 0 ${CONTAINER_COLOR}`,
  } as React.CSSProperties;
  return <span className={css.staticBar} style={style} aria-hidden />;
}
