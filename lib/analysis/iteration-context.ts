// docs/analysis.md#run-start-and-iteration-time-spans, docs/analysis.md#current-task,
// docs/analysis.md#tasks-completed, docs/analysis.md#task-tokens-and-errors: what every
// iteration-side rule needs to know about an iteration besides its own fields — its
// time span and duration (spans end at the running maximum of ts), the events inside
// it, its current task, the tasks it completed, and that task's running token and
// error totals. With `prompt_waits_excluded` (the interactive lens,
// docs/analysis.md#human-waits) the agent's time leaves out a person's: the wait
// before the turn's prompt, and the merged time of the questions and permission
// prompts inside it (human-waits.ts), floored at 0. Tokens grow where the work
// happens: iterations' tokens_used, or the calls' tokens at the iteration each
// call belongs to (span-tokens.ts) — every token, or with `task_tokens: new`
// (sessions, docs/analysis.md#three-layer-breaker) the ones not read from the
// prompt cache; only the task record's totals wait for the task's last iteration.
// O(iterations + events + token sums + tasks · log events).
// Deliberately does not score or judge anything; the rules do that.
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";
import { reportsErrors } from "./progress";
import type { HumanWaitSum } from "./human-waits";
import type { AnalysisSettings } from "./settings";
import type { SpanTokenSum } from "./span-tokens";
import { parseTimeUs } from "../time";

export type IterationView = {
  it: StoredIteration;
  /** Exclusive start of the iteration's span (the previous iterations' latest ts, or the run start). */
  startUs: number;
  /**
   * The agent's time in it: from its start (its own `started_at` when later: a prompt) to its ts,
   * less a person's waits inside it (humanWaits), never below 0 — both with prompt_waits_excluded.
   */
  durationMs: number;
  /** Events with ts in (startUs, end of the span]; the first iteration also takes earlier ones. */
  events: StoredEvent[];
  /** docs/analysis.md#current-task: task_id, else the latest task_started at or before ts. */
  taskId: string | null;
  /** docs/analysis.md#tasks-completed: the larger of tasks_completed and the task_completed events in it. */
  tasksCompleted: number;
  /** The current task's tokens so far (docs/analysis.md#task-tokens-and-errors); 0 without a task. */
  taskTokens: number;
  /** The current task's error count so far (docs/analysis.md#three-layer-breaker); 0 without a task. */
  taskErrors: number;
  /** What the calls in it cost (docs/analysis.md#costs); null when unknown. */
  costUsd: number | null;
};

export type IterationContextInput = {
  runStartUs: number;
  iterations: StoredIteration[];
  events: StoredEvent[];
  tasks: StoredTask[];
  /** Calls' tokens per iteration and task_id (span-tokens.ts). */
  spanTokens: SpanTokenSum[];
  /** Calls' cost per iteration n (costs.ts); none: every cost unknown. */
  iterationCosts?: ReadonlyMap<number | null, number | null>;
  /** prompt_waits_excluded: an iteration's time starts at its own `started_at` (the prompt), not at the previous end. */
  promptWaitsExcluded?: boolean;
  /** With promptWaitsExcluded: per iteration, the merged time of the calls a person held (human-waits.ts). */
  humanWaits?: readonly HumanWaitSum[];
  /** task_tokens: the calls' tokens a task counts — all, or the new ones (SpanTokenSum.newTokens); none: all. */
  taskTokens?: AnalysisSettings["task_tokens"];
};

/** Where each iteration's span ends: the running maximum of ts from the run start, in n order. */
export function iterationEndsUs(runStartUs: number, iterations: readonly { tsUs: number }[]): number[] {
  let endUs = runStartUs;
  return iterations.map((it) => (endUs = Math.max(endUs, it.tsUs)));
}

/** Derive one view per iteration, in the input order (by n). */
export function buildIterationViews(input: IterationContextInput): IterationView[] {
  const starts = input.events.filter((e) => e.kind === "task_started" && e.taskId !== null);
  const ends = iterationEndsUs(input.runStartUs, input.iterations);
  const waitMs = new Map(input.promptWaitsExcluded ? (input.humanWaits ?? []).map((w) => [w.iteration, w.ms]) : []);
  let cursor = 0;
  const views: IterationView[] = input.iterations.map((it, i) => {
    const startUs = i === 0 ? input.runStartUs : ends[i - 1]!; // ends is parallel to iterations
    // An iteration that says when it started (a transcript's prompt) is the agent's from then on:
    // the wait for the person's next prompt is nobody's work and never in savings (docs/analysis.md#human-waits).
    const ownStartUs = input.promptWaitsExcluded ? startedAtOf(it) : null;
    const workStartUs = ownStartUs !== null && ownStartUs > startUs && ownStartUs <= it.tsUs ? ownStartUs : startUs;
    const events: StoredEvent[] = [];
    for (let e = input.events[cursor]; e !== undefined && e.tsUs <= ends[i]!; e = input.events[++cursor]) {
      events.push(e);
    }
    const completedEvents = events.filter((e) => e.kind === "task_completed").length;
    return {
      it,
      startUs: i === 0 ? Math.min(startUs, it.tsUs) : startUs,
      durationMs: Math.max(0, (it.tsUs - workStartUs) / 1000 - (waitMs.get(it.n) ?? 0)),
      events,
      taskId: it.taskId ?? latestTaskStarted(starts, it.tsUs),
      tasksCompleted: Math.max(it.tasksCompleted ?? 0, completedEvents),
      taskTokens: 0,
      taskErrors: 0,
      costUsd: input.iterationCosts?.get(it.n) ?? null,
    };
  });
  addTaskTotals(views, input.tasks, input.spanTokens, input.taskTokens ?? "all");
  return views;
}

