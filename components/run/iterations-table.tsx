// The table of iterations: n, task, files, tests, errors,
// approach, score, window score and risk, and — only when an imported
// iteration log carried them (docs/import.md#loop-breaker-iteration-log) —
// the score, risk and circuit state the harness itself logged, beside the
// replayed ones. Render only; "—" where a field was not logged (absent is
// not zero, docs/analysis.md#absent-and-empty-fields). A risk links to the
// glossary; hover it for its signals. A row with a time links to the
// timeline at that iteration (click anywhere on it, or its number); the tab
// hands in one page of rows (lib/charts/iteration-page).
import Link from "next/link";
import type { ReactNode } from "react";
import { hasLoggedReadings, type IterationTableRow, type LoggedReadings } from "@/lib/charts/iteration-table";
import { formatTokens, formatUsd } from "@/lib/format";
import { plural } from "@/lib/plural";
import { Term, TermText } from "@/components/shared/glossary-term";
import { ClickableRow } from "./iteration-row-link";

const RISK_TONE = { LOW: "ok", MEDIUM: "warn", HIGH: "bad" } as const;
const dash = <span className="muted">—</span>;

function LoggedCell({ logged }: { logged: LoggedReadings | null }) {
  if (logged === null) return <td>{dash}</td>;
  return (
    <td data-testid="iteration-logged">
      <span className="num" data-testid="logged-score">
        {logged.score ?? dash}
      </span>{" "}
      {logged.risk && (
        <Term kind="risk" name={logged.risk} className={`badge ${RISK_TONE[logged.risk]}`} testId="logged-risk" />
      )}
      {logged.state && (
        <span className="muted mono">
          <TermText text={logged.state} kinds={["state"]} />
        </span>
      )}
    </td>
  );
}

function Row({ n, href, children }: { n: number; href: string | undefined; children: ReactNode }) {
  if (!href)
    return (
      <tr data-testid="iteration-row" data-n={n}>
        {children}
      </tr>
    );
  return (
    <ClickableRow href={href} data-testid="iteration-row" data-n={n}>
      {children}
    </ClickableRow>
  );
}

function CommentCountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  const text = plural(count, "comment");
  return (
    <span className="badge info comment-count" title={text} aria-label={text} data-testid="iteration-comment-count">
      {count}
    </span>
  );
}

type Props = {
  rows: IterationTableRow[];
  /** The timeline link of each iteration that has a time, by n. */
  links?: Record<number, string>;
  /** Show the Logged column: decided over the whole run, so it does not come and go between pages. */
  withLogged?: boolean;
  /** Comments anchored to each iteration (with their replies), by n: a badge on the row. */
  commentCounts?: Record<number, number>;
};

export function IterationsTable({ rows, links = {}, withLogged = hasLoggedReadings(rows), commentCounts = {} }: Props) {
  // The table scrolls inside its box on a narrow screen; the page does not.
  return (
    <div className="table-scroll">
      <table className="data iterations-table" data-testid="iterations-table">
        <thead>
          <tr>
            <th className="num">n</th>
            <th>Task</th>
            <th className="num">Files</th>
            <th>Tests</th>
            <th>Errors</th>
            <th>Approach</th>
            <th className="num">Tokens</th>
            <th className="num">Cost</th>
            <th className="num">Score</th>
            <th className="num">Window</th>
            <th>Risk</th>
            {withLogged && <th title="Score, risk and circuit state as the harness logged them">Logged</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Row key={r.n} n={r.n} href={links[r.n]}>
              <td className="num">
                {links[r.n] ? (
                  <Link
                    href={links[r.n]!}
                    data-testid="iteration-timeline-link"
                    title="show this iteration on the timeline"
                  >
                    {r.n}
                  </Link>
                ) : (
                  r.n
                )}
                <CommentCountBadge count={commentCounts[r.n] ?? 0} />
              </td>
              <td className="mono">{r.task ?? dash}</td>
              <td className="num" title={r.files?.list || undefined}>
                {r.files ? r.files.count : dash}
              </td>
              <td className="mono">{r.tests ?? dash}</td>
              <td className="cell-clip" title={r.errors?.first || undefined}>
                {r.errors == null ? (
                  dash
                ) : r.errors.count === 0 ? (
                  <span className="muted">none</span>
                ) : (
                  <span className="text-bad">
                    {r.errors.count > 1 ? `${r.errors.count}× ` : ""}
                    {r.errors.first}
                  </span>
                )}
              </td>
              <td>
                {r.approach ?? dash}
                {r.workKind && <span className="muted"> · {r.workKind}</span>}
              </td>
              <td className="num">{r.tokens == null ? dash : formatTokens(r.tokens)}</td>
              <td className="num">{r.cost == null ? dash : formatUsd(r.cost)}</td>
              <td className="num">{r.score ?? dash}</td>
              <td className={`num${r.window != null && r.window < 0 ? " text-bad" : ""}`}>{r.window ?? dash}</td>
              <td>
                {r.risk ? (
                  <Term
                    kind="risk"
                    name={r.risk}
                    className={`badge ${RISK_TONE[r.risk]}`}
                    note={r.signals.join("\n") || undefined}
                  />
                ) : (
                  dash
                )}
              </td>
              {withLogged && <LoggedCell logged={r.logged} />}
            </Row>
          ))}
        </tbody>
      </table>
    </div>
  );
}
