// Breaker events grouped for the post-mortem (docs/dashboard.md#post-mortem):
// a tool breaker that opened 123 times is one line — how often, between
// which times, how many calls it blocked — not 123 rows. Pure; O(events).
// It does not drop anything: each group keeps its rows for the full list.
import type { AnalysisReport } from "../analysis/analyze";
import { formatCount, formatTimestamp } from "../format";
import { plural } from "../plural";

/** One breaker event as the post-mortem lists it; `at` is ISO. */
export type BreakerEventRow = { at: string; breaker: string; event: string; reason: string };

export type BreakerGroup = {
  breaker: string;
  /** The event without its iteration (`CLOSED→OPEN`, `trip`, `OPEN`). */
  event: string;
  count: number;
  first_at: string;
  last_at: string;
  /** Tool breakers only: the calls the openings would have short-circuited. */
  blocked_calls: number | null;
  rows: BreakerEventRow[];
};

const eventKind = (event: string): string => event.replace(/ @\d+$/, "");

/** Rows (in time order) grouped by breaker and event kind; groups ordered by their first row. */
export function groupBreakerEvents(rows: readonly BreakerEventRow[], report: AnalysisReport): BreakerGroup[] {
  const groups = new Map<string, BreakerGroup>();
  const blocked = new Map(report.tool_breakers.map((b) => [`tool:${b.tool}`, b.blocked_calls]));
  for (const row of rows) {
    const event = eventKind(row.event);
    const key = `${row.breaker}|${event}`;
    const g = groups.get(key);
    if (g) {
      g.count += 1;
      if (row.at < g.first_at) g.first_at = row.at;
      if (row.at > g.last_at) g.last_at = row.at;
      g.rows.push(row);
    } else {
      const calls = event === "OPEN" ? (blocked.get(row.breaker) ?? null) : null;
      groups.set(key, {
        breaker: row.breaker,
        event,
        count: 1,
        first_at: row.at,
        last_at: row.at,
        blocked_calls: calls,
        rows: [row],
      });
    }
  }
  return [...groups.values()].sort((a, b) => (a.first_at < b.first_at ? -1 : a.first_at > b.first_at ? 1 : 0));
}

/** "22:01:00 and 07:50:00 UTC" on one day, full timestamps across days. */
export function formatBetween(first: string, last: string): string {
  const [a, b] = [formatTimestamp(first), formatTimestamp(last)];
  return a.slice(0, 10) === b.slice(0, 10) ? `${a.slice(11)} and ${b.slice(11)} UTC` : `${a} and ${b} UTC`;
}

/**
 * One line per group: "`tool:http_get` OPEN 123× between 22:01:00 and 07:50:00 UTC,
 * 183 calls blocked"; a single event reads "`loop` CLOSED→OPEN @11 at … — reason".
 * Backticks mark code (the page renders them as <code>).
 */
export function describeBreakerGroup(g: BreakerGroup): string {
  const blocked = g.blocked_calls === null ? "" : `, ${plural(g.blocked_calls, "call")} blocked`;
  if (g.count === 1) {
    const row = g.rows[0]!;
    return `\`${g.breaker}\` ${row.event} at ${formatTimestamp(row.at)} UTC${row.reason ? ` — ${row.reason}` : ""}${blocked}`;
  }
  return `\`${g.breaker}\` ${g.event} ${formatCount(g.count)}× between ${formatBetween(g.first_at, g.last_at)}${blocked}`;
}
