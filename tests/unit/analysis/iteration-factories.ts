// Tiny factories for the iteration-side analysis tests. Times are minutes
// after RUN_START so a trace reads as a timeline.
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";
import { DEFAULT_SETTINGS, type AnalysisSettings } from "@/lib/analysis/settings";
import { buildIterationViews, type IterationView } from "@/lib/analysis/iteration-context";
import type { SpanTokenSum } from "@/lib/analysis/span-tokens";
import { blankEvent, blankIteration, blankTask } from "@/tests/support/records";

export const RUN_START_US = Date.UTC(2026, 0, 1) * 1000;
export const atMin = (minutes: number) => RUN_START_US + Math.round(minutes * 60e6);

export function makeIteration(fields: Partial<StoredIteration> & { n: number }): StoredIteration {
  return { ...blankIteration(fields.n, atMin(fields.n)), ...fields };
}

let eventSeq = 0;
export function makeEvent(kind: string, minutes: number, fields: Partial<StoredEvent> = {}): StoredEvent {
  return { ...blankEvent(`e${++eventSeq}`, kind, atMin(minutes)), ...fields };
}

export function makeTask(taskId: string, fields: Partial<StoredTask> = {}): StoredTask {
  return { ...blankTask(taskId), ...fields };
}

/** n iterations 1..count, one a minute, each shaped by `f(n)`. */
export function iterations(count: number, f: (n: number) => Partial<StoredIteration>): StoredIteration[] {
  return Array.from({ length: count }, (_, i) => makeIteration({ n: i + 1, ...f(i + 1) }));
}

export function views(
  its: StoredIteration[],
  events: StoredEvent[] = [],
  tasks: StoredTask[] = [],
  spanTokens: SpanTokenSum[] = [],
): IterationView[] {
  return buildIterationViews({ runStartUs: RUN_START_US, iterations: its, events, tasks, spanTokens });
}

export const settings = (overrides: Partial<AnalysisSettings> = {}): AnalysisSettings => ({
  ...DEFAULT_SETTINGS,
  ...overrides,
});

/** A stuck iteration: no files, the same error, score −5 after the first. */
export const stuck = { filesModified: [], errors: ["TypeError at a.ts:1"] } satisfies Partial<StoredIteration>;
/** A productive iteration: files and a newly passing test, score +4. */
export const productive = { filesModified: ["a.ts"], newlyPassing: 1, errors: [] } satisfies Partial<StoredIteration>;
