"use client";
// The timeline's controls: tool, failures-only and search filters, the
// collapse-repeats toggle, zoom buttons, a legend (breaker lane states, the
// blocked mark, the halt line, event colours), and the loading status.
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
  status: string;
  onFilter: (f: TimelineFilter) => void;
  onCollapseRepeats: (on: boolean) => void;
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
      <div className={css.legend}>
        <span>
          <i className={css.swatch} style={{ background: FAILURE_COLOR }} /> failed
        </span>
        <span>
          <i className={css.swatch} style={{ background: SHORT_CIRCUIT_COLOR }} /> short-circuited by the harness
        </span>
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
          <i className={css.swatch} style={{ border: `1px dashed ${BLOCKED_COLOR}` }} /> blocked by its breaker
        </span>
        <span>
          <i className={css.swatch} style={{ background: HALT_COLOR, width: 2 }} /> would have halted here
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
        <span className="muted">
          drag bars: pan · shift+wheel: pan · ctrl+wheel or axis drag: zoom · ↑↓ select · ←→ fold
        </span>
      </div>
    </>
  );
}
