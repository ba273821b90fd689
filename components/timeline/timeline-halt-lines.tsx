"use client";
// The "would have halted here" lines (docs/dashboard.md#halt-lines): vertical
// lines over the whole timeline — axis, breaker lanes and span rows — where
// the loop breaker would have halted the run (strong) and at the first
// three-layer trip (lighter), each labelled with what stopping there saves.
// They are the replay's verdicts, not what happened: dashed, and each label
// opens with "replay:". Also the moment a link points at. Positions come from
// lib/timeline/halt-lines.ts, on the view's time axis.
import { FOCUS_COLOR, HALT_COLOR, TRIP_COLOR } from "@/lib/timeline/colors";
import { haltLineX, type HaltLine } from "@/lib/timeline/halt-lines";
import type { ViewRange } from "@/lib/timeline/layout";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import css from "./timeline.module.css";
import { TermText } from "@/components/shared/glossary-term";

type Props = {
  lines: readonly HaltLine[];
  focusMs: number | null;
  view: ViewRange;
  width: number;
  axis: TimeAxis;
  /** Where the lines start: below the minimap, at the strip that holds their labels. */
  top: number;
  labelW: number;
};

/** One label row of the strip above the axis. */
export const HALT_LABEL_PX = 17;

/** A label's width at its 10.5 px bold font, about 6.4 px a character plus padding. */
const labelPx = (text: string) => text.length * 6.4 + 14;

export function TimelineHaltLines({ lines, focusMs, view, width, axis, top, labelW }: Props) {
  const focusX = focusMs === null ? null : haltLineX({ atMs: focusMs }, view, width, axis);
  return (
    <div className={css.haltLayer} style={{ top, left: labelW, width }}>
      {focusX !== null && (
        <div className={css.focusLine} data-testid="focus-line" style={{ left: focusX, background: FOCUS_COLOR }} />
      )}
      {lines.map((l, k) => {
        const x = haltLineX(l, view, width, axis);
        const color = l.kind === "loop" ? HALT_COLOR : TRIP_COLOR;
        const labelStyle = { top: 2 + k * HALT_LABEL_PX, maxWidth: width - 4, color };
        if (x === null) {
          // Outside the view: the label waits at the edge it lies beyond, with an arrow.
          const before = l.atMs < view.startMs;
          return (
            <div
              key={l.kind}
              className={css.haltLabel}
              data-testid="halt-offscreen"
              title={l.label}
              style={{ ...labelStyle, ...(before ? { left: 2 } : { right: 2 }), opacity: 0.75 }}
            >
              {before && "← "}
              <TermText text={l.label} kinds={["detector"]} />
              {!before && " →"}
            </div>
          );
        }
        // Beside the line where it fits, else pulled left so it stays inside the view.
        const w = Math.min(width - 4, labelPx(l.label));
        const left = Math.max(2, Math.min(x + 3, width - w - 2));
        return (
          <div
            key={l.kind}
            className={css.haltLine}
            data-testid={l.kind === "loop" ? "halt-line" : "trip-line"}
            data-iteration={l.iteration}
            data-at-ms={l.atMs}
            style={{ left: x, borderColor: color }}
          >
            <div className={css.haltLabel} role="note" title={l.label} style={{ ...labelStyle, left: left - x }}>
              <TermText text={l.label} kinds={["detector"]} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
