// The terms the run page and the runs list show, each with a one-line
// explanation (the hover text) and the heading of the docs page that explains
// it (docs/analysis.md#glossary; the badges of the runs list in
// docs/dashboard.md#runs). Terms are grouped by kind, because a word can mean
// two things: NORMAL is a three-layer status and a token tier, HIGH a risk and
// a severity. tests/unit/glossary.test.ts checks every anchor against the docs
// and every detector, state and action the analysis produces against this map.
// Pure data and one pure splitter; O(text length) per split.
import type { BreakerKind } from "./charts/breaker-log";
import type { BottleneckReason } from "./analysis/tools";
import { NO_NEW_FILES_RUN, REVERT_WINDOW, REVERTING_ITERATIONS } from "./analysis/session-detectors";
import type {
  ContextClearReport,
  ContextFactorName,
  DetectorName,
  LayerEvent,
  LayersReport,
  LoopState,
  Risk,
  Severity,
  Tier,
} from "./analysis/iteration-report-types";

/** The served docs page (lib/docs.ts slug) and heading anchor that explain a term. */
export type GlossaryEntry = { short: string; page: "analysis" | "dashboard"; anchor: string };

const a = (anchor: string, short: string): GlossaryEntry => ({ short, page: "analysis", anchor });

const detector: Record<DetectorName, GlossaryEntry> = {
  negative_window: a(
    "stagnation-detectors",
    "stagnation detector: the progress scores of the last 3 iterations sum below 0",
  ),
  no_progress: a(
    "stagnation-detectors",
    "stagnation detector: 3 iterations in a row with no file modified and no task completed",
  ),
  same_error: a(
    "stagnation-detectors",
    "stagnation detector: the same error in same_error_run iterations in a row (5; in sessions 3 failing steps)",
  ),
  output_decline: a(
    "stagnation-detectors",
    "stagnation detector: the agent's output fell by 70 % or more over 3 iterations",
  ),
  permission_denials: a("stagnation-detectors", "stagnation detector: 3 permission denials in a row"),
  test_fix_loop: a("stagnation-detectors", "stagnation detector: the last 5 iterations only fixed tests"),
  circular: a(
    "stagnation-detectors",
    "stagnation detector: 2–3 approaches tried in turn over 6 iterations, no task done",
  ),
  repeated_call: a("identical-calls", "stagnation detector: one tool called with the same input again and again"),
  edits_reverted: a(
    "session-detectors",
    `stagnation detector (sessions): ${REVERTING_ITERATIONS} of the last ${REVERT_WINDOW} steps undid an earlier edit — the agent flip-flops`,
  ),
  no_new_files: a(
    "session-detectors",
    `stagnation detector (sessions): ${NO_NEW_FILES_RUN} steps in a row changed no file and read none not read before`,
  ),
};

const state: Record<LoopState, GlossaryEntry> = {
  CLOSED: a("glossary", "breaker state: everything goes through — the normal state"),
  OPEN: a("glossary", "breaker state: tripped — calls or iterations would have been stopped until the cooldown ends"),
  HALF_OPEN: a(
    "glossary",
    "breaker state: cooldown over — the next call or iteration is a probe that closes or reopens it",
  ),
};

const transition = {
  cooldown_elapsed: a(
    "loop-breaker",
    "the loop breaker's cooldown ended: the next iteration is a probe (OPEN → HALF_OPEN)",
  ),
  probe_passed: a("loop-breaker", "the probe iteration scored above 0: the loop resumes (HALF_OPEN → CLOSED)"),
  probe_failed: a("loop-breaker", "the probe iteration did not score above 0: halted again, cooldown doubled"),
} satisfies Record<string, GlossaryEntry>;

const action: Record<LayersReport["action"], GlossaryEntry> = {
  NONE: a("three-layer-breaker", "three-layer action: nothing to do — no layer tripped"),
  AUTOMATIC_RECOVERY: a("three-layer-breaker", "three-layer action: reset the task and retry (a MEDIUM trip)"),
  BLOCKER_ESCALATION: a("three-layer-breaker", "three-layer action: stop and escalate to a human (a HIGH trip)"),
};

