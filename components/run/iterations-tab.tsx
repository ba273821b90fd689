// The iterations tab: score/window chart with detector
// marks, tokens per iteration, context fill over the tier bands, then the
// table of iterations; under the charts the detectors that fired and the
// tiers, linked to the glossary. A server component: it lays out the client chart
// leaves and hands them prepared, serialisable arrays.
import { TIER_BANDS, type DetectorMark, type IterationPoint } from "@/lib/charts/iteration-series";
import type { IterationTableRow } from "@/lib/charts/iteration-table";
import { Term, TermText } from "@/components/shared/glossary-term";
import { ChartContextFill } from "./chart-context-fill";
import { ChartIterationScores } from "./chart-iteration-scores";
import { ChartIterationTokens } from "./chart-iteration-tokens";
import { IterationsTable } from "./iterations-table";

type Props = {
  points: IterationPoint[];
  marks: DetectorMark[];
  rows: IterationTableRow[];
  has: { score: boolean; tokens: boolean; fill: boolean };
  clearAtPct: number;
};

function NoData({ what }: { what: string }) {
  return <div className="chart-empty muted">No {what} logged for this run.</div>;
}

export function IterationsTab({ points, marks, rows, has, clearAtPct }: Props) {
  if (points.length === 0) {
    return (
      <div className="card empty" data-testid="iterations-empty">
        This run logged no iterations: only spans (see the tools and timeline tabs).
      </div>
    );
  }
  return (
    <div className="tab-grid">
      <section className="card chart-card" aria-label="Progress score">
        <h3>
          Progress score and window score <span className="muted">· dashed red: detector first fired</span>
        </h3>
        {has.score ? <ChartIterationScores data={points} marks={marks} /> : <NoData what="scores" />}
        {marks.length > 0 && (
          <p className="chart-note" data-testid="detector-marks">
            First fired:{" "}
            {marks.map((m, i) => (
              <span key={m.n}>
                {i > 0 && " · "}
                iteration {m.n}: <TermText text={m.label} kinds={["detector"]} />
              </span>
            ))}
          </p>
        )}
      </section>
      <div className="chart-pair">
        <section className="card chart-card" aria-label="Tokens per iteration">
          <h3>Tokens per iteration</h3>
          {has.tokens ? <ChartIterationTokens data={points} /> : <NoData what="tokens" />}
        </section>
        <section className="card chart-card" aria-label="Context fill">
          <h3>
            Context fill <span className="muted">· token budget tiers</span>
          </h3>
          {has.fill ? <ChartContextFill data={points} clearAtPct={clearAtPct} /> : <NoData what="context fill" />}
          <p className="chart-note" data-testid="tier-legend">
            Tiers:{" "}
            {TIER_BANDS.map((b) => (
              <span key={b.tier}>
                <Term kind="tier" name={b.tier} />{" "}
                <span className="muted">{b.from === 0 ? `< ${b.to}` : `≥ ${b.from}`} %</span>{" "}
              </span>
            ))}
          </p>
        </section>
      </div>
      <IterationsTable rows={rows} />
    </div>
  );
}
