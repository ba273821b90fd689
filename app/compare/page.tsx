// Compare (docs/dashboard.md): /compare?a=…&b=… — two runs side by side: counts and
// duration, tools (union of names, deltas), stagnation, the loop breaker's
// verdict and savings, three-layer status and the context decision; above them
// both runs' breaker lanes and strips on one axis of iteration numbers.
import Link from "next/link";
import { getDb, type Db } from "@/db/client";
import { getRun, listRuns } from "@/db/runs";
import { getAnalysis } from "@/app/_server/analysis";
import { ComparePicker } from "@/components/compare/compare-picker";
import { CompareFigures, CompareTexts, CompareTools } from "@/components/compare/compare-tables";
import { CompareTimelineView } from "@/components/compare/compare-timeline";
import { listIterations } from "@/db/iterations";
import { compareRuns, type ComparedRun } from "@/lib/compare/compare-runs";
import { prepareCompareTimeline, type CompareTimelineInput } from "@/lib/compare/compare-timeline";
import { parseTimeUs } from "@/lib/time";
import { RunListQuery } from "@/lib/schemas/api";
import { requirePageUser } from "@/app/_server/session";

export const dynamic = "force-dynamic";
const PICKER_RUNS = 200;

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v) || undefined;

type Side = ComparedRun & CompareTimelineInput;

async function loadSide(db: Db, runId: string): Promise<Side | null> {
  const run = await getRun(db, runId);
  if (!run) return null;
  const [report, iterations] = await Promise.all([getAnalysis(db, runId), listIterations(db, runId)]);
  return { run, report, iterations, startUs: run.started_at ? parseTimeUs(run.started_at) : null };
}

export default async function ComparePage({ searchParams }: { searchParams: Search }) {
  await requirePageUser();
  const sp = await searchParams;
  const [a, b] = [one(sp.a), one(sp.b)];
  const { db } = await getDb();
  const { runs } = await listRuns(db, RunListQuery.parse({ limit: PICKER_RUNS }));
  const sides = a && b ? [await loadSide(db, a), await loadSide(db, b)] : null;
  const missing = sides ? [a, b].filter((_, i) => !sides[i]) : [];
  return (
    <div className="compare-page">
      <h1>Compare runs</h1>
      <ComparePicker runs={runs} a={a} b={b} />
      {!sides && <p className="empty">Pick two runs to see them side by side.</p>}
      {missing.length > 0 && (
        <p className="card error-text" role="alert">
          No run {missing.map((m) => `"${m}"`).join(" or ")}.
        </p>
      )}
      {sides?.[0] && sides[1] && <CompareBody a={sides[0]} b={sides[1]} />}
    </div>
  );
}

function CompareBody({ a, b }: { a: Side; b: Side }) {
  const cmp = compareRuns(a, b);
  const timeline = prepareCompareTimeline(a, b);
  const head = (side: "A" | "B", r: ComparedRun) => (
    <div className="card compare-run" data-testid={`compare-run-${side.toLowerCase()}`}>
      <div className="muted">Run {side}</div>
      <Link href={`/runs/${encodeURIComponent(r.run.run_id)}`}>
        <strong>{r.run.name ?? r.run.run_id}</strong>
      </Link>
      <div className="mono muted">{r.run.run_id}</div>
      <Link className="muted" href={`/runs/${encodeURIComponent(r.run.run_id)}/report`}>
        post-mortem →
      </Link>
    </div>
  );
  return (
    <div data-testid="compare">
      <div className="compare-heads">
        {head("A", a)}
        {head("B", b)}
      </div>
      {timeline && (
        <CompareTimelineView
          timeline={timeline}
          names={{ a: a.run.name ?? a.run.run_id, b: b.run.name ?? b.run.run_id }}
        />
      )}
      <p className="muted">Deltas are B − A; the worse side is marked red (more failures, time, tokens or waste).</p>
      <div className="compare-grid">
        <section>
          <h2>Counts</h2>
          <CompareFigures rows={cmp.counts} testId="compare-counts" />
        </section>
        <section>
          <h2>Loop breaker</h2>
          <CompareTexts rows={cmp.loopBreaker.verdict} testId="compare-verdict" />
          <CompareFigures rows={cmp.loopBreaker.rows} testId="compare-savings" />
        </section>
        <section>
          <h2>Stagnation</h2>
          <CompareFigures rows={cmp.stagnation.rows} />
          <CompareTexts rows={cmp.stagnation.detectors} testId="compare-detectors" />
        </section>
        <section>
          <h2>Breakers and context</h2>
          <CompareTexts rows={cmp.status} testId="compare-status" />
        </section>
      </div>
      <h2>Tools</h2>
      <CompareTools rows={cmp.tools} />
    </div>
  );
}
