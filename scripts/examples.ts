// `npm run examples [-- <dir>]`: write the repository's example data, by
// default into examples/ at the repository root (whatever the working
// directory). What the analysis finds in each file is in examples/README.md
// and pinned by tests/unit/analysis/examples.test.ts and
// iteration-examples.test.ts; tests/unit/examples/generator.test.ts
// regenerates the files and compares them byte for byte, so edit this
// script, never the files.
// Deterministic: fixed base times, a seeded PRNG, integer microseconds; no
// clock and no Math.random. The two loop runs are built in two steps: a plan
// of every iteration's calls (relative times), then a layout that places the
// plans on the clock — that is where the stuck loop's gaps are stretched so
// the loop breaker's 30-minute cooldown ends just before iteration 27.
// examples/README.md is written by hand, not by this script.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { formatTimeUs } from "../lib/time";
import { buildGeminiCliExamples } from "./examples-gemini-cli";
import { buildOpenAiChatExamples } from "./examples-openai-chat";
import { buildTrajectoryExamples } from "./examples-trajectories";
import {
  buildConversationClaudeSession,
  buildLoopScriptFolder,
  buildStuckClaudeSession,
  buildStuckLoopScriptFolder,
} from "./examples-transcripts";

const DEFAULT_DIR = path.resolve(import.meta.dirname, "..", "examples");
const S = 1_000_000; // microseconds in a second
const MS = 1_000;

// ── deterministic randomness ───────────────────────────────────────────────

type Random = {
  int: (lo: number, hi: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32: a small seeded PRNG, the same sequence on every machine. */
function makeRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  };
  return { int, chance: (p) => next() < p, pick };
}

// ── wire helpers ───────────────────────────────────────────────────────────

type Json = Record<string, unknown>;
/** Epoch seconds as the float a Python harness writes (exact to the microsecond). */
const epochS = (us: number): number => us / S;
const isoAt = (us: number): string => formatTimeUs(us);
const jsonl = (records: readonly Json[]): string => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
const utcUs = (y: number, mo: number, d: number, h: number, mi = 0): number => Date.UTC(y, mo - 1, d, h, mi) * MS;

// ── tools ──────────────────────────────────────────────────────────────────

type Tool = "read_file" | "edit_file" | "search" | "http_get" | "run_shell" | "run_tests" | "llm_call";
type Range = readonly [number, number];

type Profile = {
  durationMs: Record<Tool, Range>;
  /** Relative weights of the calls that are not model calls. */
  weights: Record<Exclude<Tool, "llm_call">, number>;
  spans: Range;
  llmCalls: Range;
  tokensIn: Range;
  tokensOut: Range;
  model: string;
  /** Failure chance and error texts per tool; tools not named never fail. */
  failures: Partial<Record<Tool, { p: number; errors: readonly string[] }>>;
};

const STEADY_MS: Record<Tool, Range> = {
  read_file: [10, 30],
  edit_file: [15, 80],
  search: [280, 960],
  http_get: [450, 1900],
  run_shell: [1400, 4700],
  run_tests: [12000, 38000],
  llm_call: [2200, 10800],
};

const STUCK_PROGRESS: Profile = {
  durationMs: STEADY_MS,
  weights: { read_file: 2, edit_file: 2.5, search: 2, http_get: 2.5, run_shell: 1.5, run_tests: 2 },
  spans: [9, 16],
  llmCalls: [1, 2],
  tokensIn: [2400, 6200],
  tokensOut: [150, 1300],
  model: "claude-sonnet-4-5",
  failures: {
    http_get: { p: 0.1, errors: ["HTTP 502 Bad Gateway"] },
    edit_file: { p: 0.05, errors: ["patch did not apply"] },
  },
};

/** From iteration 9 the staging service the agent keeps calling is down. */
const STUCK_LOOPING: Profile = {
  ...STUCK_PROGRESS,
  weights: { read_file: 1.5, edit_file: 1.5, search: 1.5, http_get: 3.5, run_shell: 2, run_tests: 2 },
  spans: [10, 17],
  failures: {
    http_get: { p: 0.8, errors: ["HTTP 502 Bad Gateway", "HTTP 503 Service Unavailable", "ECONNRESET"] },
    run_shell: { p: 0.06, errors: ["exit status 1"] },
    llm_call: { p: 0.1, errors: ["overloaded_error (529)"] },
  },
};