const status: Record<LayersReport["status"], GlossaryEntry> = {
  NORMAL: a("three-layer-breaker", "three-layer status: no layer tripped (warnings alone do not count)"),
  TRIGGERED: a("three-layer-breaker", "three-layer status: a layer (iterations, task tokens, task errors) tripped"),
};

const tier: Record<Tier, GlossaryEntry> = {
  NORMAL: a("token-budget", "token tier: context fill below 70 % — room to work"),
  WARNING: a("token-budget", "token tier: context fill 70–80 % — filling up"),
  AUTO_COMPACT: a("token-budget", "token tier: context fill 80–92 % — the harness should compact the context"),
  SNIP_COMPACT: a("token-budget", "token tier: context fill 92–95 % — compaction overdue, old context must be cut"),
  REJECT: a("token-budget", "token tier: context fill 95 % or more — new input would be rejected"),
};

const risk: Record<Risk, GlossaryEntry> = {
  LOW: a("stagnation-risk", "stagnation risk LOW: no detector holds or is one step from holding"),
  MEDIUM: a("stagnation-risk", "stagnation risk MEDIUM: a detector is one step from holding, or the window score is 0"),
  HIGH: a("stagnation-risk", "stagnation risk HIGH: a stagnation detector's condition holds"),
};

const severity: Record<Severity, GlossaryEntry> = {
  LOW: a("glossary", "severity LOW: a warning or a breaker recovering — watch"),
  MEDIUM: a("glossary", "severity MEDIUM: a breaker tripped — act (retry, slow down, confirm by hand)"),
  HIGH: a("glossary", "severity HIGH: far over a limit, or the loop halted — a human should look"),
};

const decision: Record<ContextClearReport["decision"], GlossaryEntry> = {
  clear: a("context-clear", "context-clear decision: clear the agent's context now — a factor fired"),
  keep: a("context-clear", "context-clear decision: keep the context — no factor fired"),
};

const factor: Record<ContextFactorName, GlossaryEntry> = {
  token_usage: a("context-clear", "context-clear factor: how full the context is"),
  task_complexity: a("task-complexity", "context-clear factor: how complex the current task is"),
  completed_tasks: a("context-clear", "context-clear factor: tasks completed since the last clear"),
  error_rate: a("context-clear", "context-clear factor: the share of the last 5 finished tasks that had errors"),
  absolute_limit: a("context-clear", "context-clear factor: a hard cap on tasks completed since the last clear"),
};

/** The breakers, as the breakers tab names them, and `context`: the timeline's lane of the token tiers. */
const breaker: Record<BreakerKind | "context", GlossaryEntry> = {
  layer: a("three-layer-breaker", "three-layer breaker: iterations in the run, the task's tokens, the task's errors"),
  tool: a("tool-breaker", "tool breaker: a tool's failures in a row open it for a cooldown"),
  loop: a("loop-breaker", "loop breaker: a stagnation detector firing halts the loop for a cooldown"),
  rate: a("rate-limit", "rate limit: calls in any rolling hour"),
  permission: a("permission-breaker", "permission breaker: permission denials switch to manual confirmation"),
  api: a("api-breaker", "API breaker: a high API failure rate stops calls for a cooldown"),
  harness: a("glossary", "a breaker event your harness logged itself, shown beside the replays"),
  context: a("token-budget", "context lane: the token tier of the context fill, and where a clear is recommended"),
};

const event: Record<LayerEvent["kind"] | "pause", GlossaryEntry> = {
  warning: a("glossary", "warning: a limit is close (80 %, or one error short)"),
  trip: a("glossary", "trip: a limit was reached"),
  pause: a("rate-limit", "pause: the rolling hour held the whole call limit"),
};

const reason: Record<BottleneckReason["kind"], GlossaryEntry> = {
  slow: a("bottlenecks", "bottleneck: average duration ≥ max(upper median × slow_ratio, min_slow_ms)"),
  failing: a("bottlenecks", "bottleneck: fail rate ≥ fail_rate, with at least 2 calls"),
  overcalled: a("bottlenecks", "called at least overcall_calls times — shown, not alarmed: long runs call tools often"),
  repeated: a("bottlenecks", "bottleneck: the tool was called with the same input again and again"),
};

