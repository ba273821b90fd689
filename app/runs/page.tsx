// Runs (docs/dashboard.md): every run with badges, search, filters, sort, pagination.
// Listed runs without a fresh verdict are analysed first (up to 200 000 spans).
import Link from "next/link";
import { getDb, type Db } from "@/db/client";
import { listRunFacets, listRuns } from "@/db/runs";
import { getAnalysis, verdictOf } from "@/app/_server/analysis";
import { listExampleFiles } from "@/app/_server/examples";
import { RunListQuery, type RunSummary } from "@/lib/schemas/api";
import { RunsFilters } from "@/components/runs/runs-filters";
import { RunsEmpty } from "@/components/runs/runs-empty";
import { RunsTable } from "@/components/runs/runs-table";
import { pagePublicOrigin } from "@/app/_server/public-origin";
import { requirePageUser } from "@/app/_server/session";
import { getReadDb } from "@/app/_server/read-db";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Runs up to this many spans are analysed on the list; larger ones wait until opened. */
const MAX_AUTO_ANALYSE_SPANS = 200_000;

/**
 * Give the listed runs that lack a fresh verdict one, before rendering: the
 * default analysis, one run at a time (it caches the report and saves the
 * verdict). A run that fails to analyse keeps "not analysed".
 */
async function withVerdicts<R extends RunSummary>(db: Db, runs: R[]): Promise<R[]> {
  const out: R[] = [];
  for (const run of runs) {
    if (run.verdict || run.counts.spans > MAX_AUTO_ANALYSE_SPANS) {
      out.push(run);
      continue;
    }
    try {
      out.push({ ...run, verdict: verdictOf(await getAnalysis(db, run.run_id)) });
    } catch (err) {
      console.error(`runs page: analysing ${run.run_id} failed`, err);
      out.push(run);
    }
  }
  return out;
}

export default async function RunsPage({ searchParams }: Props) {
  const user = await requirePageUser();
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(([, v]) => typeof v === "string" && v !== ""),
  );
  const parsed = RunListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : RunListQuery.parse({});
  // The list and facets from the read replica; a missing verdict is computed (and saved) on the primary.
  const { db: readDb } = await getReadDb();
  const [listed, facets] = await Promise.all([listRuns(readDb, query), listRunFacets(readDb)]);
  const runs = await withVerdicts((await getDb()).db, listed.runs);
  const next_cursor = listed.next_cursor;
  const hrefWith = (patch: Record<string, string | undefined>) => {
    const p = new URLSearchParams(raw as Record<string, string>);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) p.delete(k);
      else p.set(k, v);
    }
    return `/runs?${p}`;
  };
  const filtered = Boolean(
    query.q || query.agent || query.label || query.status || query.from || query.to || query.shape || query.outcome,
  );
  const examples = runs.length === 0 && !filtered ? await listExampleFiles() : [];

  return (
    <>
      <div className="row" style={{ marginBottom: 12 }}>
        <h1 style={{ margin: 0 }}>Runs</h1>
        <span className="spacer" />
        <Link className="btn primary" href="/upload">
          Upload
        </Link>
      </div>
      {!parsed.success && <p className="muted">Some filters were not understood and were ignored.</p>}
      <div style={{ marginBottom: 10 }}>
        <RunsFilters query={query} agents={facets.agents} labels={facets.labels} />
      </div>
      {runs.length === 0 && filtered ? (
        <div className="card empty" data-testid="runs-empty">
          <p>
            No run matches these filters. <Link href="/runs">Clear filters</Link>
          </p>
        </div>
      ) : runs.length === 0 ? (
        <RunsEmpty accountsOn={user !== "off"} hasExamples={examples.length > 0} origin={await pagePublicOrigin()} />
      ) : (
        <RunsTable
          runs={runs}
          q={query.q}
          sort={query.sort}
          order={query.order}
          sortHref={(sort, order) => hrefWith({ sort, order, cursor: undefined })}
        />
      )}
      <div className="pager">
        {query.cursor && (
          <Link className="btn" href={hrefWith({ cursor: undefined })}>
            First page
          </Link>
        )}
        {next_cursor && (
          <Link className="btn" href={hrefWith({ cursor: next_cursor })} data-testid="next-page">
            Next page
          </Link>
        )}
      </div>
    </>
  );
}
