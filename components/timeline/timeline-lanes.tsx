"use client";
// The breaker lanes between the axis and the span rows (docs/dashboard.md#breaker-lanes):
// one thin lane per breaker with any event, its states as coloured segments
// and each transition as a tick, labelled where the label fits before the
// next one (the full text is always in the tick's title). Only what lies in
// the view is rendered, thinned to about one element per pixel (placeLane).
// While the analysis is still coming (a fresh run), one row says so; a failed
// analysis says why in that row.
import { formatDuration } from "@/lib/format";
import { LANE_COLOR } from "@/lib/timeline/colors";
import { labelWidthPx } from "@/lib/timeline/iterations";
import { placeLane, type BreakerLane } from "@/lib/timeline/lanes";
import type { ViewRange } from "@/lib/timeline/layout";
import css from "./timeline.module.css";
import { TermText } from "@/components/shared/glossary-term";

type Props = {
  lanes: readonly BreakerLane[];
  view: ViewRange;
  width: number;
  /** The analysis has not arrived yet. */
  pending: boolean;
  /** Why there is no analysis, if it failed. */
  error: string | null;
};

export function TimelineLanes({ lanes, view, width, pending, error }: Props) {
  if (pending || error !== null)
    return (
      <div className={css.lanes} data-testid="breaker-lanes-note" role="status">
        <div className={css.laneRow}>
          <div className={css.laneLabel}>breakers</div>
          <div className={css.laneNote}>{pending ? "analysing the run…" : `no analysis: ${error}`}</div>
        </div>
      </div>
    );
  if (lanes.length === 0) return null;
  return (
    <div className={css.lanes} data-testid="breaker-lanes">
      {lanes.map((l) => (
        <div key={l.id} className={css.laneRow} data-testid="breaker-lane" data-lane={l.id} data-kind={l.kind}>
          <div className={css.laneLabel} title={l.label}>
            {l.label}
          </div>
          <div className={css.laneBars} style={{ width, flex: `0 0 ${width}px` }}>
            <LaneBody lane={l} view={view} width={width} />
          </div>
        </div>
      ))}
    </div>
  );
}

function LaneBody({ lane, view, width }: { lane: BreakerLane; view: ViewRange; width: number }) {
  const { segments, marks } = placeLane(lane, view, width);
  return (
    <>
      {segments.map((s, k) => (
        <div
          key={k}
          className={css.laneSeg}
          data-state={s.state}
          style={{ left: s.x, width: Math.max(1, s.w), background: LANE_COLOR[s.state] }}
          title={`${lane.label}: ${s.state} from +${formatDuration(s.startMs)} to +${formatDuration(s.endMs)}`}
        />
      ))}
      {marks.map(({ mark: m, x }, k) => {
        const room = (k + 1 < marks.length ? marks[k + 1]!.x : width) - x;
        const text = `${m.label}${m.iteration !== null ? ` · #${m.iteration}` : ""}`;
        return (
          <div
            key={`m${k}`}
            className={css.laneMark}
            data-testid="lane-mark"
            data-state={m.state}
            style={{ left: x }}
            title={`${lane.label} → ${text} at +${formatDuration(m.atMs)}`}
          >
            {room > labelWidthPx(text) && (
              <span>
                <TermText text={text} kinds={["detector"]} />
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}
