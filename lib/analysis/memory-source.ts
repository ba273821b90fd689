// An AnalysisInput (lib/analysis/types.ts) over plain arrays: what the offline
// CLI and the tests analyse. docs/format.md#ids-and-idempotency duplicates (first span id / first
// iteration n / first event id wins; task and run records merge), docs/analysis.md#run-start-and-iteration-time-spans run
// start, docs/analysis.md#bottlenecks which spans are calls (kind tool or llm).
// O(records · log records) to build; it holds the whole run in memory by
// design — the database source streams instead. Records of other runs are
// ignored.
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan, StoredTask } from "../schemas/records";
import { cacheSharesOf } from "./cache-tokens";
import { modelOf, sumSpanCosts, type SpanCost } from "./costs";
import { coveringIteration, sumSpanTokens } from "./span-tokens";
import { totalTimeouts, type TimeoutTotals } from "./timeouts";
import type { AnalysisInput, SpanLite, ToolAggregate, ToolCallInput } from "./types";

const isCall = (s: StoredSpan): boolean => s.kind === "tool" || s.kind === "llm";
const byT0ThenId = (a: StoredSpan, b: StoredSpan): number =>
  a.t0Us - b.t0Us || (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0);

type Split = {
  spans: StoredSpan[];
  iterations: StoredIteration[];
  events: StoredEvent[];
  tasks: Map<string, StoredTask>;
  run: StoredRun | null;
};

/** Sort the run's records by type, dropping duplicates as docs/format.md#ids-and-idempotency says. */
function splitRecords(runId: string, records: Iterable<StoredRecord>): Split {
  const out: Split = { spans: [], iterations: [], events: [], tasks: new Map(), run: null };
  const spanIds = new Set<string>();
  const iterationNs = new Set<number>();
  const eventIds = new Set<string>();
  for (const r of records) {
    if (r.runId !== runId) continue;
    if (r.type === "span" && !spanIds.has(r.spanId)) {
      spanIds.add(r.spanId);
      out.spans.push(r);
    } else if (r.type === "iteration" && !iterationNs.has(r.n)) {
      iterationNs.add(r.n);
      out.iterations.push(r);
    } else if (r.type === "event" && !eventIds.has(r.eventId)) {
      eventIds.add(r.eventId);
      out.events.push(r);
    } else if (r.type === "task") {
      out.tasks.set(r.taskId, mergeDefined(out.tasks.get(r.taskId), r));
    } else if (r.type === "run") {
      out.run = mergeDefined(out.run ?? undefined, r);
    }
  }
  return out;
}

/** A later record's present (non-null) fields win; attrs, labels and config merge. */
function mergeDefined<T extends StoredTask | StoredRun>(old: T | undefined, next: T): T {
  if (!old) return next;
  const merged: Record<string, unknown> = { ...old };
  for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined) merged[k] = v;
  merged.attrs = { ...old.attrs, ...next.attrs };
  if (old.type === "run" && next.type === "run") {
    merged.labels = { ...old.labels, ...next.labels };
    merged.config = { ...old.config, ...next.config };
  }
  return merged as T;
}

/** docs/analysis.md#run-start-and-iteration-time-spans: the run record's started_at, else the earliest record's time (0 for none). */
function runStartOf(split: Split): number {
  if (split.run?.startedAtUs != null) return split.run.startedAtUs;
  let min = Infinity;
  for (const s of split.spans) min = Math.min(min, s.t0Us);
  for (const i of split.iterations) min = Math.min(min, i.tsUs);
  for (const e of split.events) min = Math.min(min, e.tsUs);
  return Number.isFinite(min) ? min : 0;
}

/** The latest span t1, iteration ts or event ts; the run start for a run with none (like the database's last_at). */
function runEndOf(split: Split, startUs: number): number {
  let max = -Infinity;
  for (const s of split.spans) max = Math.max(max, s.t1Us);
  for (const i of split.iterations) max = Math.max(max, i.tsUs);
  for (const e of split.events) max = Math.max(max, e.tsUs);
  return Number.isFinite(max) ? max : startUs;
}