const HEALTHY: Profile = {
  durationMs: {
    read_file: [10, 30],
    edit_file: [20, 90],
    search: [300, 900],
    http_get: [700, 1500],
    run_shell: [900, 2800],
    run_tests: [6000, 14000],
    llm_call: [2500, 8000],
  },
  weights: { read_file: 2, edit_file: 2, search: 2, http_get: 2, run_shell: 1.5, run_tests: 1.5 },
  spans: [9, 14],
  llmCalls: [1, 2],
  tokensIn: [350, 700],
  tokensOut: [60, 220],
  model: "claude-haiku-4-5",
  failures: {
    http_get: { p: 0.12, errors: ["HTTP 504 Gateway Timeout"] },
    run_shell: { p: 0.08, errors: ["exit status 2"] },
    edit_file: { p: 0.04, errors: ["patch did not apply"] },
  },
};

// ── plans: each iteration's calls, in microseconds from its start ─────────

type Call = { tool: Tool; startUs: number; durUs: number; error: string; tokensIn?: number; tokensOut?: number };
type Plan = { calls: Call[]; busyUs: number };

function pickWeighted(rand: Random, weights: Record<string, number>): Tool {
  const entries = Object.entries(weights);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let x = (rand.int(0, 9999) / 10000) * total;
  for (const [tool, w] of entries) {
    if (x < w) return tool as Tool;
    x -= w;
  }
  return entries[entries.length - 1]![0] as Tool;
}

/** The tools of one iteration: weighted picks, then the model calls spread among them. */
function toolSequence(rand: Random, p: Profile): Tool[] {
  const llm = rand.int(...p.llmCalls);
  const tools: Tool[] = [];
  for (let i = rand.int(...p.spans) - llm; i > 0; i--) tools.push(pickWeighted(rand, p.weights));
  for (let i = 0; i < llm; i++) tools.splice(rand.int(0, tools.length), 0, "llm_call");
  return tools;
}

function planIteration(rand: Random, p: Profile): Plan {
  const calls: Call[] = [];
  let at = 0;
  for (const tool of toolSequence(rand, p)) {
    const [lo, hi] = p.durationMs[tool];
    const durUs = rand.int(lo * MS, hi * MS);
    const failure = p.failures[tool];
    const error = failure && rand.chance(failure.p) ? rand.pick(failure.errors) : "";
    const call: Call = { tool, startUs: at, durUs, error };
    if (tool === "llm_call") {
      call.tokensIn = rand.int(...p.tokensIn);
      call.tokensOut = rand.int(...p.tokensOut);
    }
    calls.push(call);
    at += durUs + rand.int(20, 400) * MS;
  }
  const last = calls[calls.length - 1];
  const busyUs = last ? last.startUs + last.durUs + rand.int(20, 250) * MS : 0;
  return { calls, busyUs };
}

const tokensOf = (plan: Plan): number => plan.calls.reduce((sum, c) => sum + (c.tokensIn ?? 0) + (c.tokensOut ?? 0), 0);
const llmCallsOf = (plan: Plan): number => plan.calls.filter((c) => c.tool === "llm_call").length;

// ── layout: plans on the clock, as spans ──────────────────────────────────

type Placed = { n: number; t0Us: number; tsUs: number };

/** A call's `input` / `output` (docs/format.md#span), when the run logs them for its tool. */
type CallIo = (tool: Tool, n: number, i: number) => { input: Json; output: string } | null;

/** An iteration placed on the clock → its `iteration` container span and one span per call under it. */
function spanRecords(
  runId: string,
  placed: Placed,
  plan: Plan,
  taskId: string,
  model: string,
  io: CallIo = () => null,
): Json[] {
  const { n, t0Us, tsUs } = placed;
  const container = `it${n}`;
  const head = { type: "span", run_id: runId };
  const out: Json[] = [
    {
      ...head,
      span_id: container,
      parent_id: null,
      name: "iteration",
      kind: "agent",
      t0: epochS(t0Us),
      t1: epochS(tsUs),
      ok: true,
      error: "",
      iteration: n,
      task_id: taskId,
    },
  ];
  plan.calls.forEach((c, i) => {
    const span: Json = {
      ...head,
      span_id: `${container}.s${String(i + 1).padStart(2, "0")}`,
      parent_id: container,
      name: c.tool,
      kind: c.tool === "llm_call" ? "llm" : "tool",
      t0: epochS(t0Us + c.startUs),
      t1: epochS(t0Us + c.startUs + c.durUs),
      ok: c.error === "",
      error: c.error,
      iteration: n,
      task_id: taskId,
    };
    if (c.tokensIn !== undefined)
      Object.assign(span, { tokens_in: c.tokensIn, tokens_out: c.tokensOut, meta: { model } });
    Object.assign(span, io(c.tool, n, i));
    out.push(span);
  });
  return out;
}

