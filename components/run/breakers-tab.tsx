// The breakers tab: every transition and trip of every
// breaker in one chronological log, with reason, severity and action; each
// entry links to the timeline at that moment (?tab=timeline&view=…, the
// timeline's URL contract). Render only: entries from lib/charts/breaker-log.
import Link from "next/link";
import type { BreakerLogEntry } from "@/lib/charts/breaker-log";
import { formatDuration, formatTimestamp } from "@/lib/format";
import { runTabHref } from "./run-tabs";

const SEVERITY_TONE = { LOW: "info", MEDIUM: "warn", HIGH: "bad" } as const;

export function BreakersTab({ runId, entries }: { runId: string; entries: BreakerLogEntry[] }) {
  if (entries.length === 0) {
    return (
      <div className="card empty" data-testid="breaker-log-empty">
        No breaker changed state or tripped in this run.
      </div>
    );
  }
  return (
    <table className="data breaker-log" data-testid="breaker-log">
      <thead>
        <tr>
          <th>At (UTC)</th>
          <th className="num">+ from start</th>
          <th>Breaker</th>
          <th>Event</th>
          <th className="num">Iter.</th>
          <th>Reason / detail</th>
          <th>Severity</th>
          <th>Recommended action</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e, i) => {
          const href = runTabHref(runId, "timeline", { view: `${e.view.startMs}-${e.view.endMs}` });
          return (
            <tr key={i} data-testid="breaker-entry" data-breaker={e.breaker} data-event={e.event}>
              <td className="mono">
                <Link href={href} data-testid="breaker-entry-link" title="show this moment on the timeline">
                  {formatTimestamp(e.at)}
                </Link>
              </td>
              <td className="num mono">{formatDuration(e.atMs)}</td>
              <td>
                <span className="breaker-kind">{e.breaker}</span>
                {e.subject && <span className="mono"> {e.subject}</span>}
              </td>
              <td className="mono">{e.event}</td>
              <td className="num">{e.iteration ?? ""}</td>
              <td className="cell-wrap">{e.detail}</td>
              <td>
                <span className={`badge ${SEVERITY_TONE[e.severity]}`}>{e.severity}</span>
              </td>
              <td className="cell-wrap">{e.action}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