const d = (anchor: string, short: string): GlossaryEntry => ({ short, page: "dashboard", anchor });

const badge = {
  would_halt: a("loop-breaker", "the loop breaker would have halted the run at this iteration"),
  breaker_would_trip: a("glossary", "replaying the breakers over this run: a breaker would have tripped"),
  no_breaker: a("glossary", "replaying the breakers over this run: none would have tripped"),
  stagnation: a("stagnation-risk", "stagnation risk at the last iteration"),
  bottlenecks: a("bottlenecks", "tools that are slow, failing or called with the same input again and again"),
  failed: a("calls-and-containers", "spans that failed (ok = false, or an error)"),
  not_analysed: d("runs", "too large to analyse on the list: open the run to analyse it"),
  review: d("review", "where the team's review of this run stands, and the root cause it found"),
  outcome: d(
    "shape-and-outcome",
    "whether the run did what it was for, and who said so: its file, a grader or a review",
  ),
  shape: d(
    "shape-and-outcome",
    "what one iteration of the run is: an attempt (loop), a step (autonomous), a turn (interactive)",
  ),
  profile: a("profiles", "the settings the run's shape reads it with (its lens): the loop lens is the defaults"),
  verdict: a("verdict", "the breaker finding that would have stopped the run and saved at least the verdict floor"),
  note: a("verdict", "a breaker finding that would have saved less than the verdict floor: shown, not a verdict"),
  no_verdict: a("verdict", "no breaker would have stopped this run: no finding, or only notes below the verdict floor"),
} satisfies Record<string, GlossaryEntry>;

/** A run's figures where one word could mean several sums: the header, the runs list, compare and the report. */
const figure = {
  tokens: a("tokens", "input + output + cache-write tokens of every model call, subagents included; cache reads apart"),
  cache_reads: a("tokens", "tokens the model calls re-read from the prompt cache: shown beside Tokens, never in them"),
} satisfies Record<string, GlossaryEntry>;

export const GLOSSARY = {
  detector,
  state,
  transition,
  action,
  status,
  tier,
  risk,
  severity,
  decision,
  factor,
  breaker,
  event,
  reason,
  badge,
  figure,
} as const;

export type GlossaryKind = keyof typeof GLOSSARY;
export type GlossaryName<K extends GlossaryKind> = keyof (typeof GLOSSARY)[K] & string;

/** The entry of `name` among the terms of `kind`, or undefined for a word that is not one. */
export function findTerm(kind: GlossaryKind, name: string): GlossaryEntry | undefined {
  const terms: Readonly<Record<string, GlossaryEntry>> = GLOSSARY[kind];
  return Object.hasOwn(terms, name) ? terms[name] : undefined;
}

/** Where a term is explained: `/docs/analysis#stagnation-detectors`. */
export function glossaryHref(entry: GlossaryEntry): string {
  return `/docs/${entry.page}#${entry.anchor}`;
}

/** The id of a term's hidden description (GlossaryDescriptions renders them once per page). */
export function termDescriptionId(kind: GlossaryKind, name: string): string {
  return `term-${kind}-${name}`;
}

export type TextPart = string | { kind: GlossaryKind; name: string };

/**
 * Cut a sentence into plain text and the terms it names, looking for the
 * terms of `kinds` (the first kind wins a word both have). A term counts only
 * as a whole word: OPEN is not found inside HALF_OPEN, nor `circular` in
 * `circularity`.
 */
export function splitTerms(text: string, kinds: readonly GlossaryKind[]): TextPart[] {
  const kindOf = new Map<string, GlossaryKind>();
  for (const kind of kinds)
    for (const name of Object.keys(GLOSSARY[kind])) if (!kindOf.has(name)) kindOf.set(name, kind);
  if (kindOf.size === 0 || text === "") return text ? [text] : [];
  const names = [...kindOf.keys()].sort((x, y) => y.length - x.length).map(escapeRegExp);
  const re = new RegExp(`(?<![A-Za-z0-9_])(?:${names.join("|")})(?![A-Za-z0-9_])`, "g");
  const parts: TextPart[] = [];
  let from = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > from) parts.push(text.slice(from, m.index));
    parts.push({ kind: kindOf.get(m[0])!, name: m[0] });
    from = m.index + m[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
