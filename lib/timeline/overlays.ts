// What the timeline draws behind and above the spans, in ms from the run
// start: iteration bands (docs/analysis.md#run-start-and-iteration-time-spans: iteration i covers the time after
// i−1's ts up to its own), breaker OPEN windows (tool breaker openings; the
// loop, permission and API breakers from their transitions, OPEN until the
// next transition away from OPEN or the run's end), and event markers by
// category. Pure; O(iterations + transitions + events).
import type { AnalysisReport } from "../analysis/analyze";
import type { LaneInputs } from "./lanes";
import type { TimelineEvent, TimelineIteration } from "./wire";

export type IterationBand = { n: number; startMs: number; endMs: number; odd: boolean };
export type BreakerSource = "tool" | "loop" | "permission" | "api";
export type BreakerWindow = {
  source: BreakerSource;
  tool: string | null;
  startMs: number;
  endMs: number;
  label: string;
};
type StateTransition = { from: string; to: string; at: string };

/** The serialisable part of the report the timeline needs (a server component picks it). */
export type BreakerInputs = {
  tool_breakers: { tool: string; opened: { at: string; until: string }[] }[];
  loop: StateTransition[];
  permission: StateTransition[];
  api: StateTransition[];
};

/** No breaker transitions at all: what the timeline draws from before the analysis arrives. */
export const NO_BREAKER_INPUTS: BreakerInputs = { tool_breakers: [], loop: [], permission: [], api: [] };

/**
 * What the timeline takes from the analysis — it arrives after the spans start — or why there is none.
 * `waits`: the tools whose calls wait for a person (the report's human_tools and permission_tools).
 */
export type TimelineAnalysis = { breakers: BreakerInputs; lanes: LaneInputs; waits: string[] } | { error: string };

/** The tools a run's report reads as a person's time (docs/analysis.md#human-waits, #permission-waits). */
export function pickWaitTools(
  settings: Pick<AnalysisReport["settings"], "human_tools" | "permission_tools">,
): string[] {
  return [...new Set([...settings.human_tools, ...settings.permission_tools])].sort();
}

export function pickBreakerInputs(report: AnalysisReport): BreakerInputs {
  const strip = (ts: readonly StateTransition[]) => ts.map(({ from, to, at }) => ({ from, to, at }));
  return {
    tool_breakers: report.tool_breakers.map((b) => ({ tool: b.tool, opened: b.opened })),
    loop: strip(report.loop_breaker.transitions),
    permission: strip(report.permission_breaker.transitions),
    api: strip(report.api_breaker.transitions),
  };
}

export function iterationBands(iterations: readonly TimelineIteration[]): IterationBand[] {
  const sorted = [...iterations].sort((a, b) => a.ts_ms - b.ts_ms || a.n - b.n);
  let prev = 0;
  return sorted.map((it, k) => {
    const band = { n: it.n, startMs: Math.min(prev, it.ts_ms), endMs: it.ts_ms, odd: k % 2 === 1 };
    prev = it.ts_ms;
    return band;
  });
}

/** An ISO time as ms from the run start (epoch µs), keeping the µs digits. */
export const msFromIso = (iso: string, startUs: number): number =>
  (Date.parse(iso) * 1000 + microsOf(iso) - startUs) / 1000;
/** Date.parse keeps ms; the 4th–6th fraction digits are added back. */
function microsOf(iso: string): number {
  const m = /\.\d{3}(\d{1,3})/.exec(iso);
  return m ? Number(m[1]!.padEnd(3, "0")) : 0;
}

function windowsOf(
  source: BreakerSource,
  ts: readonly StateTransition[],
  startUs: number,
  endMs: number,
): BreakerWindow[] {
  const out: BreakerWindow[] = [];
  let openAt: number | null = null;
  for (const t of ts) {
    const at = msFromIso(t.at, startUs);
    if (t.to === "OPEN" && openAt === null) openAt = at;
    else if (t.from === "OPEN" && t.to !== "OPEN" && openAt !== null) {
      out.push({ source, tool: null, startMs: openAt, endMs: at, label: `${source} breaker OPEN` });
      openAt = null;
    }
  }
  if (openAt !== null)
    out.push({
      source,
      tool: null,
      startMs: openAt,
      endMs: Math.max(endMs, openAt),
      label: `${source} breaker OPEN (to the end)`,
    });
  return out;
}

export function breakerWindows(inputs: BreakerInputs, startUs: number, endMs: number): BreakerWindow[] {
  const tool = inputs.tool_breakers.flatMap((b) =>
    b.opened.map((o) => ({
      source: "tool" as const,
      tool: b.tool,
      startMs: msFromIso(o.at, startUs),
      endMs: msFromIso(o.until, startUs),
      label: `${b.tool} breaker OPEN`,
    })),
  );
  return [
    ...tool,
    ...windowsOf("loop", inputs.loop, startUs, endMs),
    ...windowsOf("permission", inputs.permission, startUs, endMs),
    ...windowsOf("api", inputs.api, startUs, endMs),
  ].sort((a, b) => a.startMs - b.startMs);
}

export type BreakerStates = { tool: "OPEN" | "CLOSED" | "NONE"; toolWindow: BreakerWindow | null } & Record<
  Exclude<BreakerSource, "tool">,
  string
>;

/** The state each breaker was in at `ms` — for a span, at its t0. A tool that never opened is NONE. */
export function breakerStatesAt(inputs: BreakerInputs, startUs: number, tool: string, ms: number): BreakerStates {
  const stateOf = (ts: readonly StateTransition[]) => {
    let s = "CLOSED";
    for (const t of ts) if (msFromIso(t.at, startUs) <= ms) s = t.to;
    return s;
  };
  const openings = inputs.tool_breakers.find((b) => b.tool === tool)?.opened ?? null;
  const hit = openings?.find((o) => msFromIso(o.at, startUs) <= ms && ms < msFromIso(o.until, startUs)) ?? null;
  return {
    tool: openings === null ? "NONE" : hit ? "OPEN" : "CLOSED",
    toolWindow: hit
      ? {
          source: "tool",
          tool,
          startMs: msFromIso(hit.at, startUs),
          endMs: msFromIso(hit.until, startUs),
          label: `${tool} breaker OPEN`,
        }
      : null,
    loop: stateOf(inputs.loop),
    permission: stateOf(inputs.permission),
    api: stateOf(inputs.api),
  };
}

export type EventCategory = "permission" | "api" | "context" | "task" | "breaker" | "other";
export type EventMarker = TimelineEvent & { category: EventCategory };

const CATEGORY: Record<string, EventCategory> = {
  permission_denied: "permission",
  permission_granted: "permission",
  protected_path_touched: "permission",
  api_error: "api",
  rate_limited: "api",
  api_request: "api",
  compaction: "context",
  compaction_failed: "context",
  context_cleared: "context",
  task_started: "task",
  task_completed: "task",
  breaker: "breaker",
};

/** Markers in time order, each with the category that picks its colour. */
export function eventMarkers(events: readonly TimelineEvent[]): EventMarker[] {
  return events
    .map((e) => ({ ...e, category: CATEGORY[e.kind] ?? ("other" as const) }))
    .sort((a, b) => a.ts_ms - b.ts_ms);
}
