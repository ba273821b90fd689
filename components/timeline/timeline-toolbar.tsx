"use client";
// The timeline's controls: tool, failures-only and search filters, the
// collapse-repeats and fold-idle-time toggles, zoom buttons, the loading
// status, and a legend in two parts: what the log says happened (failures,
// short-circuits, waits for a person, idle breaks, event colours), and what
// Loopscope's replay of the breakers says (lane states, the calls it would
// have blocked, the halt line) — never what the harness did.
import type { TimelineFilter } from "@/lib/timeline/filter";
import {
  BLOCKED_COLOR,
  EVENT_COLOR,
  FAILURE_COLOR,
  HALT_COLOR,
  LANE_COLOR,
  SHORT_CIRCUIT_COLOR,
} from "@/lib/timeline/colors";
import css from "./timeline.module.css";

type Props = {
  tools: string[];
  filter: TimelineFilter;
  collapseRepeats: boolean;
  /** How many idle stretches were found; the fold toggle shows only when there is one. */
  foldCount: number;
  folding: boolean;
  status: string;
  onFilter: (f: TimelineFilter) => void;
  onCollapseRepeats: (on: boolean) => void;
  onFolding: (on: boolean) => void;
  onZoom: (kind: "in" | "out" | "reset") => void;
};

export function TimelineToolbar(p: Props) {
  return (
    <>
      <div className={css.toolbar}>
        <select
          data-testid="timeline-filter-tool"
          aria-label="tool"
          value={p.filter.tool ?? ""}
          onChange={(e) => p.onFilter({ ...p.filter, tool: e.target.value || null })}
        >
          <option value="">all tools</option>
          {p.tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label>
          <input
            type="checkbox"
            data-testid="timeline-failures-only"
            checked={p.filter.failuresOnly}
            onChange={(e) => p.onFilter({ ...p.filter, failuresOnly: e.target.checked })}
          />
          failures only
        </label>
        <input
          type="search"
          data-testid="timeline-search"
          placeholder="search names, errors, events"
          value={p.filter.search}
          onChange={(e) => p.onFilter({ ...p.filter, search: e.target.value })}
        />
        <label>
          <input
            type="checkbox"
            data-testid="collapse-repeats"
            checked={p.collapseRepeats}
            onChange={(e) => p.onCollapseRepeats(e.target.checked)}
          />
          collapse repeats
        </label>
        {p.foldCount > 0 && (
          <label title="idle stretches (no call running, nothing logged) shown as narrow breaks">
            <input
              type="checkbox"
              data-testid="fold-idle"
              checked={p.folding}
              onChange={(e) => p.onFolding(e.target.checked)}
            />
            Fold idle time ({p.foldCount})
          </label>
        )}
        <span className="spacer" />
        <span className={css.status} data-testid="timeline-status">
          {p.status}
        </span>
        <button
          className="btn"
          data-testid="zoom-in"
          onClick={() => p.onZoom("in")}
          title="zoom in (ctrl+wheel on the bars, wheel on the axis)"
        >
          +
        </button>
        <button className="btn" data-testid="zoom-out" onClick={() => p.onZoom("out")} title="zoom out">
          −
        </button>
        <button className="btn" data-testid="zoom-reset" onClick={() => p.onZoom("reset")} title="show the whole run">
          reset
        </button>
      </div>
      <div className={css.legend} data-testid="legend-log">
        <b>the log:</b>
        <span>
          <i className={css.swatch} style={{ background: FAILURE_COLOR }} /> failed
        </span>
        <span>
          <i className={css.swatch} style={{ background: SHORT_CIRCUIT_COLOR }} /> short-circuited by the harness
        </span>
        <span>
          <i className={`${css.swatch} ${css.waitSwatch}`} /> waiting for a person
        </span>
        <span>
          <i className={`${css.swatch} ${css.foldSwatch}`} /> idle break (click to open)
        </span>
        <span>
          <i className={css.swatch} style={{ background: EVENT_COLOR.permission }} /> permission
        </span>
        <span>
          <i className={css.swatch} style={{ background: EVENT_COLOR.api }} /> API
        </span>
        <span>
          <i className={css.swatch} style={{ background: EVENT_COLOR.context }} /> context
        </span>
        <span>
          <i className={css.swatch} style={{ background: EVENT_COLOR.task }} /> task
        </span>
      </div>
      <div
        className={`${css.legend} ${css.replayLegend}`}
        data-testid="legend-replay"
        title="what Loopscope's replay of the breakers over the log says — not what the harness did"
      >
        <b>replay (Loopscope&apos;s breakers, not the harness):</b>
        <span>
          <i className={css.swatch} style={{ background: LANE_COLOR.CLOSED }} /> CLOSED
        </span>
        <span>
          <i className={css.swatch} style={{ background: LANE_COLOR.WARNING }} /> warning
        </span>
        <span>
          <i className={css.swatch} style={{ background: LANE_COLOR.HALF_OPEN }} /> HALF_OPEN
        </span>
        <span>
          <i className={css.swatch} style={{ background: LANE_COLOR.OPEN }} /> OPEN
        </span>
        <span>
          <i className={css.replayBlockedSwatch} style={{ borderTopColor: BLOCKED_COLOR }} /> would have blocked this
          call (it ran)
        </span>
        <span>
          <i className={css.swatch} style={{ borderLeft: `2px dashed ${HALT_COLOR}`, width: 2 }} /> would have halted
          here
        </span>
      </div>
      <div className={css.legend}>
        <span className="muted">
          drag bars: pan · shift+wheel: pan · ctrl+wheel or axis drag: zoom · ↑↓ select · ←→ fold
        </span>
      </div>
    </>
  );
}
