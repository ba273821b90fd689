// One page of a breaker group's events (the group names the breaker): when, the event, the
// iteration, the reason, a severity and the recommended action; the time links
// to the timeline at that moment (?tab=timeline&view=…, the timeline's URL
// contract). Breaker kinds, states, detectors, severities and actions link to
// the glossary. Render only: entries from lib/charts/breaker-log.
import Link from "next/link";
import type { BreakerLogEntry } from "@/lib/charts/breaker-log";
import { formatDuration, formatTimestamp } from "@/lib/format";
import { withTimelineParams } from "@/lib/timeline/url-state";
import { Term, TermText } from "@/components/shared/glossary-term";

const SEVERITY_TONE = { LOW: "info", MEDIUM: "warn", HIGH: "bad" } as const;

export function BreakerEntries({ runId, entries }: { runId: string; entries: BreakerLogEntry[] }) {
  const base = `/runs/${encodeURIComponent(runId)}`;
  return (
    <div className="table-scroll">
      <table className="data breaker-log-table">
        <thead>
          <tr>
            <th>At (UTC)</th>
            <th className="num">+ from start</th>
            <th>Event</th>
            <th className="num">Iter.</th>
            <th>Reason / detail</th>
            <th>Severity</th>
            <th>Recommended action</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={i} data-testid="breaker-entry" data-breaker={e.breaker} data-event={e.event}>
              <td className="mono">
                <Link
                  href={
                    base +
                    withTimelineParams(
                      `tab=timeline&at=${Math.round(e.atMs * 1000) / 1000}`,
                      e.view,
                      null,
                      undefined,
                      true,
                    )
                  }
                  data-testid="breaker-entry-link"
                  title="show this moment on the timeline"
                >
                  {formatTimestamp(e.at)}
                </Link>
              </td>
              <td className="num mono">{formatDuration(e.atMs)}</td>
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
