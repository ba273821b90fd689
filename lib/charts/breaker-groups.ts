// The breakers tab, grouped (docs/dashboard.md#breakers): a tool breaker that
// opened 123 times is one line — "http_get opened 123× between 22:01 and
// 07:50 UTC, 183 calls blocked" — that expands to its events, a page at a
// time, not 123 rows. Groups are by breaker kind and subject (the tool, the
// layer); a filter by kind, subject and state (the state an event enters, or
// the event itself: trip, warning, pause) narrows the log first. Filter and
// paging live in the URL. Pure; O(entries).
import { formatCount, formatTimestamp } from "../format";
import { plural } from "../plural";
import { formatBetween } from "../report/breaker-groups";
import type { AnalysisReport } from "../analysis/analyze";
import type { BreakerKind, BreakerLogEntry } from "./breaker-log";

/** Events on one page of an expanded group. */
export const BREAKER_GROUP_PAGE_SIZE = 25;
/** A group of this many events or fewer is shown open: rare events are read, not unfolded. */
export const OPEN_GROUP_MAX = 10;

export type BreakerFilter = { kind: string | null; subject: string | null; state: string | null };

export type BreakerGroup = {
  /** URL-safe id of the group: `tool:http_get`, `loop`. */
  key: string;
  breaker: BreakerKind;
  subject: string | null;
  count: number;
  firstAt: string;
  lastAt: string;
  /** How many of each event, in the order first seen: [["CLOSED→OPEN", 123]]. */
  events: [string, number][];
  /** Tool breakers: the calls the openings would have short-circuited. */
  blockedCalls: number | null;
  entries: BreakerLogEntry[];
};

/** The state an event enters (`CLOSED→OPEN` → `OPEN`), or the event itself (`trip`). */
export const stateOf = (event: string): string => event.split("→").pop() ?? event;

export const groupKeyOf = (e: Pick<BreakerLogEntry, "breaker" | "subject">): string =>
  e.subject ? `${e.breaker}:${e.subject}` : e.breaker;

export function parseBreakerFilter(q: Record<string, string | undefined>): BreakerFilter {
  const v = (s: string | undefined) => (s && s.trim() !== "" ? s.trim() : null);
  return { kind: v(q.kind), subject: v(q.subject), state: v(q.state) };
}

export function filterBreakerLog(entries: readonly BreakerLogEntry[], f: BreakerFilter): BreakerLogEntry[] {
  return entries.filter(
    (e) =>
      (f.kind === null || e.breaker === f.kind) &&
      (f.subject === null || e.subject === f.subject) &&
      (f.state === null || stateOf(e.event) === f.state),
  );
}

/** The values each filter can take, from the whole log (so a filter never hides its own options). */
export function breakerFilterOptions(entries: readonly BreakerLogEntry[]) {
  const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
  return {
    kinds: sorted(entries.map((e) => e.breaker)),
    subjects: sorted(entries.flatMap((e) => (e.subject ? [e.subject] : []))),
    states: sorted(entries.map((e) => stateOf(e.event))),
  };
}

/** Entries (oldest first) grouped by breaker and subject; groups in the order of their first event. */
export function groupBreakerLog(entries: readonly BreakerLogEntry[], report: AnalysisReport): BreakerGroup[] {
  const blocked = new Map(report.tool_breakers.map((b) => [b.tool, b.blocked_calls]));
  const groups = new Map<string, BreakerGroup>();
  const counts = new Map<string, Map<string, number>>();
  for (const e of entries) {
    const key = groupKeyOf(e);
    let g = groups.get(key);
    if (!g) {
      const blockedCalls = e.breaker === "tool" && e.subject ? (blocked.get(e.subject) ?? null) : null;
      const at = e.at;
      g = {
        key,
        breaker: e.breaker,
        subject: e.subject,
        count: 0,
        firstAt: at,
        lastAt: at,
        events: [],
        blockedCalls,
        entries: [],
      };
      groups.set(key, g);
      counts.set(key, new Map());
    }
    g.count += 1;
    if (e.at < g.firstAt) g.firstAt = e.at;
    if (e.at > g.lastAt) g.lastAt = e.at;
    const c = counts.get(key)!;
    c.set(e.event, (c.get(e.event) ?? 0) + 1);
    g.entries.push(e);
  }
  return [...groups.values()].map((g) => ({ ...g, events: [...counts.get(g.key)!] }));
}

/** "opened 123×" for a tool breaker's openings, "CLOSED→OPEN 2×, OPEN→HALF_OPEN 1×" otherwise. */
function eventCounts(g: BreakerGroup): string {
  return g.events
    .map(([event, n]) => `${g.breaker === "tool" && event === "CLOSED→OPEN" ? "opened" : event} ${formatCount(n)}×`)
    .join(", ");
}

/** "opened 123× between 22:01:00 and 07:50:00 UTC, 183 calls blocked" (the group's name is shown apart). */
export function describeGroup(g: BreakerGroup): string {
  const when = g.count === 1 ? `at ${formatTimestamp(g.firstAt)} UTC` : `between ${formatBetween(g.firstAt, g.lastAt)}`;
  const blocked = g.blockedCalls === null ? "" : `, ${plural(g.blockedCalls, "call")} blocked`;
  return `${eventCounts(g)} ${when}${blocked}`;
}

/** One page of a group's events; `page` is 1-based and clamped. */
export function pageGroupEntries(g: BreakerGroup, page: number, size = BREAKER_GROUP_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(g.entries.length / size));
  const p = Math.min(Math.max(1, page), pages);
  return { entries: g.entries.slice((p - 1) * size, p * size), page: p, pages };
}

/** Rows in the whole tab stay under this, whatever the number of groups (each shows at least 5). */
export const BREAKER_ROWS_BUDGET = 200;

/** Events per page of a group: the budget shared out over the groups, 5 to 25 each. */
export function groupPageSize(groups: number): number {
  return Math.min(BREAKER_GROUP_PAGE_SIZE, Math.max(5, Math.floor(BREAKER_ROWS_BUDGET / Math.max(1, groups))));
}
