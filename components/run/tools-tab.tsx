// The tools tab (docs/analysis.md#bottlenecks, docs/analysis.md#timeouts): the tool table sorted by a
// column link, bottleneck reasons as badges whose title explains the figures,
// under a tool the inputs it was called with again and again (docs/analysis.md#identical-calls),
// per-tool breaker openings and timeouts, the bar chart of total time, and
// the cost by model with where each price came from (docs/analysis.md#costs).
// On top, how many tools are worth an alarm (lib/charts/bottlenecks): a tool
// only overcalled is shown but not counted. Bottleneck reasons link to the glossary.
// Render only: rows come sorted and explained from lib/charts/tool-table.
import Link from "next/link";
import { formatCount, formatDuration, formatPct, formatUsd } from "@/lib/format";
import { plural, pluralWord } from "@/lib/plural";
import type { SortOrder, ToolSortKey, ToolTableRow, ToolTotalBar } from "@/lib/charts/tool-table";
import { formatBottleneckCount, type BottleneckCounts } from "@/lib/charts/bottlenecks";
import { Term } from "@/components/shared/glossary-term";
import type { ModelCostRow } from "@/lib/charts/model-costs";
import { ChartToolTotals } from "./charts-lazy";
import { ModelCostsTable } from "./model-costs-table";
import { runTabHref } from "./run-tabs";

const COLUMNS: { key: ToolSortKey; label: string; num: boolean }[] = [
  { key: "tool", label: "Tool", num: false },
  { key: "calls", label: "Calls", num: true },
  { key: "failures", label: "Failures", num: true },
  { key: "fail_rate", label: "Fail rate", num: true },
  { key: "total_ms", label: "Total", num: true },
  { key: "avg_ms", label: "Avg", num: true },
  { key: "p95_ms", label: "p95", num: true },
  { key: "cost_usd", label: "Cost", num: true },
];

const REASON_TONE = { slow: "warn", failing: "bad", overcalled: "info", repeated: "bad" } as const;

type Props = {
  runId: string;
  rows: ToolTableRow[];
  totals: ToolTotalBar[];
  bottlenecks: BottleneckCounts;
  models?: ModelCostRow[];
  sort: ToolSortKey;
  order: SortOrder;
};

/** "2 bottlenecks · 1 tool only called often (not counted)". */
function BottleneckSummary({ counts }: { counts: BottleneckCounts }) {
  const { alarmed, overcalledOnly } = counts;
  return (
    <p className="tools-summary" data-testid="tools-bottlenecks" data-alarmed={alarmed}>
      {alarmed === 0 ? (
        <span className="muted">No tool is slow, failing or repeated.</span>
      ) : (
        <Term kind="badge" name="bottlenecks" className="badge bad">
          {formatBottleneckCount(alarmed)}
        </Term>
      )}
      {overcalledOnly > 0 && (
        <span className="muted">
          {" "}
          · {plural(overcalledOnly, "tool")} {pluralWord(overcalledOnly, "is", "are")} only{" "}
          <Term kind="reason" name="overcalled" /> — shown, not counted
        </span>
      )}
    </p>
  );
}

export function ToolsTab({ runId, rows, totals, bottlenecks, models = [], sort, order }: Props) {
  const href = (key: ToolSortKey) => {
    const next: SortOrder = sort === key ? (order === "desc" ? "asc" : "desc") : key === "tool" ? "asc" : "desc";
    return runTabHref(runId, "tools", { sort: key, order: next });
  };
  if (rows.length === 0) return <div className="card empty">No tool or model calls in this run.</div>;
  return (
    <div className="tab-grid">
      <BottleneckSummary counts={bottlenecks} />
      <div className="table-scroll">
        <table className="data" data-testid="tools-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  className={c.num ? "num" : undefined}
                  aria-sort={sort === c.key ? (order === "asc" ? "ascending" : "descending") : undefined}
                >
                  <Link href={href(c.key)} data-testid={`sort-${c.key}`}>
                    {c.label}
                    {sort === c.key ? (order === "desc" ? " ↓" : " ↑") : ""}
                  </Link>
                </th>
              ))}
              <th>Bottleneck</th>
              <th title="breaker replay: fail_max failures in a row open the breaker for cool_s">Breaker</th>
              <th title="calls longer than the tool's timeout">Timeouts</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.tool} data-testid="tool-row" data-tool={r.tool}>
                <td className="mono">
                  {r.tool}
                  {r.repeated.map((x) => (
                    <div
                      key={x.input}
                      className="muted"
                      data-testid="tool-repeated-input"
                      title={`first repeated at ${x.first_at}`}
                      style={{
                        fontSize: 11,
                        maxWidth: 360,
                        overflow: "hidden",
                        textOverflow: "ellipsis",
                        whiteSpace: "nowrap",
                      }}
                    >
                      {x.calls}× same input {x.input}
                    </div>
                  ))}
                </td>
                <td className="num">{formatCount(r.calls)}</td>
                <td className="num">
                  {r.failures ? <span className="text-bad">{formatCount(r.failures)}</span> : "0"}
                </td>
                <td className="num">{formatPct(r.fail_rate)}</td>
                <td className="num">{formatDuration(r.total_ms)}</td>
                <td className="num">{formatDuration(r.avg_ms)}</td>
                <td className="num">{formatDuration(r.p95_ms)}</td>
                <td className="num" data-testid="tool-cost">
                  {formatUsd(r.cost_usd)}
                </td>
                <td data-testid="tool-reasons">
                  {r.reasons.map((b) => (
                    <Term
                      key={b.kind}
                      kind="reason"
                      name={b.kind}
                      className={`badge ${REASON_TONE[b.kind]}`}
                      note={b.title}
                      data={{ "data-reason": b.kind }}
                    />
                  ))}
                </td>
                <td data-testid="tool-breaker">
                  {r.breaker ? (
                    <span
                      title={`${plural(r.breaker.blocked_calls, "call")} would have been short-circuited (${formatDuration(r.breaker.blocked_ms)})`}
                    >
                      opened {r.breaker.openings}× · {r.breaker.blocked_calls} blocked
                    </span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td data-testid="tool-timeouts">
                  {r.timeout ? (
                    <span
                      title={`timeout ${r.timeout.timeout_s} s; ${formatDuration(r.timeout.excess_ms)} over in all`}
                    >
                      {r.timeout.exceeded_calls} over {r.timeout.timeout_s} s · +{formatDuration(r.timeout.excess_ms)}
                    </span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="card chart-card" aria-label="Total time by tool">
        <h3>Total time by tool</h3>
        <ChartToolTotals data={totals} />
      </section>
      <ModelCostsTable rows={models} />
    </div>
  );
}
