// The breakers tab (docs/dashboard.md): one chronological log of every transition and
// trip of every breaker in the report — three-layer, per-tool, loop, rate
// limit, permission, API — each with its reason or detail, a severity, the
// action a harness should take, and the timeline window to jump to (ms from
// the run start, the timeline's `view=` contract). Pure; O(entries · log).
// It does not invent span ids: the report names none, so no `span=`.
import type { AnalysisReport } from "../analysis/analyze";
import type { Severity } from "../analysis/iteration-report-types";
import type { BreakerState, BreakerTransition } from "../analysis/permission-breaker";
import { parseTimeUs } from "../time";
import { plural } from "../plural";

export type BreakerKind = "layer" | "tool" | "loop" | "rate" | "permission" | "api" | "harness";

/** A `breaker` event the harness itself logged (docs/format.md: `state`, `reason`), shown beside the replays. */
export type HarnessBreakerEvent = {
  at: string;
  state: string | null;
  reason: string | null;
  tool: string | null;
  detail: string | null;
};

export type BreakerLogEntry = {
  at: string;
  /** ms from the run start (may be negative for a record before it). */
  atMs: number;
  breaker: BreakerKind;
  /** `token` for a layer, the tool's name, etc.; null when the kind says it all. */
  subject: string | null;
  event: string;
  detail: string;
  severity: Severity;
  action: string;
  iteration: number | null;
  /** The timeline window around the entry, ms from the run start. */
  view: { startMs: number; endMs: number };
};

/** Half-width of the window shown around an instant: 5 % of the run, at least 5 s. */
export function viewPadMs(runDurationMs: number): number {
  return Math.max(5_000, runDurationMs * 0.05);
}

type Draft = Omit<BreakerLogEntry, "atMs" | "view"> & { untilMs?: number };

const LOOP_ACTIONS: Record<string, [Severity, string]> = {
  "CLOSED→OPEN": ["HIGH", "halt the loop for the cooldown; a human looks at it"],
  "OPEN→HALF_OPEN": ["LOW", "let one probe iteration run"],
  "HALF_OPEN→OPEN": ["HIGH", "probe failed: stay halted, cooldown doubled"],
  "HALF_OPEN→CLOSED": ["LOW", "probe made progress: resume the loop"],
};

function layerDrafts(r: AnalysisReport): Draft[] {
  return r.layers.events.map((e) => ({
    at: e.at,
    breaker: "layer",
    subject: e.layer,
    iteration: e.iteration ?? null,
    severity: e.severity,
    event: e.kind === "trip" ? "trip" : "warning",
    detail: `${e.layer} ${e.value} / limit ${e.limit}${e.task_id ? ` (task ${e.task_id})` : ""}`,
    action:
      e.kind === "warning"
        ? "watch: close to the limit"
        : e.severity === "HIGH"
          ? "BLOCKER_ESCALATION: stop and escalate to a human"
          : "AUTOMATIC_RECOVERY: reset the task and retry",
  }));
}

function loopDrafts(r: AnalysisReport): Draft[] {
  const detail = new Map(r.stagnation.detections.map((d) => [`${d.detector}@${d.at_iteration}`, d.detail]));
  return r.loop_breaker.transitions.map((t) => {
    const key = `${t.from}→${t.to}`;
    const [severity, action] = LOOP_ACTIONS[key] ?? ["MEDIUM", "review"];
    const why = detail.get(`${t.reason}@${t.iteration}`);
    return {
      at: t.at,
      breaker: "loop",
      subject: null,
      iteration: t.iteration,
      severity,
      action,
      event: key,
      detail: why ? `${t.reason}: ${why}` : t.reason,
    };
  });
}

function toolDrafts(r: AnalysisReport, toMs: (iso: string) => number): Draft[] {
  return r.tool_breakers.flatMap((b) =>
    b.opened.map((o) => ({
      at: o.at,
      breaker: "tool" as const,
      subject: b.tool,
      iteration: null,
      severity: "MEDIUM" as const,
      event: "CLOSED→OPEN",
      detail: `${plural(r.settings.fail_max, "failure")} in a row; open until cooldown ends (${r.settings.cool_s} s)`,
      action: `short-circuit ${b.tool} calls until the cooldown ends`,
      untilMs: toMs(o.until),
    })),
  );
}

