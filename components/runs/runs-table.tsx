// The runs table (docs/dashboard.md Runs). Render only: rows and the current sort in,
// links out. Sorting and paging are plain links, so the page works without JS.
// On a phone each row becomes a card (name, badges, then the labelled figures) and
// the header a line of sort links: app/globals.css, .runs-table. The Tokens
// header's hover text is their definition (docs/analysis.md#tokens).
import Link from "next/link";
import type { RunListItem, RunSummary } from "@/lib/schemas/api";
import { formatCount, formatDuration, formatTimestamp, formatTokens, formatUsd } from "@/lib/format";
import { GLOSSARY } from "@/lib/glossary";
import { RunBadges } from "./run-badges";
import { RunMatch } from "./run-match";
import { RunOutcome, RunShapeTerm } from "./run-outcome";

/** `title`: the hover text of a header that is a defined figure (a sort link cannot hold the glossary link). */
type Column = { key: string; label: string; sort?: string; num?: boolean; title?: string };
const COLUMNS: Column[] = [
  { key: "name", label: "Run", sort: "name" },
  { key: "status", label: "Status" },
  { key: "outcome", label: "Outcome" },
  { key: "agent", label: "Agent" },
  { key: "shape", label: "Shape" },
  { key: "start", label: "Started (UTC)", sort: "started" },
  { key: "duration", label: "Duration", sort: "duration", num: true },
  { key: "spans", label: "Spans", sort: "spans", num: true },
  { key: "failures", label: "Failures", sort: "failures", num: true },
  { key: "iterations", label: "Iterations", num: true },
  { key: "tokens", label: "Tokens", sort: "tokens", num: true, title: `Tokens: ${GLOSSARY.figure.tokens.short}` },
  { key: "cost", label: "Cost", num: true },
];

export function RunsTable({
  runs,
  sortHref,
  sort,
  order,
  q,
}: {
  runs: RunListItem[];
  /** The search, for a text match's link (RunMatch). */
  q?: string;
  sortHref: (sort: string, order: "asc" | "desc") => string;
  sort: string;
  order: "asc" | "desc";
}) {
  return (
    <div className="table-scroll">
      <table className="data runs-table" data-testid="runs-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                title={c.title}
                className={[c.num && "num", !c.sort && "no-sort"].filter(Boolean).join(" ") || undefined}
              >
                {c.sort ? (
                  <Link href={sortHref(c.sort, sort === c.sort && order === "desc" ? "asc" : "desc")}>
                    {c.label}
                    {sort === c.sort ? (order === "desc" ? " ↓" : " ↑") : ""}
                  </Link>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.run_id} data-testid="run-row" data-run-id={r.run_id}>
              <td className="runs-name">
                <Link href={`/runs/${encodeURIComponent(r.run_id)}`}>{r.name ?? r.run_id}</Link>
                {r.name && <div className="muted mono">{r.run_id}</div>}
                {r.match && <RunMatch runId={r.run_id} match={r.match} q={q ?? ""} />}
              </td>
              <td>
                <RunBadges run={r} />
              </td>
              <td data-label="Outcome">
                <RunOutcome outcome={r.outcome} />
              </td>
              <td data-label="Agent">{r.agent ?? <span className="muted">—</span>}</td>
              <td data-label="Shape">
                <RunShapeTerm shape={r.shape} />
              </td>
              <td data-label="Started" className="mono">
                {formatTimestamp(r.started_at)}
              </td>
              <td data-label="Duration" className="num">
                {formatDuration(r.duration_ms)}
              </td>
              <td data-label="Spans" className="num" data-testid="run-spans">
                {formatCount(r.counts.spans)}
              </td>
              <td data-label="Failures" className="num" data-testid="run-failures">
                {formatCount(r.counts.failures)}
              </td>
              <td data-label="Iterations" className="num" data-testid="run-iterations">
                {formatCount(r.counts.iterations)}
              </td>
              <td
                data-label="Tokens"
                className="num"
                data-testid="run-tokens"
                title={`+ ${formatTokens(r.counts.cache_read_tokens)} cache reads (docs/analysis.md#tokens)`}
              >
                {formatTokens(r.counts.tokens)}
              </td>
              <td data-label="Cost" className="num" data-testid="run-cost">
                {formatUsd(runListCost(r))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The priced cost of the default analysis when the run has one, else what its calls logged ("—" for none). */
function runListCost(r: RunSummary): number | null {
  return r.verdict?.cost_usd ?? (r.cost_usd > 0 ? r.cost_usd : null);
}
