// An AnalysisInput (lib/analysis/types.ts) over plain arrays: what the offline
// CLI and the tests analyse. docs/format.md#ids-and-idempotency duplicates (first span id — but an answered call over its no-result placeholder, lib/ingest/span-precedence.ts — / first
// iteration n / first event id wins; task and run records merge), docs/analysis.md#run-start-and-iteration-time-spans run
// start, docs/analysis.md#bottlenecks which spans are calls (kind tool or llm).
// O(records · log records) to build; it holds the whole run in memory by
// design — the database source streams instead. Records of other runs are
// ignored.
import { keptSpans } from "../ingest/span-precedence";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun, StoredSpan, StoredTask } from "../schemas/records";
import { cacheSharesOf, cacheWrite1hOf } from "./cache-tokens";
import { modelOf, sumSpanCosts, type SpanCost } from "./costs";
import { sumHumanWaits } from "./human-waits";
import { coveringIteration, sumSpanTokens } from "./span-tokens";
import { timeoutOf, totalTimeouts, type TimeoutSettings, type TimeoutTotals } from "./timeouts";
import type { AnalysisInput, CallTotals, CallTotalsQuery, TimedCall, ToolAggregate, ToolSpan } from "./types";

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
  const spans: StoredSpan[] = [];
  const iterationNs = new Set<number>();
  const eventIds = new Set<string>();
  for (const r of records) {
    if (r.runId !== runId) continue;
    if (r.type === "span") spans.push(r);
    else if (r.type === "iteration" && !iterationNs.has(r.n)) {
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
  out.spans = keptSpans(spans, (s) => s.spanId);
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
    let llm = false;
    for (const s of spans) {
      if (!s.ok) failures += 1;
      totalUs += Math.max(0, s.t1Us - s.t0Us);
      llm ||= s.kind === "llm";
    }
    return { tool, calls: spans.length, failures, totalMs: totalUs / 1000, llm };
  });
}

const toToolSpan = (s: StoredSpan): ToolSpan => ({
  tool: s.name,
  spanId: s.spanId,
  t0Us: s.t0Us,
  t1Us: s.t1Us,
  ok: s.ok,
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
    cacheWrite1h: cacheWrite1hOf(cache.write, s.meta),
    costUsd: s.costUsd,
  };
};

const hasToolInput = (s: StoredSpan): boolean => s.kind === "tool" && s.input !== null && s.input !== undefined;

/** The rate calls (llm spans when `llmOnly`, else every call) and the tool calls with input, in call order. */
function timedCallsOf(calls: readonly StoredSpan[], llmOnly: boolean): TimedCall[] {
  const out: TimedCall[] = [];
  for (const s of calls) {
    const rate = !llmOnly || s.kind === "llm";
    const withInput = hasToolInput(s)
      ? { name: s.name, t0Us: s.t0Us, iteration: s.iteration, input: s.input, output: s.output }
      : null;
    if (rate || withInput) out.push({ t0Us: s.t0Us, rate, withInput });
  }
  return out;
}

/** One batch: the whole list (the memory source holds it anyway). */
async function* whole<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  if (items.length > 0) yield items;
}

/** A batch per tool. */
async function* toolSpansOf(callsByTool: Map<string, StoredSpan[]>): AsyncGenerator<readonly ToolSpan[]> {
  for (const calls of callsByTool.values()) yield calls.map(toToolSpan);
}

/** The timeout rule (timeouts.ts) per tool at its timeout; like the SQL, only tools with an exceeding call. */
function timeoutTotalsOf(callsByTool: Map<string, StoredSpan[]>, s: TimeoutSettings): Record<string, TimeoutTotals> {
  const totals = [...callsByTool].map(([tool, calls]) => [tool, totalTimeouts(calls, timeoutOf(tool, s))] as const);
  return Object.fromEntries(totals.filter(([, t]) => t.exceeded > 0));
}

function callTotalsOf(calls: StoredSpan[], callsByTool: Map<string, StoredSpan[]>, q: CallTotalsQuery): CallTotals {
  return {
    tools: aggregate(callsByTool),
    hasLlmSpans: calls.some((s) => s.kind === "llm"),
    timeouts: timeoutTotalsOf(callsByTool, q.timeouts),
    spanTokens: sumSpanTokens(calls, q.bounds),
    spanCosts: sumSpanCosts(calls.map(toCost), (t0Us) => coveringIteration(q.bounds, t0Us)),
    humanWaits: sumHumanWaits(calls, q.bounds, q.waits),
  };
}

/** Build the analysis input of one run from its stored records (any order). */
/** Records grouped by run, runs in the order they first appear: a folder of sessions is hundreds of runs. */
export function groupRecordsByRun(records: Iterable<StoredRecord>): Map<string, StoredRecord[]> {
  const byRun = new Map<string, StoredRecord[]>();
  for (const r of records) {
    const own = byRun.get(r.runId);
    if (own) own.push(r);
    else byRun.set(r.runId, [r]);
  }
  return byRun;
}

export function buildMemoryInput(runId: string, records: Iterable<StoredRecord>): AnalysisInput {
  const split = splitRecords(runId, records);
  const calls = split.spans.filter(isCall).sort(byT0ThenId);
  const callsByTool = new Map<string, StoredSpan[]>();
  for (const s of calls) {
    const list = callsByTool.get(s.name);
    if (list) list.push(s);
    else callsByTool.set(s.name, [s]);
  }
  const runStartUs = runStartOf(split);
  return {
    runId,
    runStartUs,
    endUs: runEndOf(split, runStartUs),
    iterations: split.iterations.sort((a, b) => a.n - b.n),
    events: split.events.sort((a, b) => a.tsUs - b.tsUs), // stable: ties keep arrival order
    tasks: [...split.tasks.values()],
    callTotals: async (q) => callTotalsOf(calls, callsByTool, q),
    toolSpans: () => toolSpansOf(callsByTool),
    timedCalls: ({ llmOnly }) => whole(timedCallsOf(calls, llmOnly)),
  };
}