function otherDrafts(r: AnalysisReport): Draft[] {
  const out: Draft[] = [];
  const rl = r.rate_limit;
  const limit = r.settings.max_calls_per_hour;
  if (rl.warning_at)
    out.push({
      at: rl.warning_at,
      breaker: "rate",
      subject: null,
      iteration: null,
      severity: "LOW",
      event: "warning",
      detail: `80 % of ${plural(limit, "call")} in a rolling hour`,
      action: "slow down model calls",
    });
  if (rl.pause_at)
    out.push({
      at: rl.pause_at,
      breaker: "rate",
      subject: null,
      iteration: null,
      severity: "MEDIUM",
      event: "pause",
      detail: `${plural(limit, "call")} in a rolling hour; ${plural(rl.waited_calls, "call")} would have waited`,
      action: "pause until the hour rolls over",
    });
  const denials = r.permission_breaker.denials;
  out.push(
    ...transitionDrafts("permission", r.permission_breaker.transitions, (t) => (t.to === "OPEN" ? "MEDIUM" : "LOW"), {
      OPEN: [`permission denials (${denials} in the run)`, "switch to manual confirmation"],
      HALF_OPEN: [
        `cooldown over (${r.settings.permission_cooldown_s} s after opening; by time, no event needed)`,
        "allow one request, confirm by hand",
      ],
      CLOSED: ["permission granted", "resume automatic permissions"],
    }),
  );
  const s = r.settings;
  out.push(
    ...transitionDrafts(
      "api",
      r.api_breaker.transitions,
      (t) => (t.to === "OPEN" ? (t.from === "HALF_OPEN" ? "HIGH" : "MEDIUM") : "LOW"),
      {
        OPEN: [
          `API failure rate > ${Math.round(s.api_failure_rate * 100)} % over the last ${plural(s.api_window, "call")}`,
          "fail fast: stop calling the API and back off",
        ],
        HALF_OPEN: [
          `cooldown over (${s.api_cooldown_s} s after opening; by time, no call needed)`,
          "send one probe call",
        ],
        CLOSED: ["probe call succeeded", "resume API calls"],
      },
    ),
  );
  return out;
}

/** A CLOSED/OPEN/HALF_OPEN breaker's transitions: the detail and action of the state each one enters. */
function transitionDrafts(
  breaker: "permission" | "api",
  transitions: readonly BreakerTransition[],
  severityOf: (t: BreakerTransition) => Severity,
  entered: Record<BreakerState, [detail: string, action: string]>,
): Draft[] {
  return transitions.map((t) => {
    const [detail, action] = entered[t.to];
    return {
      at: t.at,
      breaker,
      subject: null,
      iteration: null,
      severity: severityOf(t),
      event: `${t.from}→${t.to}`,
      detail,
      action,
    };
  });
}

function harnessDrafts(events: readonly HarnessBreakerEvent[]): Draft[] {
  return events.map((e) => {
    const state = (e.state ?? "").toUpperCase();
    const open = state === "OPEN";
    return {
      at: e.at,
      breaker: "harness" as const,
      subject: e.tool,
      iteration: null,
      severity: open ? ("MEDIUM" as const) : ("LOW" as const),
      event: state || "breaker",
      detail: [e.reason, e.detail].filter(Boolean).join(": ") || "logged by the harness",
      action: open
        ? "the harness stopped here itself: compare with where the replays would have"
        : "logged by the harness",
    };
  });
}

/**
 * Every breaker entry of the report — plus the breakers the harness itself
 * logged — oldest first; ties break on breaker kind, then subject.
 */
export function prepareBreakerLog(
  r: AnalysisReport,
  runStartIso: string | null,
  runDurationMs: number,
  harness: readonly HarnessBreakerEvent[] = [],
): BreakerLogEntry[] {
  const startUs = runStartIso ? parseTimeUs(runStartIso) : null;
  const toMs = (iso: string): number => {
    const us = parseTimeUs(iso);
    return us == null || startUs == null ? 0 : (us - startUs) / 1000;
  };
  const pad = viewPadMs(runDurationMs);
  const drafts = [
    ...layerDrafts(r),
    ...toolDrafts(r, toMs),
    ...loopDrafts(r),
    ...otherDrafts(r),
    ...harnessDrafts(harness),
  ];
  return drafts
    .map(({ untilMs, ...d }) => {
      const atMs = toMs(d.at);
      const endMs = Math.max(atMs, untilMs ?? atMs) + pad;
      return { ...d, atMs, view: { startMs: Math.max(0, Math.floor(atMs - pad)), endMs: Math.ceil(endMs) } };
    })
    .sort(
      (a, b) =>
        a.atMs - b.atMs || a.breaker.localeCompare(b.breaker) || (a.subject ?? "").localeCompare(b.subject ?? ""),
    );
}

/** `?tab=timeline&view=<start>-<end>` for an entry (the timeline's URL contract). */
export function timelineHref(entry: Pick<BreakerLogEntry, "view">): string {
  return `?tab=timeline&view=${entry.view.startMs}-${entry.view.endMs}`;
}