type TimedRecord = { atUs: number; record: Json };

/**
 * The run's lines in the order a harness writes them: per iteration, the
 * events that happened before it, its spans, its record, then the events
 * stamped at its end (a task completed with it).
 */
function interleave(head: Json[], its: { placed: Placed; lines: Json[] }[], events: TimedRecord[]): Json[] {
  const pending = [...events].sort((a, b) => a.atUs - b.atUs);
  const out = [...head];
  const flushUntil = (us: number, inclusive: boolean) => {
    while (pending[0] && (inclusive ? pending[0].atUs <= us : pending[0].atUs < us)) out.push(pending.shift()!.record);
  };
  for (const { placed, lines } of its) {
    flushUntil(placed.t0Us, false);
    out.push(...lines);
    flushUntil(placed.tsUs, true);
  }
  out.push(...pending.map((e) => e.record));
  return out;
}

// ── r-stuck-loop ──────────────────────────────────────────────────────────

const STUCK_RUN = "r-stuck-loop";
const STUCK_START_US = utcUs(2026, 2, 3, 10);
const STUCK_ITERATIONS = 30;
const LAST_PROGRESS = 8;
const HALT_AT = 11; // where negative_window first holds (see the scores below)
const PROBE_AT = 27;
const LOOP_COOLDOWN_US = 30 * 60 * S;
/** The probe ends this long after the cooldown: iteration 26 is still inside it. */
const PROBE_MARGIN_US = 187_000;
const TYPE_ERROR = "TypeError: Cannot read properties of undefined (reading 'id') at src/auth/session.ts:42:17";
const STUCK_FILES = [
  "src/auth/session.ts",
  "src/auth/middleware.ts",
  "tests/auth/session.test.ts",
  "src/db.ts",
  "README.md",
];
const STUCK_TASKS = [
  { id: "t-1", title: "reproduce the null session crash", iterations: [1, 3] },
  { id: "t-2", title: "add a regression test for expired sessions", iterations: [4, 6] },
  { id: "t-3", title: "fix the null deref in the session lookup", iterations: [7, STUCK_ITERATIONS] },
] as const;
const PROGRESS_WORK = ["test_fix", "feature", "feature", "feature", "test_fix", "refactor", "feature", "feature"];
/** API errors after these iterations: two 529s and a 429, retried at +3 s, +7 s, +19 s. */
const API_BURST_EVERY = 3;
const API_BURST = [
  { afterS: 3, status: 529, detail: "overloaded_error" },
  { afterS: 7, status: 529, detail: "overloaded_error" },
  { afterS: 19, status: 429, detail: "rate_limit_error" },
] as const;
/**
 * Denials 2 s after these iterations: three in a row open the permission breaker; with no permission event
 * after them it goes HALF_OPEN by time five minutes later and ends the run HALF_OPEN.
 */
const DENIALS = [
  { after: 11, tool: "Bash", detail: "rm -rf node_modules" },
  { after: 12, tool: "Bash", detail: "git push --force" },
  { after: 14, tool: "Edit", detail: "Edit .env" },
] as const;
/** The user grants one command early on, before the iteration of this number. */
const GRANT_BEFORE = 5;
/** In the AUTO_COMPACT tier the harness tries to compact once, fails, and never falls back. */
const COMPACTION_FAILS_AFTER = 16;

const taskOf = (n: number) => STUCK_TASKS.find((t) => n >= t.iterations[0] && n <= t.iterations[1])!;

/**
 * The stuck loop's searches (docs/analysis.md#identical-calls): at first each one looks for
 * something new; from the halt on, every one is the same query for the same error. The 3rd
 * identical search comes in iteration 12 and the 5th in 14, where repeated_call fires —
 * after the loop breaker has halted the run, so the halt, its reason and the risks stay.
 */
const STUCK_QUERY = { query: "Cannot read properties of undefined (reading 'id') session.ts", limit: 10 };
const stuckSearchIo: CallIo = (tool, n, i) => {
  if (tool !== "search") return null;
  if (n < HALT_AT) {
    const file = STUCK_FILES[(n + i) % STUCK_FILES.length]!;
    return {
      input: { query: `session ${file} iteration ${n} call ${i + 1}`, limit: 10 },
      output: `3 results in ${file}`,
    };
  }
  return { input: STUCK_QUERY, output: "0 results" };
};
const hasApiBurst = (n: number) => n >= 9 && n % API_BURST_EVERY === 0;

