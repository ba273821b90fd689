// docs/import.md#otlp-json-files — a file of OTLP/JSON export requests: one
// ExportTraceServiceRequest / ExportLogsServiceRequest document, or JSONL of
// them, one per line, as the OpenTelemetry Collector's file exporter writes
// (Jaeger's `/api/v3` `{"result":{…}}` wrapper is unwrapped). Mapped by the
// OTLP receiver's own mappers (lib/otlp/traces.ts, lib/otlp/logs.ts), so a
// file gives the runs and records the receiver would store. Traces are held
// until the file ends and mapped as one request: the receiver resolves a
// trace whose run key (`gen_ai.conversation.id` on the agent span) arrives
// in a later request from its database, a file from its other lines. Logs
// are mapped line by line. Metrics and profiles lines are skipped. A span or
// log record the mapper rejects is reported on its request's line as
// `item <i>` (0-based, request order, as the receiver's partial success).
// The upload's run, when named, takes every record. O(spans) memory.
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "../otlp/model";
import { mapLogsRequest } from "../otlp/logs";
import { mapTraceRequest } from "../otlp/traces";
import type { OtlpWireRecord } from "../otlp/wire";
import { heldTraceLines, withSource, type HeldTraces } from "./otlp-json-source";
import type { ImportContext, ImportOutput, Importer, JsonItem } from "./types";

type Attrs = Record<string, unknown>;
const FORMAT = "otlp-json";
const SKIPPED_SIGNALS = ["resourceMetrics", "resourceProfiles"];

function isObject(v: unknown): v is Attrs {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function unwrap(value: unknown): unknown {
  return isObject(value) && isObject(value.result) && !("resourceSpans" in value) ? value.result : value;
}

function issueOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join(".") || "body"}: ${issue?.message ?? "invalid"}`;
}

function createMapper(ctx: ImportContext) {
  const traces: HeldTraces = { requests: [], lines: [] };
  const seenRuns = new Set<string>();

  /** Into the upload's run, when it names one: run records then merge, so only the first is kept. */
  function* emit(lineNo: number, record: OtlpWireRecord): Iterable<ImportOutput> {
    const sourced = withSource(record, FORMAT);
    const out = ctx.runId !== null ? { ...sourced, run_id: ctx.runId } : sourced;
    if (out.type === "run") {
      if (seenRuns.has(String(out.run_id))) return;
      seenRuns.add(String(out.run_id));
    }
    yield { lineNo, record: out };
  }

  function* push(item: JsonItem): Iterable<ImportOutput> {
    const value = unwrap(item.value);
    if (isObject(value) && "resourceSpans" in value) {
      const parsed = ExportTraceServiceRequest.safeParse(value);
      if (!parsed.success)
        yield { lineNo: item.lineNo, error: `not an ExportTraceServiceRequest: ${issueOf(parsed.error)}` };
      else {
        traces.requests.push(parsed.data);
        traces.lines.push(item.lineNo);
      }
      return;
    }
    if (isObject(value) && "resourceLogs" in value) {
      const parsed = ExportLogsServiceRequest.safeParse(value);
      if (!parsed.success) {
        yield { lineNo: item.lineNo, error: `not an ExportLogsServiceRequest: ${issueOf(parsed.error)}` };
        return;
      }
      const mapped = mapLogsRequest(parsed.data);
      for (const r of mapped.rejected) yield { lineNo: item.lineNo, error: `item ${r.index}: ${r.message}` };
      for (const record of mapped.records) yield* emit(item.lineNo, record);
      return;
    }
    if (isObject(value) && SKIPPED_SIGNALS.some((key) => key in value)) {
      yield { lineNo: item.lineNo, skipped: true };
      return;
    }
    yield { lineNo: item.lineNo, error: 'not an OTLP export request: expected "resourceSpans" or "resourceLogs"' };
  }

  function* end(): Iterable<ImportOutput> {
    if (traces.requests.length === 0) return;
    const merged = { resourceSpans: traces.requests.flatMap((r) => r.resourceSpans ?? []) };
    const mapped = mapTraceRequest(merged);
    const where = heldTraceLines(traces);
    for (const r of mapped.rejected) {
      const at = where.ofIndex(r.index);
      yield { lineNo: at.lineNo, error: `item ${at.index}: ${r.message}` };
    }
    for (const record of mapped.records) yield* emit(where.ofRecord(record), record);
  }

  return { push, end };
}

/** OTLP/JSON files (a request, or the Collector file exporter's JSONL): the receiver's mapping. */
export const otlpJsonImporter: Importer = { format: FORMAT, input: "json", create: createMapper };