function aggregate(callsByTool: Map<string, StoredSpan[]>): ToolAggregate[] {
  return [...callsByTool].map(([tool, spans]) => {
    let failures = 0;
    let totalUs = 0;
    for (const s of spans) {
      if (!s.ok) failures += 1;
      totalUs += Math.max(0, s.t1Us - s.t0Us);
    }
    return { tool, calls: spans.length, failures, totalMs: totalUs / 1000 };
  });
}

const toLite = (s: StoredSpan): SpanLite => ({
  spanId: s.spanId,
  t0Us: s.t0Us,
  t1Us: s.t1Us,
  ok: s.ok,
  error: s.error,
});

const toCost = (s: StoredSpan): SpanCost => {
  const cache = cacheSharesOf(s.tokensIn, s.meta);
  return {
    iteration: s.iteration,
    taskId: s.taskId,
    t0Us: s.t0Us,
    tool: s.name,
    model: modelOf(s.kind, s.name, s.meta),
    tokensIn: s.tokensIn,
    tokensOut: s.tokensOut,
    cacheRead: cache.read,
    cacheWrite: cache.write,
    costUsd: s.costUsd,
  };
};

const hasToolInput = (s: StoredSpan): boolean => s.kind === "tool" && s.input !== null && s.input !== undefined;
const toCallInput = (s: StoredSpan): ToolCallInput => ({
  name: s.name,
  t0Us: s.t0Us,
  iteration: s.iteration,
  input: s.input,
});

async function* over<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

/** The timeout rule (timeouts.ts) per tool named in `timeoutS`; like the SQL, only tools with an exceeding call. */
function timeoutTotalsOf(
  callsByTool: Map<string, StoredSpan[]>,
  timeoutS: Record<string, number>,
): Record<string, TimeoutTotals> {
  const totals = Object.entries(timeoutS).map(
    ([tool, s]) => [tool, totalTimeouts(callsByTool.get(tool) ?? [], s)] as const,
  );
  return Object.fromEntries(totals.filter(([, t]) => t.exceeded > 0));
}

/** Build the analysis input of one run from its stored records (any order). */
export function buildMemoryInput(runId: string, records: Iterable<StoredRecord>): AnalysisInput {
  const split = splitRecords(runId, records);
  const calls = split.spans.filter(isCall).sort(byT0ThenId);
  const callsByTool = new Map<string, StoredSpan[]>();
  for (const s of calls) {
    const list = callsByTool.get(s.name);
    if (list) list.push(s);
    else callsByTool.set(s.name, [s]);
  }
  const hasLlmSpans = calls.some((s) => s.kind === "llm");
  const rateTimes = calls.filter((s) => !hasLlmSpans || s.kind === "llm").map((s) => s.t0Us);
  const runStartUs = runStartOf(split);
  return {
    runId,
    runStartUs,
    endUs: runEndOf(split, runStartUs),
    tools: aggregate(callsByTool),
    iterations: split.iterations.sort((a, b) => a.n - b.n),
    events: split.events.sort((a, b) => a.tsUs - b.tsUs), // stable: ties keep arrival order
    tasks: [...split.tasks.values()],
    spanTokens: async (bounds) => sumSpanTokens(calls, bounds),
    spanCosts: async (bounds) => sumSpanCosts(calls.map(toCost), (t0Us) => coveringIteration(bounds, t0Us)),
    hasLlmSpans,
    spansOfTool: (tool) => over((callsByTool.get(tool) ?? []).map(toLite)),
    timeoutTotals: async (timeoutS) => timeoutTotalsOf(callsByTool, timeoutS),
    rateCallTimes: () => over(rateTimes),
    toolCallInputs: () => over(calls.filter(hasToolInput).map(toCallInput)),
  };
}
