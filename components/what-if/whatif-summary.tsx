// docs/dashboard.md#what-if — the logged analysis beside the what-if one:
// where the loop breaker halts, what halting saves (iterations, tokens,
// cost, time), the three-layer breaker and the trips that appear or disappear.
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { formatCount, formatDuration, formatTokens, formatUsd } from "@/lib/format";
import { plural } from "@/lib/plural";
import type { TripDiff } from "@/lib/what-if/trips";
import styles from "./what-if.module.css";

type Side = Pick<AnalysisReport, "loop_breaker" | "layers">;

const ROWS: { label: string; of: (r: Side) => string }[] = [
  {
    label: "Halts at",
    of: (r) =>
      r.loop_breaker.would_have_halted_at ? `iteration ${r.loop_breaker.would_have_halted_at.iteration}` : "never",
  },
  { label: "Reason", of: (r) => r.loop_breaker.would_have_halted_at?.reason ?? "—" },
  { label: "Saved iterations", of: (r) => formatCount(r.loop_breaker.savings.iterations) },
  { label: "Saved tokens", of: (r) => formatTokens(r.loop_breaker.savings.tokens) },
  { label: "Saved cost", of: (r) => formatUsd(r.loop_breaker.savings.cost_usd) },
  { label: "Saved time", of: (r) => formatDuration(r.loop_breaker.savings.ms) },
  {
    label: "Three-layer",
    of: (r) => `${r.layers.status}, ${plural(r.layers.events.filter((e) => e.kind === "trip").length, "trip")}`,
  },
];

export function WhatIfSummary({ logged, whatIf }: { logged: Side; whatIf: Side }) {
  return (
    <div className="table-scroll">
      <table className={styles.summary} data-testid="whatif-summary">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Logged</th>
            <th scope="col">What if</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const [a, b] = [row.of(logged), row.of(whatIf)];
            return (
              <tr key={row.label} className={a === b ? "" : styles.differs}>
                <th scope="row">{row.label}</th>
                <td>{a}</td>
                <td data-testid={`whatif-${row.label.toLowerCase().replace(/\s+/g, "-")}`}>{b}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function WhatIfTrips({ diff }: { diff: TripDiff }) {
  if (diff.appeared.length === 0 && diff.disappeared.length === 0)
    return (
      <p className="muted" data-testid="whatif-trips-same">
        {diff.kept.length === 0
          ? "No trip in either analysis."
          : `The same ${plural(diff.kept.length, "trip")} in both analyses.`}
      </p>
    );
  return (
    <ul className={styles.trips} data-testid="whatif-trips">
      {diff.appeared.map((t) => (
        <li key={`+${t.key}`} data-testid="trip-appeared">
          <span className="badge">+ appears</span> {t.label} <span className="muted mono">{t.at}</span>
        </li>
      ))}
      {diff.disappeared.map((t) => (
        <li key={`-${t.key}`} data-testid="trip-disappeared">
          <span className="badge">− disappears</span> {t.label} <span className="muted mono">{t.at}</span>
        </li>
      ))}
      <li className="muted">{plural(diff.kept.length, "trip")} in both.</li>
    </ul>
  );
}
