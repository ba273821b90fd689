// docs/dashboard.md#what-if — one analysis's iteration strip: a cell per
// iteration (ran, would not have run, halt, probe, re-open) and vertical
// markers at the halt and at each re-open after a failed probe. `kind` names
// the markers' test ids: `${kind}-halt-line`, `${kind}-reopen-line`.
import { markerLeftPct, type HaltStrip } from "@/lib/what-if/halt-strip";
import styles from "./what-if.module.css";

const STATE_LABEL = {
  ran: "ran",
  skipped: "would not have run",
  halt: "halt",
  probe: "probe",
  reopen: "re-opened after a failed probe",
} as const;

export function WhatIfStrip({ strip, kind, title }: { strip: HaltStrip; kind: "whatif" | "logged"; title: string }) {
  return (
    <figure className={styles.strip} data-testid={`${kind}-strip`}>
      <figcaption>
        <strong>{title}</strong>{" "}
        <span className="muted">
          {strip.halt === null ? "never halts" : `halts at iteration ${strip.halt}`}
          {strip.reopens.length > 0 && `; re-opens at ${strip.reopens.join(", ")}`}
        </span>
      </figcaption>
      <div className={styles.stripPlot}>
        {strip.cells.map((c) => (
          <span
            key={c.n}
            className={`${styles.cell} ${styles[c.state]}`}
            title={`iteration ${c.n}: ${STATE_LABEL[c.state]}`}
            data-state={c.state}
          />
        ))}
        {strip.halt !== null && (
          <span
            className={`${styles.marker} ${styles.haltMarker}`}
            style={{ left: `${markerLeftPct(strip, strip.halt)}%` }}
            data-testid={`${kind}-halt-line`}
            data-iteration={strip.halt}
            title={`halt at iteration ${strip.halt}`}
          />
        )}
        {strip.reopens.map((n) => (
          <span
            key={n}
            className={`${styles.marker} ${styles.reopenMarker}`}
            style={{ left: `${markerLeftPct(strip, n)}%` }}
            data-testid={`${kind}-reopen-line`}
            data-iteration={n}
            title={`re-opens at iteration ${n}`}
          />
        ))}
      </div>
      <div className={`${styles.stripAxis} muted`}>
        <span>{strip.cells[0]?.n ?? ""}</span>
        <span>{strip.cells[strip.cells.length - 1]?.n ?? ""}</span>
      </div>
    </figure>
  );
}
