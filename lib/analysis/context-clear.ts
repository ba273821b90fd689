// docs/analysis.md#context-clear: the context-clear recommendation with docs/analysis.md#context-clear: five factors
// evaluated at every iteration (an OR), a `context_cleared` event resetting
// the counts, and the 1 %/minute fill estimate when no fill is logged.
// O(iterations + events). Deliberately does not act on the recommendation
// and does not look ahead: every figure is the one known at that iteration.
import { formatTimeUs } from "../time";
import type { StoredTask } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import { taskErrorCounts, taskTitles, type IterationView } from "./iteration-context";
import { CONTEXT_FACTORS, type ContextClearReport, type ContextFactor } from "./iteration-report-types";
import { loggedFillPct } from "./token-budget";
import { emptyTaskWork, scoreComplexity, type TaskWork } from "./task-complexity";

type Factors = ContextClearReport["factors"];
const MINUTE_US = 60e6;
const ERROR_RATE_TASKS = 5;

type Counts = { lastClearUs: number; iterationCompleted: number; completedEvents: number; finished: string[] };

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
  const work = new Map<string | null, TaskWork>();
  let counts: Counts = { lastClearUs: runStartUs, iterationCompleted: 0, completedEvents: 0, finished: [] };
  let factors = evaluateFactors(null, 0, null, counts, errorCounts, s);
  let first: ContextClearReport["first_recommended_at"];
  for (const v of views) {
    counts = countIteration(counts, v);
    const w = work.get(v.taskId) ?? emptyTaskWork(v.taskId ? (titles.get(v.taskId) ?? null) : null);
    work.set(v.taskId, addWork(w, v));
    factors = evaluateFactors(v, v.it.tsUs, w, counts, errorCounts, s);
    if (!first && CONTEXT_FACTORS.some((f) => factors[f].fired))
      first = { iteration: v.it.n, at: formatTimeUs(v.it.tsUs) };
  }
  const reasons = CONTEXT_FACTORS.filter((f) => factors[f].fired).map((f) => ({
    factor: f,
    value: factors[f].value,
    threshold: factors[f].threshold,
    message: describe(f, factors[f]),
  }));
  return {
    decision: reasons.length > 0 ? "clear" : "keep",
    reasons,
    factors,
    ...(first ? { first_recommended_at: first } : {}),
  };
}

/** Events in order (a clear resets, a task_completed counts), then the iteration's own completions. */
function countIteration(c: Counts, v: IterationView): Counts {
  let next = { ...c, finished: [...c.finished] };
  for (const e of v.events) {
    if (e.kind === "context_cleared")
      next = { lastClearUs: e.tsUs, iterationCompleted: 0, completedEvents: 0, finished: [] };
    if (e.kind === "task_completed") {
      next.completedEvents += 1;
      if (e.taskId) next.finished.push(e.taskId);
    }
  }
  next.iterationCompleted += v.it.tasksCompleted ?? 0;
  return next;
}

function addWork(w: TaskWork, v: IterationView): TaskWork {
  w.linesAdded += v.it.linesAdded ?? 0;
  for (const f of v.it.filesModified ?? []) w.files.add(f);
  if (v.it.approach) w.texts.add(v.it.approach);
  return w;
}

function evaluateFactors(
  v: IterationView | null,
  tsUs: number,
  w: TaskWork | null,
  c: Counts,
  errorCounts: Map<string, number>,
  s: AnalysisSettings,
): Factors {
  const logged = v ? loggedFillPct(v) : null;
  const fill = v === null ? 0 : (logged ?? Math.min(100, Math.max(0, tsUs - c.lastClearUs) / MINUTE_US));
  const complexity = w ? scoreComplexity(w) : 1;
  const completed = Math.max(c.iterationCompleted, c.completedEvents);
  const lastTasks = c.finished.slice(-ERROR_RATE_TASKS);
  const errorRate =
    lastTasks.length === 0
      ? 0
      : (lastTasks.filter((t) => (errorCounts.get(t) ?? 0) > 0).length / lastTasks.length) * 100;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const factor = (value: number, threshold: number, fired: boolean): ContextFactor => ({
    value: round2(value),
    threshold,
    fired,
  });
  return {
    token_usage: {
      ...factor(fill, s.context_fill_pct, v !== null && fill >= s.context_fill_pct),
      estimated: v !== null && logged === null,
    },
    task_complexity: {
      ...factor(complexity, s.context_complexity, w !== null && complexity >= s.context_complexity),
      task_id: v?.taskId ?? null,
    },
    completed_tasks: factor(completed, s.context_completed_tasks, completed >= s.context_completed_tasks),
    error_rate: factor(
      errorRate,
      s.context_error_rate_pct,
      lastTasks.length >= ERROR_RATE_TASKS && errorRate > s.context_error_rate_pct,
    ),
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
