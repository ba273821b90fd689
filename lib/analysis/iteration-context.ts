// docs/analysis.md#run-start-and-iteration-time-spans, docs/analysis.md#current-task, docs/analysis.md#task-tokens-and-errors, docs/analysis.md#three-layer-breaker: what every iteration-side rule needs
// to know about an iteration besides its own fields — its time span and
// duration, the events inside it, its current task, and that task's running
// token and error totals. O(iterations + events + tasks · log events).
// Deliberately does not score or judge anything; the rules do that.
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";

export type IterationView = {
  it: StoredIteration;
  /** Exclusive start of the iteration's span (the previous ts, or the run start). */
  startUs: number;
  durationMs: number;
  /** Events with ts in (startUs, it.tsUs]; the first iteration also takes earlier ones. */
  events: StoredEvent[];
  /** docs/analysis.md#current-task: task_id, else the latest task_started at or before ts. */
  taskId: string | null;
  /** The current task's tokens so far (docs/analysis.md#task-tokens-and-errors); 0 without a task. */
  taskTokens: number;
  /** The current task's error count so far (docs/analysis.md#three-layer-breaker); 0 without a task. */
  taskErrors: number;
};

export type IterationContextInput = {
  runStartUs: number;
  iterations: StoredIteration[];
  events: StoredEvent[];
  tasks: StoredTask[];
  taskSpanTokens: Record<string, number>;
};

/** Derive one view per iteration, in the input order (by n). */
export function buildIterationViews(input: IterationContextInput): IterationView[] {
  const starts = input.events.filter((e) => e.kind === "task_started" && e.taskId !== null);
  let boundUs = input.runStartUs;
  let cursor = 0;
  const views: IterationView[] = input.iterations.map((it, i) => {
    const startUs = boundUs;
    boundUs = Math.max(boundUs, it.tsUs);
    const events: StoredEvent[] = [];
    for (let e = input.events[cursor]; e !== undefined && e.tsUs <= boundUs; e = input.events[++cursor]) {
      events.push(e);
    }
    return {
      it,
      startUs: i === 0 ? Math.min(startUs, it.tsUs) : startUs,
      durationMs: Math.max(0, it.tsUs - startUs) / 1000,
      events,
      taskId: it.taskId ?? latestTaskStarted(starts, it.tsUs),
      taskTokens: 0,
      taskErrors: 0,
    };
  });
  addTaskTotals(views, input.tasks, input.taskSpanTokens);
  return views;
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

/**
 * Running totals per task. Iterations' tokens_used add up as they happen; the
 * figures only known as a task's total — its spans' tokens (used when none of
 * its iterations logs tokens_used) and the task record's tokens_used and
 * error_count (used when larger) — apply from the task's last iteration on.
 */
function addTaskTotals(views: IterationView[], tasks: StoredTask[], spanTokens: Record<string, number>): void {
  const records = mergeTaskRecords(tasks);
  const lastIndex = new Map<string, number>();
  const logsTokens = new Set<string>();
  views.forEach((v, i) => {
    if (v.taskId === null) return;
    lastIndex.set(v.taskId, i);
    if (v.it.tokensUsed !== null) logsTokens.add(v.taskId);
  });
  const tokens = new Map<string, number>();
  const errors = new Map<string, number>();
  views.forEach((v, i) => {
    const id = v.taskId;
    if (id === null) return;
    let t = (tokens.get(id) ?? 0) + (v.it.tokensUsed ?? 0);
    let e = (errors.get(id) ?? 0) + (v.it.errors && v.it.errors.length > 0 ? 1 : 0);
    tokens.set(id, t);
    errors.set(id, e);
    if (lastIndex.get(id) === i) {
      const rec = records.get(id);
      if (!logsTokens.has(id)) t = Math.max(t, spanTokens[id] ?? 0);
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
