// lib/charts/breaker-groups: the breakers tab groups the log by breaker and
// subject — "opened 123× between …, 183 calls blocked" — filters it by kind,
// subject and state, and pages a group so the tab never holds hundreds of rows.
import { describe, expect, test } from "vitest";
import type { BreakerLogEntry } from "@/lib/charts/breaker-log";
import {
  BREAKER_ROWS_BUDGET,
  breakerFilterOptions,
  describeGroup,
  filterBreakerLog,
  groupBreakerLog,
  groupPageSize,
  pageGroupEntries,
  parseBreakerFilter,
  stateOf,
} from "@/lib/charts/breaker-groups";
import { makeReport } from "@/tests/support/analysis-report";
import { at } from "./factories";

const entry = (s: number, patch: Partial<BreakerLogEntry>): BreakerLogEntry => ({
  at: at(s),
  atMs: s * 1000,
  breaker: "tool",
  subject: "http_get",
  event: "CLOSED→OPEN",
  detail: "",
  severity: "MEDIUM",
  action: "",
  iteration: null,
  view: { startMs: 0, endMs: 1 },
  ...patch,
});

// http_get opens 123 times over 10 h; the loop opens once and half-opens once.
const log = [
  ...Array.from({ length: 123 }, (_, i) => entry(60 + i * 290, {})),
  entry(100, { breaker: "loop", subject: null, event: "CLOSED→OPEN" }),
  entry(1900, { breaker: "loop", subject: null, event: "OPEN→HALF_OPEN" }),
].sort((a, b) => a.atMs - b.atMs);
const report = makeReport({ tool_breakers: [{ tool: "http_get", opened: [], blocked_calls: 183, blocked_ms: 0 }] });

describe("grouping", () => {
  test("a tool breaker that opened 123 times is one group, with its time range and blocked calls", () => {
    const groups = groupBreakerLog(log, report);
    expect(groups.map((g) => [g.key, g.count])).toEqual([
      ["tool:http_get", 123],
      ["loop", 2],
    ]);
    expect(describeGroup(groups[0]!)).toBe("opened 123× between 10:01:00 and 19:50:40 UTC, 183 calls blocked");
    expect(describeGroup(groups[1]!)).toBe("CLOSED→OPEN 1×, OPEN→HALF_OPEN 1× between 10:01:40 and 10:31:40 UTC");
  });

  test("a group's events come a page at a time; the rows of all groups stay within the budget", () => {
    const [http] = groupBreakerLog(log, report);
    const page = pageGroupEntries(http!, 5, 25);
    expect([page.page, page.pages, page.entries.length]).toEqual([5, 5, 23]);
    expect(groupPageSize(2)).toBe(25);
    expect(groupPageSize(30) * 30).toBeLessThanOrEqual(BREAKER_ROWS_BUDGET);
  });
});

describe("filtering", () => {
  test("by state: the state an event enters, or the event itself", () => {
    expect([stateOf("CLOSED→OPEN"), stateOf("trip")]).toEqual(["OPEN", "trip"]);
    const filter = parseBreakerFilter({ state: "HALF_OPEN", kind: "", subject: undefined });
    expect(filter).toEqual({ kind: null, subject: null, state: "HALF_OPEN" });
    expect(filterBreakerLog(log, filter).map((e) => e.event)).toEqual(["OPEN→HALF_OPEN"]);
  });

  test("by kind and subject; the options come from the whole log", () => {
    expect(filterBreakerLog(log, { kind: "tool", subject: "http_get", state: null })).toHaveLength(123);
    expect(breakerFilterOptions(log)).toEqual({
      kinds: ["loop", "tool"],
      subjects: ["http_get"],
      states: ["HALF_OPEN", "OPEN"],
    });
  });
});
