"use client";
// The breaker lanes between the axis and the span rows (docs/dashboard.md#breaker-lanes):
// Loopscope's replay of the breakers over the log — never what the harness
// did, and a caption row says so. One thin lane per breaker with any event,
// its states as coloured segments and each transition as a tick, labelled
// where the label fits before the next one (the full text is always in the
// tick's title). A tool's lane also marks each call its replayed breaker would
// have blocked (lib/timeline/blocked-calls.ts): the call ran, its row shows
// what it did, and a click on the mark selects it. Only what lies in the view
// is rendered, thinned to about one element per pixel (placeLane,
// placeBlockedCalls), on the view's time axis. While the analysis is still
// coming (a fresh run), one row says so; a failed analysis says why in that row.
// Every lane's name is a glossary term (its breaker), and so is every
// detector, state, tier or transition its marks name (LANE_MARK_TERMS).
import { formatDuration } from "@/lib/format";
import { plural } from "@/lib/plural";
import { placeBlockedCalls, type BlockedCall } from "@/lib/timeline/blocked-calls";
import { BLOCKED_COLOR, LANE_COLOR } from "@/lib/timeline/colors";
import { REPLAY_PREFIX } from "@/lib/timeline/halt-lines";
import { labelWidthPx } from "@/lib/timeline/iterations";
import { LANE_BREAKER, LANE_MARK_TERMS, placeLane, type BreakerLane } from "@/lib/timeline/lanes";
import type { ViewRange } from "@/lib/timeline/layout";
import { spanName, type SpanStore } from "@/lib/timeline/store";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import css from "./timeline.module.css";
import { Term, TermText } from "@/components/shared/glossary-term";

type Props = {
  lanes: readonly BreakerLane[];
  /** By lane id, the calls the replayed tool breaker would have blocked. */
  blocked: ReadonlyMap<string, readonly BlockedCall[]>;
  store: SpanStore;
  view: ViewRange;
  width: number;
  axis: TimeAxis;
  /** The analysis has not arrived yet. */
  pending: boolean;
  /** Why there is no analysis, if it failed. */
  error: string | null;
  onSelectSpan: (span: number) => void;
};

export function TimelineLanes({ lanes, blocked, store, view, width, axis, pending, error, onSelectSpan }: Props) {
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
    <div className={`${css.lanes} ${css.replayLanes}`} data-testid="breaker-lanes">
      <div className={css.laneRow} data-testid="replay-caption">
        <div className={`${css.laneLabel} ${css.replayCaption}`}>replay of the breakers</div>
        <div className={`${css.laneNote} ${css.replayCaption}`}>
          what Loopscope&apos;s replay of the breakers over the log says — not what the harness did
        </div>
      </div>
      {lanes.map((l) => (
        <div key={l.id} className={css.laneRow} data-testid="breaker-lane" data-lane={l.id} data-kind={l.kind}>
          <div className={css.laneLabel} data-testid="breaker-lane-label">
            <Term kind="breaker" name={LANE_BREAKER[l.kind]} note={`${REPLAY_PREFIX}${l.label}`}>
              {l.label}
            </Term>
          </div>
          <div className={css.laneBars} style={{ width, flex: `0 0 ${width}px` }}>
            <LaneBody lane={l} view={view} width={width} axis={axis} />
            {blocked.has(l.id) && (
              <BlockedMarks
                tool={l.id.slice("tool:".length)}
                calls={blocked.get(l.id)!}
                store={store}
                view={view}
                width={width}
                axis={axis}
                onSelectSpan={onSelectSpan}
              />
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

function LaneBody({ lane, view, width, axis }: { lane: BreakerLane; view: ViewRange; width: number; axis: TimeAxis }) {
  const { segments, marks } = placeLane(lane, view, width, 2, axis);
  return (
    <>
      {segments.map((s, k) => (
        <div
          key={k}
          className={css.laneSeg}
          data-state={s.state}
          style={{ left: s.x, width: Math.max(1, s.w), background: LANE_COLOR[s.state] }}
          title={`${REPLAY_PREFIX}${lane.label}: ${s.state} from +${formatDuration(s.startMs)} to +${formatDuration(s.endMs)}`}
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
            title={`${REPLAY_PREFIX}${lane.label} → ${text} at +${formatDuration(m.atMs)}`}
          >
            {room > labelWidthPx(text) && (
              <span>
                <TermText text={text} kinds={LANE_MARK_TERMS[lane.kind]} />
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}

type BlockedProps = {
  tool: string;
  calls: readonly BlockedCall[];
  store: SpanStore;
  view: ViewRange;
  width: number;
  axis: TimeAxis;
  onSelectSpan: (span: number) => void;
};

/** "replay: the replayed http_get breaker would have blocked this call at +19m 3s — it ran (failed, 250 ms)". */
function blockedTitle(p: BlockedProps, span: number, count: number): string {
  const s = p.store;
  const at = `+${formatDuration(s.t0[span]!)}`;
  if (count > 1)
    return `${REPLAY_PREFIX}the replayed ${p.tool} breaker would have blocked ${plural(count, "call")} from ${at} — they ran`;
  const did = `${s.ok[span] ? "ok" : "failed"}, ${formatDuration(s.t1[span]! - s.t0[span]!)}`;
  return `${REPLAY_PREFIX}the replayed ${p.tool} breaker would have blocked this ${spanName(s, span)} call at ${at} — it ran (${did})`;
}

function BlockedMarks(p: BlockedProps) {
  return (
    <>
      {placeBlockedCalls(p.calls, p.view, p.width, p.axis).map((m) => {
        const title = blockedTitle(p, m.span, m.count);
        return (
          <button
            key={m.span}
            type="button"
            className={css.replayBlocked}
            data-testid="replay-blocked"
            data-span-id={p.store.ids[m.span]}
            data-count={m.count}
            style={{ left: m.x, borderTopColor: BLOCKED_COLOR }}
            title={title}
            aria-label={title}
            onClick={() => p.onSelectSpan(m.span)}
          />
        );
      })}
    </>
  );
}