/** The context fills steadily to 59.4 % at 11, crosses 60 % at 12, then climbs to 99.5 %. */
function stuckContextTokens(rand: Random, n: number): number {
  const jitter = rand.int(-900, 900);
  if (n <= HALT_AT) return 22_000 + 8_800 * n + jitter;
  const tokens = 131_000 + 11_000 * (n - 12) + jitter;
  return tokens >= 199_000 ? 199_000 : tokens;
}

/** Minimum idle time before iteration n: the API retries and the next task's start happen there. */
function stuckMinGapUs(n: number): number {
  if (n === 1) return 1500 * MS;
  return (hasApiBurst(n - 1) ? 22 : 5) * S;
}

/**
 * Gaps before each iteration: a minimum plus a random extra; the extras of
 * 12..27 are scaled so that iteration 27 ends PROBE_MARGIN_US after the loop
 * breaker's cooldown (opened at 11's end) — the probe.
 */
function stuckGaps(rand: Random, plans: Plan[]): number[] {
  const gaps = plans.map((_, i) => stuckMinGapUs(i + 1) + rand.int(2, 30) * S);
  const inside = (i: number) => i + 1 > HALT_AT && i + 1 <= PROBE_AT;
  let fixedUs = 0;
  let extraUs = 0;
  plans.forEach((p, i) => {
    if (!inside(i)) return;
    fixedUs += p.busyUs + stuckMinGapUs(i + 1);
    extraUs += gaps[i]! - stuckMinGapUs(i + 1);
  });
  const room = LOOP_COOLDOWN_US + PROBE_MARGIN_US - fixedUs;
  if (room <= 0) throw new Error(`iterations ${HALT_AT + 1}..${PROBE_AT} are too busy for the cooldown`);
  let placed = 0;
  plans.forEach((_, i) => {
    if (!inside(i)) return;
    const min = stuckMinGapUs(i + 1);
    const extra = i + 1 === PROBE_AT ? room - placed : Math.round(((gaps[i]! - min) * room) / extraUs);
    gaps[i] = min + extra;
    placed += extra;
  });
  return gaps;
}

function stuckIteration(rand: Random, n: number, plan: Plan, tsUs: number, state: { passed: number }): Json {
  const task = taskOf(n);
  const base = {
    type: "iteration",
    run_id: STUCK_RUN,
    n,
    ts: isoAt(tsUs),
    task_id: task.id,
    tasks_completed: n === task.iterations[1] && n <= LAST_PROGRESS ? 1 : 0,
  };
  const usage = {
    api_calls: llmCallsOf(plan),
    tokens_used: tokensOf(plan),
    context_tokens: stuckContextTokens(rand, n),
    context_window: 200_000,
  };
  if (n <= LAST_PROGRESS) {
    const newly = rand.int(1, 4);
    state.passed += newly;
    const files = STUCK_FILES.filter(() => rand.chance(0.45)).slice(0, 3);
    return {
      ...base,
      files_modified: files.length > 0 ? files : [rand.pick(STUCK_FILES)],
      lines_added: rand.int(12, 140),
      lines_removed: rand.int(0, 40),
      tests: { passed: state.passed, failed: n === LAST_PROGRESS ? 1 : rand.int(1, 3), skipped: 1 },
      newly_passing: newly,
      build_errors_resolved: n === LAST_PROGRESS || rand.chance(0.4) ? 1 : 0,
      errors: n === 4 ? ["lint: 'expiresAt' is assigned a value but never used"] : [],
      reverted: false,
      output_lines: rand.int(330, 480),
      ...usage,
      approach: n <= 3 ? "reproduce" : n <= 6 ? "add regression test" : "implement",
      work_kind: PROGRESS_WORK[n - 1],
    };
  }
  // Looping: two approaches alternate; one leaves no files, the other edits one and is often reverted.
  const rewrite = n % 2 === 1;
  return {
    ...base,
    files_modified: rewrite ? [] : ["src/auth/session.ts"],
    lines_added: rewrite ? 0 : rand.int(20, 140),
    lines_removed: rewrite ? 0 : rand.int(2, 40),
    tests: { passed: state.passed, failed: 3, skipped: 1 },
    newly_passing: 0,
    build_errors_resolved: 0,
    errors: [TYPE_ERROR],
    reverted: !rewrite && n % 4 === 0,
    output_lines: Math.max(40, Math.round(300 * 0.78 ** (n - LAST_PROGRESS))),
    ...usage,
    approach: rewrite ? "rewrite handler" : "null-check patch",
    work_kind: "test_fix",
  };
}

