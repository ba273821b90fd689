// Runs (SPEC §4): every run with badges, search, filters, sort, pagination.
import Link from "next/link";
import { getDb } from "@/db/client";
import { listRunFacets, listRuns } from "@/db/runs";
import { RunListQuery } from "@/lib/schemas/api";
import { RunsFilters } from "@/components/runs/runs-filters";
import { RunsTable } from "@/components/runs/runs-table";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RunsPage({ searchParams }: Props) {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(([, v]) => typeof v === "string" && v !== ""),
  );
  const parsed = RunListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : RunListQuery.parse({});
  const { db } = await getDb();
  const [{ runs, next_cursor }, facets] = await Promise.all([listRuns(db, query), listRunFacets(db)]);
  const hrefWith = (patch: Record<string, string | undefined>) => {
    const p = new URLSearchParams(raw as Record<string, string>);
    for (const [k, v] of Object.entries(patch)) (v === undefined ? p.delete(k) : p.set(k, v));
    return `/runs?${p}`;
  };
  const filtered = Boolean(query.q || query.agent || query.label || query.status || query.from || query.to);

  return (
    <>
      <div className="row" style={{ marginBottom: 12 }}>
        <h1 style={{ margin: 0 }}>Runs</h1>
        <span className="spacer" />
        <Link className="btn primary" href="/upload">Upload</Link>
      </div>
      {!parsed.success && <p className="muted">Some filters were not understood and were ignored.</p>}
      <div style={{ marginBottom: 10 }}>
        <RunsFilters query={query} agents={facets.agents} labels={facets.labels} />
      </div>
      {runs.length === 0 ? (
        <div className="card empty" data-testid="runs-empty">
          {filtered ? (
            <p>No run matches these filters. <Link href="/runs">Clear filters</Link></p>
          ) : (
            <>
              <p>No runs yet.</p>
              <p>
                <Link className="btn primary" href="/upload">Upload a JSONL file</Link>
              </p>
              <p>
                Try the samples: <span className="mono">npx loopscope ingest ../shared/samples/*.jsonl</span>, or drop{" "}
                <span className="mono">stuck-loop.jsonl</span> on the upload page.
              </p>
            </>
          )}
        </div>
      ) : (
        <RunsTable runs={runs} sort={query.sort} order={query.order} sortHref={(sort, order) => hrefWith({ sort, order, cursor: undefined })} />
      )}
      <div className="pager">
        {query.cursor && <Link className="btn" href={hrefWith({ cursor: undefined })}>First page</Link>}
        {next_cursor && <Link className="btn" href={hrefWith({ cursor: next_cursor })} data-testid="next-page">Next page</Link>}
      </div>
    </>
  );
}
