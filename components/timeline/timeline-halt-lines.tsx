"use client";
// The "would have halted here" lines (docs/dashboard.md#halt-lines): vertical
// lines over the whole timeline — axis, breaker lanes and span rows — where
// the loop breaker would have halted the run (strong) and at the first
// three-layer trip (lighter), each labelled with what stopping there saves.
// They are the replay's verdicts, not what happened: dashed, and each label
// opens with "replay:", its breaker's words a glossary term, its detector
// too, and its iteration a link that opens the conversation pane on that
// turn (docs/dashboard.md#conversation). Also the moment a link points at,
// and the range of the turn at the top of the conversation pane, shaded.
// Positions come from lib/timeline/halt-lines.ts, on the view's time axis.
import { FOCUS_COLOR, HALT_COLOR, TRIP_COLOR } from "@/lib/timeline/colors";
import { turnAnchor } from "@/lib/conversation/anchors";
import type { TurnFocus } from "@/lib/timeline/conversation-focus";
import { haltLineX, type HaltLine } from "@/lib/timeline/halt-lines";
import { xOfMs, type ViewRange } from "@/lib/timeline/layout";
import { conversationPaneHref } from "@/lib/timeline/url-state";
import type { TimeAxis } from "@/lib/timeline/time-axis";
import css from "./timeline.module.css";
import { Term, TermText } from "@/components/shared/glossary-term";

type Props = {
  lines: readonly HaltLine[];
  focusMs: number | null;
  view: ViewRange;
  width: number;
  axis: TimeAxis;
  /** Where the lines start: below the minimap, at the strip that holds their labels. */
  top: number;
  labelW: number;
  runId: string;
  /** The turn at the top of the conversation pane, shaded; null when the pane is closed or has not scrolled. */
  band: TurnFocus | null;
  /** A label's iteration clicked: the pane opens on that turn. */
  onTurn: (anchor: string) => void;
};

/** One label row of the strip above the axis. */
export const HALT_LABEL_PX = 17;

/** A label's width at its 10.5 px bold font, about 6.4 px a character plus padding. */
const labelPx = (text: string) => text.length * 6.4 + 14;

export function TimelineHaltLines({ lines, focusMs, view, width, axis, top, labelW, runId, band, onTurn }: Props) {
  const focusX = focusMs === null ? null : haltLineX({ atMs: focusMs }, view, width, axis);
  const text = (l: HaltLine) => <HaltLabelText line={l} runId={runId} onTurn={onTurn} />;
  return (
    <div className={css.haltLayer} style={{ top, left: labelW, width }}>
      {band && <TurnBand band={band} view={view} width={width} axis={axis} />}
      {focusX !== null && (
        <div className={css.focusLine} data-testid="focus-line" style={{ left: focusX, background: FOCUS_COLOR }} />
      )}
      {lines.map((l, k) => {
        const x = haltLineX(l, view, width, axis);
        const color = l.kind === "loop" ? HALT_COLOR : TRIP_COLOR;
        const labelStyle = { top: 2 + k * HALT_LABEL_PX, maxWidth: width - 4, color, pointerEvents: "auto" as const };
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
              {text(l)}
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
              {text(l)}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The label's text in its parts: the breaker's words and the detector as terms, the iteration a link to its turn. */
function HaltLabelText({ line, runId, onTurn }: { line: HaltLine; runId: string; onTurn: (anchor: string) => void }) {
  const p = line.parts;
  const anchor = turnAnchor(line.iteration);
  return (
    <>
      {p.prefix}
      <Term kind="breaker" name={p.breaker}>
        {p.verdict}
      </Term>
      {" · "}
      <a
        href={conversationPaneHref(runId, "tab=timeline", anchor)}
        data-testid="halt-turn-link"
        data-anchor={anchor}
        title="this turn in the conversation"
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          onTurn(anchor);
        }}
      >
        {p.iterationText}
      </a>
      <TermText text={p.detail} kinds={["detector"]} />
    </>
  );
}

/** The range of the pane's top turn, shaded across the rows; a line for a turn of one instant. */
function TurnBand({ band, view, width, axis }: { band: TurnFocus; view: ViewRange; width: number; axis: TimeAxis }) {
  if (band.endMs < view.startMs || band.startMs > view.endMs) return null;
  const x0 = Math.max(0, xOfMs(Math.max(band.startMs, view.startMs), view, width, axis));
  const x1 = Math.min(width, xOfMs(Math.min(band.endMs, view.endMs), view, width, axis));
  return (
    <div
      data-testid="conversation-focus"
      data-anchor={band.anchor}
      style={{
        position: "absolute",
        top: 0,
        bottom: 0,
        left: x0,
        width: Math.max(2, x1 - x0),
        background: "rgb(90 169 255 / 10%)",
        borderLeft: "1px solid rgb(90 169 255 / 55%)",
      }}
    />
  );
}
