// The iterations tab: score/window chart with detector
// marks, tokens per iteration, context fill over the tier bands, then the
// table of iterations. A server component: it lays out the client chart
// leaves and hands them prepared, serialisable arrays.
import type { DetectorMark, IterationPoint } from "@/lib/charts/iteration-series";
import type { IterationTableRow } from "@/lib/charts/iteration-table";
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
        </section>
      </div>
      <IterationsTable rows={rows} />
    </div>
  );
}
