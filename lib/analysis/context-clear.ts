// docs/analysis.md#context-clear: the context-clear recommendation — five factors
// evaluated at every iteration (an OR), a `context_cleared` event resetting
// the completed-task counts and the fill estimate (not the error rate's last 5
// finished tasks, docs/analysis.md#tasks-completed), and the 1 %/minute fill
// estimate when no fill is logged. O(iterations + events). Deliberately does
// not act on the recommendation, scores no complexity for an iteration without
// a current task, and does not look ahead: every figure but a finished task's
// error count (its whole count, record included) is the one known at that
// iteration. The clears the log itself holds (compactions, context_cleared
// events) are listed beside the decision: a compaction is the clear it is.
import { formatTimeUs } from "../time";
import type { StoredTask } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import { taskErrorCounts, taskTitles, type IterationView } from "./iteration-context";
import { approachOf } from "./progress";
import {
  CONTEXT_FACTORS,
  type ContextClearDone,
  type ContextClearReport,
  type ContextFactor,
} from "./iteration-report-types";
import { loggedFillPct } from "./token-budget";
import { emptyTaskWork, scoreComplexity, type TaskWork } from "./task-complexity";

type Factors = ContextClearReport["factors"];
const MINUTE_US = 60e6;
const ERROR_RATE_TASKS = 5;

type Counts = { lastClearUs: number; completed: number; finished: string[] };

export function recommendContextClear(
  views: IterationView[],
  runStartUs: number,
  tasks: StoredTask[],
  s: AnalysisSettings,
): ContextClearReport {
  const titles = taskTitles(
    tasks,
    views.flatMap((v) => v.events),
  );
  const errorCounts = taskErrorCounts(views, tasks);
  const work = new Map<string, TaskWork>();
  let counts: Counts = { lastClearUs: runStartUs, completed: 0, finished: [] };
  let m = measure(null, 0, null, counts, errorCounts);
  let first: ContextClearReport["first_recommended_at"];
  views.forEach((v, i) => {
    counts = countIteration(counts, v);
    let w: TaskWork | null = null;
    if (v.taskId !== null) {
      w = addWork(work.get(v.taskId) ?? emptyTaskWork(titles.get(v.taskId) ?? null), v);
      work.set(v.taskId, w);
    }
    // Once the first recommendation is found, only the last iteration's figures are reported.
    if (first && i < views.length - 1) return;
    m = measure(v, v.it.tsUs, w, counts, errorCounts);
    if (!first && anyFired(m, s)) first = { iteration: v.it.n, at: formatTimeUs(v.it.tsUs) };
  });
  const factors = toFactors(m, s);
  const reasons = CONTEXT_FACTORS.flatMap((f) => {
    const { value, threshold, fired } = factors[f];
    return fired && value !== null ? [{ factor: f, value, threshold, message: describe(f, factors[f]) }] : [];
  });
  return {
    decision: reasons.length > 0 ? "clear" : "keep",
    reasons,
    factors,
    ...(first ? { first_recommended_at: first } : {}),
    ...clearsDone(views),
  };
}

/** The compactions and clears the log holds, each at the iteration whose span it falls in. */
function clearsDone(views: IterationView[]): { cleared?: ContextClearDone[] } {
  const cleared = views.flatMap((v) =>
    v.events
      .filter((e) => e.kind === "compaction" || e.kind === "context_cleared")
      .map((e) => ({
        iteration: v.it.n,
        at: formatTimeUs(e.tsUs),
        kind: e.kind as ContextClearDone["kind"],
        detail: e.detail ?? null,
      })),
  );
  return cleared.length > 0 ? { cleared } : {};
}

/**
 * A clear in the iteration resets the completed count (and the estimate's
 * start) before the iteration's completions count: the larger of its
 * tasks_completed and its task_completed events. The tasks it finishes are
 * those its task_completed events name, else its current task when its
 * tasks_completed is above 0; they join the finished tasks whatever the clears.
 */