function stuckEvents(placed: Placed[]): TimedRecord[] {
  const ev = (atUs: number, fields: Json): TimedRecord => ({
    atUs,
    record: { type: "event", run_id: STUCK_RUN, ts: isoAt(atUs), ...fields },
  });
  const at = (n: number) => placed[n - 1]!;
  const out: TimedRecord[] = [
    ev(STUCK_START_US, { kind: "task_started", task_id: "t-1", detail: STUCK_TASKS[0].title }),
  ];
  for (const task of STUCK_TASKS.slice(1)) {
    const prev = at(task.iterations[0] - 1);
    out.push(ev(prev.tsUs, { kind: "task_completed", task_id: taskOf(task.iterations[0] - 1).id }));
    const startUs = prev.tsUs + Math.round((at(task.iterations[0]).t0Us - prev.tsUs) / 2);
    out.push(ev(startUs, { kind: "task_started", task_id: task.id, detail: task.title }));
  }
  out.push(ev(at(GRANT_BEFORE).t0Us - 1 * S, { kind: "permission_granted", tool: "Bash", detail: "npm ci" }));
  for (const d of DENIALS)
    out.push(ev(at(d.after).tsUs + 2 * S, { kind: "permission_denied", tool: d.tool, detail: d.detail }));
  out.push(
    ev(at(COMPACTION_FAILS_AFTER).tsUs + 1 * S, {
      kind: "compaction_failed",
      detail: "summary did not fit the context window",
    }),
  );
  for (const p of placed) {
    if (!hasApiBurst(p.n)) continue;
    for (const b of API_BURST)
      out.push(ev(p.tsUs + b.afterS * S, { kind: "api_error", status: b.status, detail: b.detail }));
  }
  return out;
}

function buildStuckLoop(): string {
  const rand = makeRandom(20260203);
  const plans = Array.from({ length: STUCK_ITERATIONS }, (_, i) =>
    planIteration(rand, i + 1 <= LAST_PROGRESS ? STUCK_PROGRESS : STUCK_LOOPING),
  );
  const gaps = stuckGaps(rand, plans);
  const placed: Placed[] = [];
  let endUs = STUCK_START_US;
  plans.forEach((plan, i) => {
    const t0Us = endUs + gaps[i]!;
    endUs = t0Us + plan.busyUs;
    placed.push({ n: i + 1, t0Us, tsUs: endUs });
  });
  const state = { passed: 118 };
  const its = placed.map((p, i) => ({
    placed: p,
    lines: [
      ...spanRecords(STUCK_RUN, p, plans[i]!, taskOf(p.n).id, STUCK_PROGRESS.model, stuckSearchIo),
      stuckIteration(rand, p.n, plans[i]!, p.tsUs, state),
    ],
  }));
  const run = {
    type: "run",
    run_id: STUCK_RUN,
    name: "fix auth null deref",
    agent: "claude-code",
    started_at: isoAt(STUCK_START_US),
    labels: { team: "platform", repo: "billing-api" },
  };
  return jsonl(interleave([run], its, stuckEvents(placed)));
}

// ── r-healthy ─────────────────────────────────────────────────────────────

const HEALTHY_RUN = "r-healthy";
const HEALTHY_START_US = utcUs(2026, 2, 3, 14);
const HEALTHY_ITERATIONS = 13;
const HEALTHY_PER_TASK = 3;
const HEALTHY_FILES = [
  "src/invoices/export.ts",
  "src/invoices/csv.ts",
  "src/routes/invoices.ts",
  "tests/invoices/export.test.ts",
  "docs/invoices.md",
];
const HEALTHY_TITLES = [
  "add the invoice CSV export",
  "filter the export by date range",
  "stream large exports",
  "document the export endpoint",
  "link the export from the invoices page",
];
const HEALTHY_WORK = ["feature", "feature", "test_fix", "feature", "docs", "refactor"];

function healthyIteration(rand: Random, n: number, plan: Plan, tsUs: number, tests: { passed: number }): Json {
  const newly = rand.int(1, 4);
  tests.passed += newly;
  const files = HEALTHY_FILES.filter(() => rand.chance(0.4)).slice(0, 3);
  return {
    type: "iteration",
    run_id: HEALTHY_RUN,
    n,
    ts: isoAt(tsUs),
    task_id: `t-${Math.ceil(n / HEALTHY_PER_TASK)}`,
    tasks_completed: n % HEALTHY_PER_TASK === 0 ? 1 : 0,
    files_modified: files.length > 0 ? files : [rand.pick(HEALTHY_FILES)],
    lines_added: rand.int(8, 120),
    lines_removed: rand.int(0, 30),
    tests: { passed: tests.passed, failed: 0, skipped: 1 },
    newly_passing: newly,
    build_errors_resolved: rand.chance(0.3) ? 1 : 0,
    errors: [],
    reverted: false,
    output_lines: rand.int(300, 500),
    api_calls: llmCallsOf(plan),
    tokens_used: tokensOf(plan),
    context_tokens: 14_000 + 3_200 * n + rand.int(-600, 600),
    context_window: 200_000,
    approach: n % HEALTHY_PER_TASK === 1 ? "implement" : "implement and test",
    work_kind: HEALTHY_WORK[(n - 1) % HEALTHY_WORK.length],
  };
}

