// Run (SPEC §4): overview figures now; the timeline and analysis tabs build on it.
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getRun } from "@/db/runs";
import { formatCount, formatDuration, formatTimestamp, formatTokens } from "@/lib/format";

export const dynamic = "force-dynamic";

export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const { db } = await getDb();
  const run = await getRun(db, decodeURIComponent(runId));
  if (!run) notFound();
  const figures: [string, string, string][] = [
    ["Started", formatTimestamp(run.started_at), "started"],
    ["Duration", formatDuration(run.duration_ms), "duration"],
    ["Spans", formatCount(run.counts.spans), "spans"],
    ["Failures", formatCount(run.counts.failures), "failures"],
    ["Iterations", formatCount(run.counts.iterations), "iterations"],
    ["Events", formatCount(run.counts.events), "events"],
    ["Tokens", formatTokens(run.counts.tokens), "tokens"],
  ];
  return (
    <>
      <div className="row" style={{ marginBottom: 12 }}>
        <h1 style={{ margin: 0 }} data-testid="run-title">{run.name ?? run.run_id}</h1>
        <span className="muted mono">{run.run_id}</span>
        {run.agent && <span className="badge info">{run.agent}</span>}
        {Object.entries(run.labels).map(([k, v]) => <span key={k} className="badge">{k}: {v}</span>)}
        <span className="spacer" />
        <Link className="btn" href="/runs">All runs</Link>
      </div>
      <div className="figures">
        {figures.map(([label, value, id]) => (
          <div className="figure" key={id} data-testid={`figure-${id}`}>
            <div className="label">{label}</div>
            <div className="value">{value}</div>
          </div>
        ))}
      </div>
    </>
  );
}