function countIteration(c: Counts, v: IterationView): Counts {
  const next = { ...c, finished: [...c.finished] };
  const named: string[] = [];
  for (const e of v.events) {
    if (e.kind === "context_cleared") {
      next.lastClearUs = e.tsUs;
      next.completed = 0;
    }
    if (e.kind === "task_completed" && e.taskId) named.push(e.taskId);
  }
  next.completed += v.tasksCompleted;
  if (named.length > 0) next.finished.push(...named);
  else if ((v.it.tasksCompleted ?? 0) > 0 && v.taskId !== null) next.finished.push(v.taskId);
  next.finished = next.finished.slice(-ERROR_RATE_TASKS);
  return next;
}

function addWork(w: TaskWork, v: IterationView): TaskWork {
  w.linesAdded += v.it.linesAdded ?? 0;
  for (const f of v.it.filesModified ?? []) w.files.add(f);
  const approach = approachOf(v.it);
  if (approach !== null) w.texts.add(approach);
  return w;
}

/** The factors' figures at one iteration (none: before the first), unrounded. */
type Measure = {
  v: IterationView | null;
  fill: number;
  logged: number | null;
  complexity: number | null;
  completed: number;
  errorRate: number | null;
};

function measure(
  v: IterationView | null,
  tsUs: number,
  w: TaskWork | null,
  c: Counts,
  errorCounts: Map<string, number>,
): Measure {
  const logged = v ? loggedFillPct(v) : null;
  const fill = v === null ? 0 : (logged ?? Math.min(100, Math.max(0, tsUs - c.lastClearUs) / MINUTE_US));
  const { completed, finished } = c;
  const errorRate =
    finished.length < ERROR_RATE_TASKS
      ? null
      : (finished.filter((t) => (errorCounts.get(t) ?? 0) > 0).length / finished.length) * 100;
  return { v, fill, logged, complexity: w ? scoreComplexity(w) : null, completed, errorRate };
}

/** Whether any factor fires (what toFactors says, without building it). */
function anyFired(m: Measure, s: AnalysisSettings): boolean {
  return (
    (m.v !== null && m.fill >= s.context_fill_pct) ||
    (m.complexity !== null && m.complexity >= s.context_complexity) ||
    m.completed >= s.context_completed_tasks ||
    (m.errorRate !== null && m.errorRate > s.context_error_rate_pct) ||
    m.completed >= s.context_absolute_limit
  );
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const factor = (value: number | null, threshold: number, fired: boolean): ContextFactor => ({
  value: value === null ? null : round2(value),
  threshold,
  fired,
});

function toFactors(m: Measure, s: AnalysisSettings): Factors {
  const { v, fill, logged, complexity, completed, errorRate } = m;
  return {
    token_usage: {
      ...factor(fill, s.context_fill_pct, v !== null && fill >= s.context_fill_pct),
      estimated: v !== null && logged === null,
    },
    task_complexity: {
      ...factor(complexity, s.context_complexity, complexity !== null && complexity >= s.context_complexity),
      task_id: v?.taskId ?? null,
    },
    completed_tasks: factor(completed, s.context_completed_tasks, completed >= s.context_completed_tasks),
    error_rate: factor(errorRate, s.context_error_rate_pct, errorRate !== null && errorRate > s.context_error_rate_pct),
    absolute_limit: factor(completed, s.context_absolute_limit, completed >= s.context_absolute_limit),
  };
}

function describe(name: (typeof CONTEXT_FACTORS)[number], f: ContextFactor): string {
  switch (name) {
    case "token_usage":
      return `context fill ${f.value} %${f.estimated ? " (estimated, 1 %/minute)" : ""} ≥ ${f.threshold} %`;
    case "task_complexity":
      return `task ${f.task_id ?? "(none)"} complexity ${f.value} ≥ ${f.threshold}`;
    case "completed_tasks":
      return `${f.value} tasks completed since the last clear ≥ ${f.threshold}`;
    case "error_rate":
      return `${f.value} % of the last ${ERROR_RATE_TASKS} finished tasks had errors > ${f.threshold} %`;
    case "absolute_limit":
      return `${f.value} tasks completed since the last clear ≥ the absolute limit ${f.threshold}`;
  }
}
