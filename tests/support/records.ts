// Stored records with every optional field absent (null), for tests that set
// only what a case is about. Times and ids are the caller's: each suite
// keeps its own clock and counter.
import type { IterationListRow } from "@/db/iterations";
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";

/** The facts the run page lists for an iteration (db/iterations.ts), absent unless patched. */
export function makeIterationFacts(n: number, patch: Partial<IterationListRow> = {}): IterationListRow {
  return {
    n,
    tsUs: n * 1_000_000,
    taskId: null,
    filesModified: null,
    tests: null,
    errors: null,
    approach: null,
    workKind: null,
    tokensUsed: null,
    contextTokens: null,
    contextWindow: null,
    ...patch,
  };
}

export function blankIteration(n: number, tsUs: number): StoredIteration {
  return {
    ...makeIterationFacts(n),
    type: "iteration",
    runId: "r",
    tsUs,
    tasksCompleted: null,
    linesAdded: null,
    linesRemoved: null,
    newlyPassing: null,
    buildErrorsResolved: null,
    reverted: null,
    outputLines: null,
    apiCalls: null,
    attrs: {},
  };
}

export function blankEvent(eventId: string, kind: string, tsUs: number): StoredEvent {
  return {
    type: "event",
    runId: "r",
    eventId,
    tsUs,
    kind,
    tool: null,
    detail: null,
    status: null,
    state: null,
    reason: null,
    taskId: null,
    attrs: {},
  };
}

export function blankTask(taskId: string): StoredTask {
  return { type: "task", runId: "r", taskId, title: null, status: null, errorCount: null, tokensUsed: null, attrs: {} };
}