function buildHealthyRun(): string {
  const rand = makeRandom(20260214);
  const placed: Placed[] = [];
  const its: { placed: Placed; lines: Json[] }[] = [];
  const events: TimedRecord[] = [];
  const ev = (atUs: number, fields: Json) =>
    events.push({ atUs, record: { type: "event", run_id: HEALTHY_RUN, ts: isoAt(atUs), ...fields } });
  ev(HEALTHY_START_US, { kind: "task_started", task_id: "t-1", detail: HEALTHY_TITLES[0] });
  let endUs = HEALTHY_START_US;
  const tests = { passed: 240 };
  for (let n = 1; n <= HEALTHY_ITERATIONS; n++) {
    const plan = planIteration(rand, HEALTHY);
    const gapUs = n === 1 ? 2 * S : rand.int(10, 50) * S;
    const p = { n, t0Us: endUs + gapUs, tsUs: endUs + gapUs + plan.busyUs };
    const taskId = `t-${Math.ceil(n / HEALTHY_PER_TASK)}`;
    if (n > 1 && (n - 1) % HEALTHY_PER_TASK === 0) {
      ev(endUs, { kind: "task_completed", task_id: `t-${(n - 1) / HEALTHY_PER_TASK}` });
      ev(endUs + Math.round(gapUs / 2), {
        kind: "task_started",
        task_id: taskId,
        detail: HEALTHY_TITLES[(n - 1) / HEALTHY_PER_TASK],
      });
    }
    its.push({
      placed: p,
      lines: [
        ...spanRecords(HEALTHY_RUN, p, plan, taskId, HEALTHY.model),
        healthyIteration(rand, n, plan, p.tsUs, tests),
      ],
    });
    placed.push(p);
    endUs = p.tsUs;
  }
  const run = {
    type: "run",
    run_id: HEALTHY_RUN,
    name: "add invoice export",
    agent: "claude-code",
    started_at: isoAt(HEALTHY_START_US),
    labels: { team: "platform", repo: "billing-api" },
  };
  return jsonl(interleave([run], its, events));
}

// ── harness-spans.jsonl: bare spans as a Python harness writes them ───────

const HARNESS_START_US = utcUs(2026, 2, 3, 9);
/** Three refused connections, then the harness's own breaker short-circuits the 4th call. */
const HARNESS_CALLS = [
  { name: "http_get", durUs: 250_300, error: "连接失败", meta: { url: "https://billing-staging.internal/health" } },
  { name: "http_get", durUs: 249_100, error: "连接失败", meta: { url: "https://billing-staging.internal/health" } },
  { name: "http_get", durUs: 250_500, error: "连接失败", meta: { url: "https://billing-staging.internal/health" } },
  { name: "http_get", durUs: 100, error: "熔断中", meta: { url: "https://billing-staging.internal/health" } },
  { name: "search", durUs: 63_400, error: "", meta: { query: "session lookup" } },
  { name: "run_shell", durUs: 12_700, error: "", meta: { cmd: "git status --short" } },
  { name: "search", durUs: 61_800, error: "", meta: { query: "expired session" } },
] as const;

/** `json.dumps(dataclasses.asdict(span), ensure_ascii=False)`: ", " and ": " separators, floats with a point. */
function pythonJson(value: unknown): string {
  if (typeof value === "number") return Number.isInteger(value) ? `${value}.0` : String(value);
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}

function buildHarnessSpans(): string {
  let atUs = HARNESS_START_US;
  const lines = HARNESS_CALLS.map((c, i) => {
    const t0 = atUs;
    atUs += c.durUs + (3 + (i % 3)) * MS;
    return pythonJson({
      name: c.name,
      t0: epochS(t0),
      t1: epochS(t0 + c.durUs),
      ok: c.error === "",
      error: c.error,
      meta: c.meta,
    });
  });
  return lines.join("\n") + "\n";
}

