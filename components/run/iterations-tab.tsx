// The iterations tab: score/window chart with detector
// marks, tokens per iteration, context fill over the tier bands, then the
// table of iterations; under the charts the detectors that fired and the
// tiers, linked to the glossary. Above the table a strip chart of every
// iteration chooses which the table shows; the table shows one page of them
// (docs/dashboard.md#iterations). A server component: it lays out the client chart
// leaves and hands them prepared, serialisable arrays.
import { TIER_BANDS, type DetectorMark, type IterationPoint } from "@/lib/charts/iteration-series";
import type { IterationPage } from "@/lib/charts/iteration-page";
import type { IterationStrip } from "@/lib/charts/iteration-strip";
import type { IterationTableRow } from "@/lib/charts/iteration-table";
import { Term, TermText } from "@/components/shared/glossary-term";
import { ChartContextFill, ChartIterationScores, ChartIterationTokens } from "./charts-lazy";
import { IterationPager } from "./iteration-pager";
import { IterationStripChart } from "./iteration-strip";
import { IterationsTable } from "./iterations-table";

type Props = {
  runId: string;
  points: IterationPoint[];
  marks: DetectorMark[];
  strip: IterationStrip;
  /** One page of the table, and the number of iterations in all. */
  page: IterationPage<IterationTableRow>;
  all: number;
  links: Record<number, string>;
  withLogged: boolean;
  commentCounts?: Record<number, number>;
  has: { score: boolean; tokens: boolean; fill: boolean };
  clearAtPct: number;
};

function NoData({ what }: { what: string }) {
  return <div className="chart-empty muted">No {what} logged for this run.</div>;
}

export function IterationsTab(props: Props) {
  const { runId, points, marks, page, has, clearAtPct } = props;
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
      <section className="card iteration-table-card" aria-label="Iterations table">
        <h3>
          Iterations <span className="muted">· click or drag on the strip to choose; click a row for its timeline</span>
        </h3>
        <IterationStripChart
          runId={runId}
          strip={props.strip}
          shown={
            page.rows.length > 0
              ? { from: page.rows[0]!.n, to: page.rows[page.rows.length - 1]!.n }
              : (page.range ?? { from: 0, to: -1 })
          }
        />
        <IterationPager runId={runId} page={page} all={props.all} />
        <IterationsTable
          rows={page.rows}
          links={props.links}
          withLogged={props.withLogged}
          commentCounts={props.commentCounts}
        />
      </section>
    </div>
  );
}
