// Tiny factories for the iteration-side analysis tests. Times are minutes
// after RUN_START so a trace reads as a timeline.
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";
import { DEFAULT_SETTINGS, type AnalysisSettings } from "@/lib/analysis/settings";
import { buildIterationViews, type IterationView } from "@/lib/analysis/iteration-context";

export const RUN_START_US = Date.UTC(2026, 0, 1) * 1000;
export const atMin = (minutes: number) => RUN_START_US + Math.round(minutes * 60e6);

export function makeIteration(fields: Partial<StoredIteration> & { n: number }): StoredIteration {
  return {
    type: "iteration",
    runId: "r",
    tsUs: atMin(fields.n),
    taskId: null,
    tasksCompleted: null,
    filesModified: null,
    linesAdded: null,
    linesRemoved: null,
    tests: null,
    newlyPassing: null,
    buildErrorsResolved: null,
    errors: null,
    reverted: null,
    outputLines: null,
    apiCalls: null,
    tokensUsed: null,
    contextTokens: null,
    contextWindow: null,
    approach: null,
    workKind: null,
    attrs: {},
    ...fields,
  };
}

let eventSeq = 0;
export function makeEvent(kind: string, minutes: number, fields: Partial<StoredEvent> = {}): StoredEvent {
  return {
    type: "event",
    runId: "r",
    eventId: `e${++eventSeq}`,
    tsUs: atMin(minutes),
    kind,
    tool: null,
    detail: null,
    status: null,
    state: null,
    reason: null,
    taskId: null,
    attrs: {},
    ...fields,
  };
}

export function makeTask(taskId: string, fields: Partial<StoredTask> = {}): StoredTask {
  return {
    type: "task",
    runId: "r",
    taskId,
    title: null,
    status: null,
    errorCount: null,
    tokensUsed: null,
    attrs: {},
    ...fields,
  };
}

/** n iterations 1..count, one a minute, each shaped by `f(n)`. */
export function iterations(count: number, f: (n: number) => Partial<StoredIteration>): StoredIteration[] {
  return Array.from({ length: count }, (_, i) => makeIteration({ n: i + 1, ...f(i + 1) }));
}

export function views(
  its: StoredIteration[],
  events: StoredEvent[] = [],
  tasks: StoredTask[] = [],
  taskSpanTokens: Record<string, number> = {},
): IterationView[] {
  return buildIterationViews({ runStartUs: RUN_START_US, iterations: its, events, tasks, taskSpanTokens });
}

export const settings = (overrides: Partial<AnalysisSettings> = {}): AnalysisSettings => ({
  ...DEFAULT_SETTINGS,
  ...overrides,
});

/** A stuck iteration: no files, the same error, score −5 after the first. */
export const stuck = { filesModified: [], errors: ["TypeError at a.ts:1"] } satisfies Partial<StoredIteration>;
/** A productive iteration: files and a newly passing test, score +4. */
export const productive = { filesModified: ["a.ts"], newlyPassing: 1, errors: [] } satisfies Partial<StoredIteration>;