// ── bad-lines.jsonl: what a rejected line looks like ──────────────────────

function buildBadLines(): string {
  const t = utcUs(2026, 2, 3, 16);
  const head = { type: "span", run_id: "r-bad" };
  const truncated = JSON.stringify({ ...head, name: "run_tests", t0: epochS(t + 2 * S), t1: epochS(t + 9 * S) });
  return (
    [
      JSON.stringify({ ...head, name: "read_file", t0: epochS(t), t1: epochS(t + 12 * MS), ok: true, error: "" }),
      JSON.stringify({ ...head, name: "edit_file", t0: "yesterday", t1: epochS(t + S) }),
      "read_file took 12 ms",
      "",
      JSON.stringify({ ...head, name: "search", t0: epochS(t + S), t1: epochS(t + 1480 * MS), ok: true, error: "" }),
      JSON.stringify({ type: "iteration", run_id: "r-bad", ts: isoAt(t + 5 * S) }),
      JSON.stringify({ ...head, t0: epochS(t + S), t1: epochS(t + 2 * S) }),
      JSON.stringify({
        type: "iteration",
        run_id: "r-bad",
        n: 1,
        ts: isoAt(t + 5 * S),
        files_modified: ["src/a.ts"],
        tasks_completed: 0,
        errors: [],
      }),
      truncated.slice(0, -1),
      JSON.stringify({ type: "trace", run_id: "r-bad" }),
    ].join("\n") + "\n"
  );
}

// ── otlp/: OTLP/HTTP JSON request bodies ──────────────────────────────────

/** Pretty-printed by prettier, so small objects (an attribute) stay on one line. */
const prettyJson = (value: unknown): Promise<string> =>
  format(JSON.stringify(value), { parser: "json", printWidth: 120 });

const OTLP_START_MS = Date.UTC(2026, 1, 4, 9);
/** Unix nanoseconds as OTLP/JSON writes 64-bit integers: a decimal string. */
const nanos = (msFromStart: number): string => (BigInt(OTLP_START_MS + msFromStart) * 1_000_000n).toString();
const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
/** An int64 as the OTLP/JSON spec writes it (a string)… */
const int64 = (key: string, value: number) => ({ key, value: { intValue: String(value) } });
/** …and as some exporters write it (a plain number). */
const intNumber = (key: string, value: number) => ({ key, value: { intValue: value } });

const TRACE_ID = "6c6f6f7073636f70652d6578616d706c"; // "loopscope-exampl" in hex
const AGENT_SPAN = "6167656e742d3031"; // "agent-01"

function buildTraces(): Promise<string> {
  const toolSpan = (id: string, tool: string, callId: string, fromMs: number, toMs: number, more: unknown[]) => ({
    traceId: TRACE_ID,
    spanId: id,
    parentSpanId: AGENT_SPAN,
    name: `execute_tool ${tool}`,
    kind: 1,
    startTimeUnixNano: nanos(fromMs),
    endTimeUnixNano: nanos(toMs),
    attributes: [
      str("gen_ai.operation.name", "execute_tool"),
      str("gen_ai.tool.name", tool),
      str("gen_ai.tool.call.id", callId),
      str("gen_ai.tool.type", "function"),
      ...more,
    ],
  });
  const args = [
    str("path", "src/auth/session.ts"),
    int64("max_lines", 400),
    { key: "follow", value: { boolValue: false } },
  ];
  const read = toolSpan("746f6f6c2d303031", "read_file", "call_read_0001", 1_200, 1_236, [
    { key: "gen_ai.tool.call.arguments", value: { kvlistValue: { values: args } } },
  ]);
  const tests = toolSpan("746f6f6c2d303032", "run_tests", "call_tests_0002", 2_000, 17_004, [
    str("error.type", "timeout"),
  ]);
  const request = {
    resourceSpans: [
      {
        resource: { attributes: [str("service.name", "billing-fixer"), str("service.version", "1.4.0")] },
        scopeSpans: [
          {
            scope: { name: "billing-fixer.agent", version: "1.4.0" },
            spans: [
              {
                traceId: TRACE_ID,
                spanId: AGENT_SPAN,
                name: "invoke_agent Fixer",
                kind: 1,
                startTimeUnixNano: nanos(0),
                endTimeUnixNano: nanos(21_500),
                attributes: [
                  str("gen_ai.operation.name", "invoke_agent"),
                  str("gen_ai.provider.name", "anthropic"),
                  str("gen_ai.agent.name", "Fixer"),
                  str("gen_ai.agent.id", "agent-fixer-1"),
                  str("gen_ai.conversation.id", "conv-example-0001"),
                  str("gen_ai.request.model", "claude-sonnet-4-5"),
                  { key: "gen_ai.request.temperature", value: { doubleValue: 0.3 } },
                  int64("gen_ai.usage.input_tokens", 4210),
                  int64("gen_ai.usage.output_tokens", 655),
                  {
                    key: "gen_ai.response.finish_reasons",
                    value: { arrayValue: { values: [{ stringValue: "end_turn" }] } },
                  },
                ],
                events: [],
                links: [],
                status: {},
              },
              { ...read, events: [], links: [], status: { code: 1 } },
              {
                ...tests,
                events: [
                  {
                    timeUnixNano: nanos(17_004),
                    name: "exception",
                    attributes: [
                      str("exception.type", "TimeoutError"),
                      str("exception.message", "tests timed out after 15s"),
                    ],
                  },
                ],
                links: [],
                status: { code: 2, message: "tests timed out after 15s" },
              },
            ],
          },
        ],
      },
    ],
  };
  return prettyJson(request);
}

