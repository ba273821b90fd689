// The compare page's iteration axis (docs/dashboard.md#compare): both runs'
// breaker lanes and score / context fill / tokens strips on one shared axis
// of iteration numbers, with a line where each run's loop breaker would have
// halted. Render only: everything comes prepared from
// lib/compare/compare-timeline.ts; widths are percentages of the axis, so it
// fits any width without scrolling sideways.
import { CHART_COLORS } from "@/components/run/chart-theme";
import type { IterationLane } from "@/lib/compare/compare-lanes";
import type { CompareTimeline, CompareTimelineSide } from "@/lib/compare/compare-timeline";
import { axisCells, axisTicks, cellLeftPct, cellSpanPct, type IterationAxis } from "@/lib/compare/iteration-axis";
import { formatStripValue } from "@/lib/charts/iteration-strip";
import { HALT_COLOR, LANE_COLOR } from "@/lib/timeline/colors";
import type { LaneState } from "@/lib/timeline/lanes";
import css from "./compare.module.css";

const SERIES_COLOR = { score: CHART_COLORS.accent, fill: CHART_COLORS.warn, tokens: CHART_COLORS.window } as const;
const LEGEND: LaneState[] = ["CLOSED", "WARNING", "HALF_OPEN", "OPEN"];
const MAX_TICKS = 8;

type Props = { timeline: CompareTimeline; names: { a: string; b: string } };

export function CompareTimelineView({ timeline, names }: Props) {
  const { axis } = timeline;
  const scale = (v: number | null, key: string) => formatStripValue(key, v);
  return (
    <section className={`card ${css.timeline}`} data-testid="compare-timeline">
      <h2>By iteration</h2>
      <div className={`${css.legend} muted`}>
        {LEGEND.map((s) => (
          <span key={s}>
            <span className={css.swatch} style={{ background: LANE_COLOR[s] }} />
            {s}
          </span>
        ))}
        <span>
          <span className={css.swatch} style={{ background: HALT_COLOR, width: 2 }} />
          replay: would have halted here
        </span>
        {timeline.scales.map((s) => (
          <span key={s.key} style={{ color: SERIES_COLOR[s.key] }}>
            {s.label} {scale(s.min, s.key)} – {scale(s.max, s.key)}
          </span>
        ))}
      </div>
      <div className={`${css.row} ${css.axis}`} aria-hidden="true">
        <div className={css.label}>iteration</div>
        <div className={css.plot}>
          {axisTicks(axis, MAX_TICKS).map((t) => (
            <span key={t.n} className={css.tick} style={{ left: `${t.pct}%` }}>
              {t.n}
            </span>
          ))}
        </div>
      </div>
      <CompareSide side="a" name={names.a} data={timeline.a} axis={axis} />
      <CompareSide side="b" name={names.b} data={timeline.b} axis={axis} />
    </section>
  );
}

type SideProps = { side: "a" | "b"; name: string; data: CompareTimelineSide; axis: IterationAxis };

function CompareSide({ side, name, data, axis }: SideProps) {
  const verdict = data.halt
    ? `would have halted at iteration ${data.halt.iteration} (${data.halt.reason})`
    : "the loop breaker never opens";
  return (
    <div className={css.side} data-testid={`compare-lanes-${side}`} data-last={data.span?.[1]}>
      <div className={css.sideHead}>
        <strong>Run {side.toUpperCase()}</strong> {name} <span className="muted">· {verdict}</span>
      </div>
      {data.span === null && <p className="muted">No iterations logged.</p>}
      <div className={css.plotBlock}>
        {data.lanes.map((l) => (
          <CompareLane key={l.id} lane={l} axis={axis} />
        ))}
        {data.series.map((s) => (
          <div key={s.key} className={`${css.row} ${css.series}`}>
            <div className={css.label} style={{ color: SERIES_COLOR[s.key] }}>
              {s.label}
            </div>
            <div className={css.plot}>
              <svg
                viewBox={`0 0 ${axisCells(axis)} 1`}
                preserveAspectRatio="none"
                role="img"
                aria-label={`${s.label}, run ${side}`}
              >
                {s.path && (
                  <path
                    d={s.path}
                    fill="none"
                    stroke={SERIES_COLOR[s.key]}
                    strokeWidth={1.5}
                    vectorEffect="non-scaling-stroke"
                  />
                )}
              </svg>
            </div>
          </div>
        ))}
        {data.halt && (
          <div className={css.overlay}>
            <div
              className={css.halt}
              data-testid={`compare-halt-${side}`}
              data-iteration={data.halt.iteration}
              title={`replay: run ${side.toUpperCase()} would have halted here: iteration ${data.halt.iteration} (${data.halt.reason})`}
              style={{ left: `${cellLeftPct(axis, data.halt.iteration)}%`, background: HALT_COLOR }}
            />
          </div>
        )}
      </div>
    </div>
  );
}

function CompareLane({ lane, axis }: { lane: IterationLane; axis: IterationAxis }) {
  return (
    <div className={`${css.row} ${css.lane}`} data-testid="compare-lane" data-lane={lane.id} data-kind={lane.kind}>
      <div className={css.label} title={lane.label}>
        {lane.label}
      </div>
      <div className={css.plot}>
        {lane.segments.map((s) => {
          const { left, width } = cellSpanPct(axis, s.fromN, s.toN);
          const at = s.fromN === s.toN ? `iteration ${s.fromN}` : `iterations ${s.fromN}–${s.toN}`;
          return (
            <div
              key={s.fromN}
              className={css.seg}
              data-state={s.state}
              data-from={s.fromN}
              data-to={s.toN}
              title={`${lane.label}: ${s.state} at ${at}`}
              style={{ left: `${left}%`, width: `${width}%`, background: LANE_COLOR[s.state] }}
            />
          );
        })}
        {lane.marks.map((m) => (
          <div
            key={m.n}
            className={css.mark}
            title={`${lane.label} → ${m.label} at iteration ${m.n}${m.count > 1 ? ` (+${m.count - 1} more)` : ""}`}
            style={{ left: `${cellLeftPct(axis, m.n)}%` }}
          />
        ))}
      </div>
    </div>
  );
}
