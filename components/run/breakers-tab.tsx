// The breakers tab: every transition and trip of every
// breaker in one chronological log, with reason, severity and action; each
// entry links to the timeline at that moment (?tab=timeline&view=…, the
// timeline's URL contract). Breaker kinds, states, detectors, severities and
// actions link to the glossary. Render only: entries from lib/charts/breaker-log.
import Link from "next/link";
import type { BreakerLogEntry } from "@/lib/charts/breaker-log";
import { formatDuration, formatTimestamp } from "@/lib/format";
import { Term, TermText } from "@/components/shared/glossary-term";
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
    <div className="table-scroll">
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
                  <Term kind="breaker" name={e.breaker} className="breaker-kind" />
                  {e.subject && <span className="mono"> {e.subject}</span>}
                </td>
                <td className="mono">
                  <TermText text={e.event} kinds={["state", "event"]} />
                </td>
                <td className="num">{e.iteration ?? ""}</td>
                <td className="cell-wrap">
                  <TermText text={e.detail} kinds={["detector", "transition"]} />
                </td>
                <td>
                  <Term kind="severity" name={e.severity} className={`badge ${SEVERITY_TONE[e.severity]}`} />
                </td>
                <td className="cell-wrap">
                  <TermText text={e.action} kinds={["action"]} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
