// Spans of one trace reach the receiver in several requests (exporters batch
// spans as they end), and only some of them carry the run attribute — GenAI
// puts gen_ai.conversation.id on the agent span, which ends last. For a trace
// whose spans in this request name no run, the receiver looks up the run an
// earlier request named (db/otlp-traces.ts) and moves its records there with
// this function. O(records). Pure: the lookup is the caller's.
import type { OtlpWireRecord, TraceRun } from "./wire";

/** The traces of a request whose spans named no run: their run is, for now, the trace id. */
export function unnamedTraceIds(traceRuns: TraceRun[]): string[] {
  return traceRuns.filter((t) => t.runId === null).map((t) => t.traceId);
}

/** The traces of a request whose spans named their run, and that run. */
export function namedTraceRuns(traceRuns: TraceRun[]): { traceId: string; runId: string }[] {
  return traceRuns.flatMap((t) => (t.runId === null ? [] : [{ traceId: t.traceId, runId: t.runId }]));
}

/**
 * Records whose run is the trace id of an unnamed trace, moved to the run
 * `knownRuns` (trace id → run) remembers for it; every other record as is.
 */
export function assignKnownRuns(records: OtlpWireRecord[], knownRuns: ReadonlyMap<string, string>): OtlpWireRecord[] {
  if (knownRuns.size === 0) return records;
  return records.map((r) => {
    const runId = r.run_id == null ? undefined : knownRuns.get(r.run_id);
    return runId === undefined ? r : { ...r, run_id: runId };
  });
}