const SESSION_ID = "5f0c6a1e-3b7d-4e2a-9c81-7d2e4b6a9f30";
const PROMPT_ID = "0b9d7c52-1e4a-4f3b-8d6e-2a7c9e5f1b04";

/** Claude Code's log events, with its quirks: numbers as strings ("15008", "false") and int64s as plain numbers. */
function buildClaudeCodeLogs(): Promise<string> {
  const log = (ms: number, name: string, sequence: number, attrs: unknown[]) => ({
    timeUnixNano: nanos(ms),
    observedTimeUnixNano: nanos(ms),
    body: { stringValue: `claude_code.${name}` },
    attributes: [
      str("session.id", SESSION_ID),
      str("event.name", name),
      str("event.timestamp", new Date(OTLP_START_MS + ms).toISOString()),
      intNumber("event.sequence", sequence),
      str("prompt.id", PROMPT_ID),
      ...attrs,
    ],
  });
  const request = {
    resourceLogs: [
      {
        resource: {
          attributes: [
            str("service.name", "claude-code"),
            str("service.version", "2.1.30"),
            str("os.type", "linux"),
            str("host.arch", "arm64"),
          ],
        },
        scopeLogs: [
          {
            scope: { name: "com.anthropic.claude_code.events", version: "2.1.30" },
            logRecords: [
              log(20_000, "tool_result", 12, [
                str("tool_name", "Bash"),
                str("tool_use_id", "toolu_01ExampleBash"),
                str("success", "false"),
                str("duration_ms", "15008"),
                str("error", "Command timed out after 15s"),
                str("decision_type", "accept"),
                str("decision_source", "config"),
                str("tool_input_size_bytes", "64"),
                str("tool_result_size_bytes", "38"),
              ]),
              log(27_000, "tool_decision", 13, [
                str("tool_name", "Edit"),
                str("tool_use_id", "toolu_01ExampleEdit"),
                str("decision", "reject"),
                str("source", "user_reject"),
                str("tool_source", "builtin"),
              ]),
              log(35_000, "api_error", 14, [
                str("model", "claude-sonnet-4-5"),
                str("error", "rate_limit_error"),
                intNumber("status_code", 429),
                intNumber("duration_ms", 640),
                intNumber("attempt", 3),
              ]),
            ],
          },
        ],
      },
    ],
  };
  return prettyJson(request);
}

// ── main ──────────────────────────────────────────────────────────────────

/** Every generated file, by its path inside the examples folder. */
async function buildExampleFiles(): Promise<Record<string, string>> {
  return {
    "harness-spans.jsonl": buildHarnessSpans(),
    "stuck-loop.jsonl": buildStuckLoop(),
    "healthy-run.jsonl": buildHealthyRun(),
    "bad-lines.jsonl": buildBadLines(),
    "otlp/traces.json": await buildTraces(),
    "otlp/logs-claude-code.json": await buildClaudeCodeLogs(),
    "claude-code/stuck-session.jsonl": buildStuckClaudeSession(),
    "claude-code-conversation/session.jsonl": buildConversationClaudeSession(),
    ...buildLoopScriptFolder(),
    ...buildStuckLoopScriptFolder(),
    ...buildTrajectoryExamples(),
    ...buildOpenAiChatExamples(),
    ...buildGeminiCliExamples(),
  };
}

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? DEFAULT_DIR);
  for (const [name, text] of Object.entries(await buildExampleFiles())) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`${path.relative(process.cwd(), file) || file}  ${Buffer.byteLength(text)} bytes`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
