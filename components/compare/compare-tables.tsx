// The side-by-side tables of /compare: numeric rows with the delta B − A
// (the worse side marked), text rows with differences marked, and the tool
// table over the union of both runs' tools. Render only: the rows come from
// lib/compare/compare-runs.ts. A row that is one of the run's defined figures
// (Tokens, cache reads: docs/analysis.md#tokens) links its label to the definition.
import { Term } from "@/components/shared/glossary-term";
import type { GlossaryName } from "@/lib/glossary";
import type { FigureRow, TextRow, ToolCompareRow, ToolStat, Unit } from "@/lib/compare/compare-runs";
import { formatCount, formatDuration, formatPct, formatTokens, formatUsd } from "@/lib/format";

/** The figure rows whose label is a glossary term. */
const FIGURE_TERMS: Partial<Record<string, GlossaryName<"figure">>> = { tokens: "tokens", cache_reads: "cache_reads" };

function formatValue(v: number | null, unit: Unit): string {
  if (v == null) return "—";
  if (v === 0) return "0";
  if (unit === "ms") return formatDuration(Math.abs(v));
  if (unit === "tokens") return formatTokens(Math.abs(v));
  if (unit === "pct") return formatPct(Math.abs(v));
  if (unit === "usd") return formatUsd(Math.abs(v));
  return formatCount(Math.abs(v));
}

function Delta({ value, unit }: { value: number | null; unit: Unit }) {
  if (value == null) return <span className="muted">—</span>;
  if (value === 0) return <span className="muted">=</span>;
  return (
    <span className="delta">
      {value > 0 ? "+" : "−"}
      {formatValue(value, unit)}
    </span>
  );
}

export function CompareFigures({ rows, testId }: { rows: FigureRow[]; testId?: string }) {
  return (
    <table className="data compare" data-testid={testId}>
      <thead>
        <tr>
          <th />
          <th className="num">A</th>
          <th className="num">B</th>
          <th className="num">B − A</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-row={r.key}>
            <th scope="row">{FigureLabel(r)}</th>
            <td className={`num ${r.worse === "a" ? "worse" : ""}`}>{formatValue(r.a, r.unit)}</td>
            <td className={`num ${r.worse === "b" ? "worse" : ""}`}>{formatValue(r.b, r.unit)}</td>
            <td className={`num ${r.worse ? `delta-${r.worse === "b" ? "up" : "down"}` : ""}`}>
              <Delta value={r.delta} unit={r.unit} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FigureLabel(r: FigureRow): React.ReactNode {
  const term = FIGURE_TERMS[r.key];
  return term ? (
    <Term kind="figure" name={term}>
      {r.label}
    </Term>
  ) : (
    r.label
  );
}

export function CompareTexts({ rows, testId }: { rows: TextRow[]; testId?: string }) {
  return (
    <table className="data compare" data-testid={testId}>
      <thead>
        <tr>
          <th />
          <th>A</th>
          <th>B</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={r.differs ? "differs" : undefined} data-row={r.key}>
            <th scope="row">{r.label}</th>
            <td>{r.a}</td>
            <td>{r.b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const STATS: [keyof ToolStat, string, Unit][] = [
  ["calls", "calls", "count"],
  ["failures", "fail", "count"],
  ["total_ms", "total", "ms"],
  ["avg_ms", "avg", "ms"],
];

export function CompareTools({ rows }: { rows: ToolCompareRow[] }) {
  if (rows.length === 0) return <p className="muted">Neither run called a tool.</p>;
  return (
    <table className="data compare compare-tools" data-testid="compare-tools">
      <thead>
        <tr>
          <th rowSpan={2}>tool</th>
          <th colSpan={4} className="side">
            A
          </th>
          <th colSpan={4} className="side">
            B
          </th>
          <th colSpan={4} className="side">
            B − A
          </th>
        </tr>
        <tr>
          {[0, 1, 2].flatMap((g) =>
            STATS.map(([k, label]) => (
              <th key={`${g}${k}`} className="num">
                {label}
              </th>
            )),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.tool} data-tool={r.tool}>
            <th scope="row">
              <code>{r.tool}</code>
            </th>
            {STATS.map(([k, , unit]) => (
              <td key={`a${k}`} className={`num ${r.worse === "a" && k === "total_ms" ? "worse" : ""}`}>
                {r.a ? formatValue(r.a[k], unit) : "—"}
              </td>
            ))}
            {STATS.map(([k, , unit]) => (
              <td key={`b${k}`} className={`num ${r.worse === "b" && k === "total_ms" ? "worse" : ""}`}>
                {r.b ? formatValue(r.b[k], unit) : "—"}
              </td>
            ))}
            {STATS.map(([k, , unit]) => {
              const d = r.delta ? r.delta[k] : null;
              const cls = d == null || d === 0 ? "" : d > 0 ? "delta-up" : "delta-down";
              return (
                <td key={`d${k}`} className={`num ${cls}`}>
                  <Delta value={d} unit={unit} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
