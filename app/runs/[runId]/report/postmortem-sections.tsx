// Post-mortem sections after the verdict: the breakers (tool breakers,
// timeouts, every breaker event in time order), the bottlenecks and identical calls, stagnation
// and the context-clear factors. Render only: figures come from the report.
import { Fragment, type ReactNode } from "react";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { formatDuration, formatPct, formatTimestamp, formatUsd } from "@/lib/format";
import { plural } from "@/lib/plural";
import { describeBreakerGroup, groupBreakerEvents } from "@/lib/report/breaker-groups";
import { breakerEvents } from "@/lib/report/markdown";

/** `code` spans of the recommendation texts as <code>. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>{text.split("`").map((part, i) => (i % 2 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}</>
  );
}

function Table({
  head,
  rows,
  empty,
  num = [],
}: {
  head: string[];
  rows: ReactNode[][];
  empty: string;
  num?: number[];
}) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <table className="data pm-table">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} className={num.includes(i) ? "num" : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={num.includes(j) ? "num" : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BreakersSection({ report }: { report: AnalysisReport }) {
  return (
    <section className="pm-section">
      <h2>Where the breakers would have stopped it</h2>
      <h3>Per-tool breakers</h3>
      <Table
        head={["tool", "opened", "blocked calls", "blocked time"]}
        num={[1, 2, 3]}
        empty="No tool breaker would have opened."
        rows={report.tool_breakers.map((b) => [
          <code key="t">{b.tool}</code>,
          `${b.opened.length}×`,
          b.blocked_calls,
          formatDuration(b.blocked_ms),
        ])}
      />
      <h3>Timeouts</h3>
      <Table
        head={["tool", "timeout", "calls over", "time over"]}
        num={[1, 2, 3]}
        empty="No call ran over its timeout."
        rows={report.timeouts.map((t) => [
          <code key="t">{t.tool}</code>,
          `${t.timeout_s} s`,
          t.exceeded_calls,
          formatDuration(t.excess_ms),
        ])}
      />
      <BreakerEvents report={report} />
    </section>
  );
}

/** One line per breaker and event, the full list one click away. */
function BreakerEvents({ report }: { report: AnalysisReport }) {
  const events = breakerEvents(report);
  const groups = groupBreakerEvents(events, report);
  return (
    <>
      <h3>Breaker events</h3>
      {groups.length === 0 ? (
        <p className="muted">No breaker event.</p>
      ) : (
        <>
          <ul data-testid="pm-breaker-groups">
            {groups.map((g) => (
              <li key={`${g.breaker}|${g.event}`}>
                <InlineCode text={describeBreakerGroup(g)} />
              </li>
            ))}
          </ul>
          <details data-testid="pm-breaker-events">
            <summary>
              {events.length === 1 ? "The breaker event" : `All ${plural(events.length, "breaker event")}`}
            </summary>
            <Table
              head={["at (UTC)", "breaker", "event", "reason / severity"]}
              empty="No breaker event."
              rows={events.map((e) => [
                <span key="a" className="mono">
                  {formatTimestamp(e.at)}
                </span>,
                e.breaker,
                e.event,
                e.reason,
              ])}
            />
          </details>
        </>
      )}
    </>
  );
}

export function BottlenecksSection({ report }: { report: AnalysisReport }) {
  const byTool = new Map(report.tools.map((t) => [t.tool, t]));
  return (
    <section className="pm-section">
      <h2>Bottlenecks</h2>
      <Table
        head={["tool", "calls", "failures", "fail rate", "total", "avg", "cost", "reasons"]}
        num={[1, 2, 3, 4, 5, 6]}
        empty="No bottleneck."
        rows={report.bottlenecks.map((b) => {
          const t = byTool.get(b.tool);
          return [
            <code key="t">{b.tool}</code>,
            t?.calls ?? 0,
            t?.failures ?? 0,
            formatPct(t?.fail_rate),
            formatDuration(b.total_ms),
            formatDuration(t?.avg_ms),
            formatUsd(t?.cost_usd),
            b.reasons.map((r) => (
              <span key={r.kind} className={`badge ${r.kind === "failing" ? "bad" : "warn"}`}>
                {r.kind}
              </span>
            )),
          ];
        })}
      />
      {report.repeated_calls.length > 0 && (
        <>
          <h3>Identical calls</h3>
          <Table
            head={["tool", "input", "calls", "first repeated (UTC)", "iteration"]}
            num={[2, 4]}
            empty="No identical calls."
            rows={report.repeated_calls.map((r) => [
              <code key="t">{r.tool}</code>,
              <code key="i" data-testid="pm-repeated-input">
                {r.input}
              </code>,
              r.calls,
              formatTimestamp(r.first_at),
              r.iteration ?? "—",
            ])}
          />
        </>
      )}
    </section>
  );
}

export function StagnationSection({ report }: { report: AnalysisReport }) {
  return (
    <section className="pm-section">
      <h2>Stagnation</h2>
      <Table
        head={["detector", "first at iteration", "detail"]}
        num={[1]}
        empty="No stagnation detector fired."
        rows={report.stagnation.detections.map((d) => [
          <code key="d">{d.detector}</code>,
          d.at_iteration,
          <span key="x" className="wrap">
            {d.detail}
          </span>,
        ])}
      />
    </section>
  );
}

const round = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function ContextSection({ report }: { report: AnalysisReport }) {
  const c = report.context_clear;
  return (
    <section className="pm-section">
      <h2>Context clear: {c.decision}</h2>
      <Table
        head={["factor", "value", "threshold", "fired"]}
        num={[1, 2]}
        empty="No factor evaluated."
        rows={Object.entries(c.factors).map(([name, f]) => [
          `${name.replace(/_/g, " ")}${f.estimated ? " (estimated)" : ""}`,
          f.value === null ? "—" : round(f.value),
          round(f.threshold),
          f.fired ? (
            <span key="f" className="badge bad">
              fired
            </span>
          ) : (
            <span key="f" className="muted">
              no
            </span>
          ),
        ])}
      />
    </section>
  );
}