/** An iteration's own start (`started_at`, a transcript's prompt time) in epoch µs, or null. */
function startedAtOf(it: StoredIteration): number | null {
  const v = it.attrs.started_at;
  return typeof v === "string" || typeof v === "number" ? parseTimeUs(v) : null;
}

/** Binary search over task_started events sorted by ts: the last at or before tsUs. */
function latestTaskStarted(starts: StoredEvent[], tsUs: number): string | null {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]!.tsUs <= tsUs) lo = mid + 1;
    else hi = mid;
  }
  return starts[lo - 1]?.taskId ?? null;
}

const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);

/**
 * Calls' tokens per task, at the view index they count at. A call without
 * task_id belongs to its iteration's task; a call in no logged iteration
 * (its `iteration` is not logged, or its t0 is after the last span) is known
 * only as part of its task's total (`whole`).
 */
function placeSpanTokens(views: IterationView[], sums: SpanTokenSum[], count: AnalysisSettings["task_tokens"]) {
  const indexOfN = new Map(views.map((v, i) => [v.it.n, i]));
  const at = new Map<number, Map<string, number>>(); // by view index; only where calls count
  const whole = new Map<string, number>();
  for (const s of sums) {
    const i = s.iteration === null ? undefined : indexOfN.get(s.iteration);
    const task = s.taskId ?? (i === undefined ? null : views[i]!.taskId);
    if (task === null) continue;
    const tokens = count === "new" ? s.newTokens : s.tokens;
    if (i === undefined) add(whole, task, tokens);
    else {
      let tasks = at.get(i);
      if (!tasks) at.set(i, (tasks = new Map()));
      add(tasks, task, tokens);
    }
  }
  return { at, whole };
}

/**
 * Running totals per task. Iterations' tokens_used — or, for a task none of
 * whose iterations logs tokens_used, its calls' tokens (all, or the new ones:
 * `count`) — add up at the iteration where they happen; the figures known
 * only as a task's total (the task record's tokens_used and error_count, used
 * when larger, and calls in no iteration) apply from the task's last iteration on.
 */
function addTaskTotals(
  views: IterationView[],
  tasks: StoredTask[],
  spanTokens: SpanTokenSum[],
  count: AnalysisSettings["task_tokens"],
): void {
  const records = mergeTaskRecords(tasks);
  const lastIndex = new Map<string, number>();
  const logsTokens = new Set<string>();
  views.forEach((v, i) => {
    if (v.taskId === null) return;
    lastIndex.set(v.taskId, i);
    if (v.it.tokensUsed !== null) logsTokens.add(v.taskId);
  });
  const spans = placeSpanTokens(views, spanTokens, count);
  const iterationTokens = new Map<string, number>();
  const callTokens = new Map<string, number>();
  const errors = new Map<string, number>();
  views.forEach((v, i) => {
    for (const [task, t] of spans.at.get(i) ?? []) add(callTokens, task, t);
    const id = v.taskId;
    if (id === null) return;
    add(iterationTokens, id, v.it.tokensUsed ?? 0);
    add(errors, id, reportsErrors(v.it) ? 1 : 0);
    let t = (logsTokens.has(id) ? iterationTokens : callTokens).get(id) ?? 0;
    let e = errors.get(id) ?? 0;
    if (lastIndex.get(id) === i) {
      const rec = records.get(id);
      if (!logsTokens.has(id)) t += spans.whole.get(id) ?? 0;
      t = Math.max(t, rec?.tokensUsed ?? 0);
      e = Math.max(e, rec?.errorCount ?? 0);
    }
    v.taskTokens = t;
    v.taskErrors = e;
  });
}

/** docs/format.md#ids-and-idempotency: task records merge; a later non-null field wins. */
export function mergeTaskRecords(tasks: StoredTask[]): Map<string, StoredTask> {
  const out = new Map<string, StoredTask>();
  for (const t of tasks) {
    const prev = out.get(t.taskId);
    out.set(t.taskId, prev ? mergeTask(prev, t) : t);
  }
  return out;
}

function mergeTask(a: StoredTask, b: StoredTask): StoredTask {
  return {
    ...a,
    title: b.title ?? a.title,
    status: b.status ?? a.status,
    errorCount: b.errorCount ?? a.errorCount,
    tokensUsed: b.tokensUsed ?? a.tokensUsed,
    attrs: { ...a.attrs, ...b.attrs },
  };
}

/** A task's title: its record's title, else the detail of its task_started event. */
export function taskTitles(tasks: StoredTask[], events: StoredEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) {
    if (e.kind === "task_started" && e.taskId && e.detail && !out.has(e.taskId)) out.set(e.taskId, e.detail);
  }
  for (const [id, t] of mergeTaskRecords(tasks)) if (t.title) out.set(id, t.title);
  return out;
}

/** A task's final error count: iterations reporting errors, or its record's count when larger. */
export function taskErrorCounts(views: IterationView[], tasks: StoredTask[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of views) if (v.taskId !== null) out.set(v.taskId, v.taskErrors);
  for (const [id, t] of mergeTaskRecords(tasks)) {
    out.set(id, Math.max(out.get(id) ?? 0, t.errorCount ?? 0));
  }
  return out;
}
