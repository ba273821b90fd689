// docs/otlp.md — what the OTLP mappers return: docs/format.md wire objects,
// typed as the *input* of the same zod schemas that JSONL lines go through
// (lib/schemas/records.ts), so the route validates and stores them exactly
// like an uploaded file. Times are ISO strings with microseconds.
import type { z } from "zod";
import type { EventRecord, IterationRecord, RunRecord, SpanRecord } from "../schemas/records";
import type { OtlpRejection } from "./model";

export type SpanWire = z.input<typeof SpanRecord.schema> & { type: "span" };
export type EventWire = z.input<typeof EventRecord.schema>;
export type IterationWire = z.input<typeof IterationRecord.schema>;
export type RunWire = z.input<typeof RunRecord.schema>;
export type OtlpWireRecord = SpanWire | EventWire | IterationWire | RunWire;

/** Records to store, and the items (by index in request order) that were not usable. */
export type OtlpMapResult = { records: OtlpWireRecord[]; rejected: OtlpRejection[] };

/**
 * A trace of a trace request and the run its attributes name (`loopscope.run_id`,
 * `session.id`, `gen_ai.conversation.id` on any of its spans or their resources),
 * or null when none does and its spans' run fell back to the trace id.
 */
export type TraceRun = { traceId: string; runId: string | null };

/** A mapped trace request: the records, the rejected items, and each trace's run. */
export type OtlpTraceMapResult = OtlpMapResult & { traceRuns: TraceRun[] };

/** One run record per run that names its agent (the resource's service.name). */
export function runRecordsFor(agentByRun: Map<string, string>): RunWire[] {
  return [...agentByRun].map(([runId, agent]) => ({ type: "run", run_id: runId, agent }));
}
