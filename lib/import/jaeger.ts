// docs/import.md#jaeger-json — the JSON file Jaeger UI loads and downloads,
// `{"data":[{"traceID","spans":[…],"processes":{…}}]}` (also one trace per
// JSONL line or array element). One run per trace, `jaeger-<traceID>` unless
// the upload names a run; its agent and its `service` label are the root
// span's process serviceName. A span: name = operationName, t0 = startTime,
// t1 = startTime + duration (both µs), parent = its CHILD_OF reference; its
// tags are read as OTLP attributes, so the OTLP receiver's GenAI mapping
// (lib/otlp/genai.ts) decides tool / llm / agent / other, the tool name,
// tokens, input and output. Failed when tag `error` is true (or
// `otel.status_code` ERROR); error text: lib/import/jaeger-fields.ts. Span
// ids are Jaeger's own (as the OTLP receiver keeps OTLP's), so re-importing
// adds nothing. A span of a `{"data"}` document is numbered by its place in
// its trace's `spans` (index + 1), its path named in the message.
// O(spans + tags). Does not turn span logs into events.
import { toText } from "../otlp/coerce";
import { CONSUMED_KEYS, spanIoOf, spanKindOf, spanNameOf, spanUsageOf } from "../otlp/genai";
import { formatTimeUs } from "../time";
import {
  errorLogMessage,
  isFailed,
  isObject,
  jaegerId,
  referencesOf,
  STATUS_TAGS,
  tagsToAttributes,
} from "./jaeger-fields";
import type { ImportContext, ImportOutput, Importer, JsonItem, RunWire, SpanWire } from "./types";

type Attrs = Record<string, unknown>;
const FORMAT = "jaeger";

/** A whole-number count of microseconds, from a number or a numeric string. */
function micros(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

function serviceOf(span: Attrs, processes: Attrs): string | null {
  const process = isObject(span.process) ? span.process : processes[String(span.processID)];
  return isObject(process) ? toText(process.serviceName) : null;
}

/** `otel.status_description`, else the error log's message, else `error.type` (as the OTLP receiver). */
function errorOf(attrs: Attrs, logs: unknown): string {
  return toText(attrs["otel.status_description"]) ?? errorLogMessage(logs) ?? toText(attrs["error.type"]) ?? "error";
}

function metaOf(attrs: Attrs, extra: Attrs): Attrs {
  const meta: Attrs = {};
  for (const key of Object.keys(attrs)) if (!CONSUMED_KEYS.has(key) && !STATUS_TAGS.has(key)) meta[key] = attrs[key];
  return { ...meta, ...extra };
}

function mapSpan(span: Attrs, traceId: string, runId: string, processes: Attrs): SpanWire | string {
  const spanId = jaegerId(span.spanID);
  if (spanId === null) return 'missing "spanID"';
  const t0Us = micros(span.startTime);
  if (t0Us === null || t0Us === 0) return `span ${spanId}: missing "startTime" (µs since the epoch)`;
  const t1Us = t0Us + (micros(span.duration) ?? 0);
  const attrs = tagsToAttributes(span.tags);
  const kind = spanKindOf(attrs);
  const failed = isFailed(attrs);
  const { parentId, followsFrom } = referencesOf(span, traceId);
  const service = serviceOf(span, processes);
  return {
    type: "span",
    run_id: runId,
    span_id: spanId,
    parent_id: parentId,
    name: spanNameOf(kind, toText(span.operationName) ?? "(unnamed span)", attrs),
    kind,
    t0: formatTimeUs(t0Us),
    t1: formatTimeUs(t1Us),
    ok: !failed,
    error: failed ? errorOf(attrs, span.logs) : "",
    ...spanUsageOf(attrs),
    ...spanIoOf(attrs),
    meta: metaOf(attrs, {
      trace_id: traceId,
      ...(service !== null ? { "service.name": service } : {}),
      ...(followsFrom.length > 0 ? { follows_from: followsFrom } : {}),
      source_id: spanId,
      source_format: FORMAT,
    }),
  };
}

function runRecord(runId: string, root: Attrs | undefined, processes: Attrs, ctx: ImportContext): RunWire {
  const service = root ? serviceOf(root, processes) : null;
  const name = ctx.runId === null && root ? toText(root.operationName) : null;
  return {
    type: "run",
    run_id: runId,
    ...(name !== null ? { name } : {}),
    ...(service !== null ? { agent: service, labels: { service } } : {}),
  };
}

function* mapTrace(
  trace: Attrs,
  path: string,
  lineOf: (index: number) => number,
  ctx: ImportContext,
): Iterable<ImportOutput> {
  const spans = Array.isArray(trace.spans) ? trace.spans : [];
  const first = spans.find(isObject);
  const traceId = jaegerId(trace.traceID) ?? (first ? jaegerId(first.traceID) : null);
  if (traceId === null) {
    yield { lineNo: lineOf(0), error: `${path}: missing "traceID"` };
    return;
  }
  const processes = isObject(trace.processes) ? trace.processes : {};
  const runId = ctx.runId ?? `jaeger-${traceId}`;
  const root = spans.find((s): s is Attrs => isObject(s) && referencesOf(s, traceId).parentId === null) ?? first;
  yield { lineNo: lineOf(0), record: runRecord(runId, root, processes, ctx) };
  for (const [i, span] of spans.entries()) {
    const mapped = isObject(span) ? mapSpan(span, traceId, runId, processes) : "not a span object";
    if (typeof mapped === "string") yield { lineNo: lineOf(i), error: `${path}.spans[${i}]: ${mapped}` };
    else yield { lineNo: lineOf(i), record: mapped };
  }
}

function* mapItem(item: JsonItem, ctx: ImportContext): Iterable<ImportOutput> {
  const value = item.value;
  if (isObject(value) && Array.isArray(value.data)) {
    for (const [t, trace] of value.data.entries()) {
      if (isObject(trace)) yield* mapTrace(trace, `data[${t}]`, (i) => i + 1, ctx);
      else yield { lineNo: item.lineNo, error: `data[${t}]: not a trace object` };
    }
    return;
  }
  if (isObject(value) && Array.isArray(value.spans)) {
    yield* mapTrace(value, "trace", () => item.lineNo, ctx);
    return;
  }
  yield { lineNo: item.lineNo, error: 'not a Jaeger trace: expected {"data":[…]} or {"traceID","spans","processes"}' };
}

/** Jaeger UI's JSON: one run per trace, its spans with the OTLP receiver's GenAI reading. */
export const jaegerImporter: Importer = {
  format: FORMAT,
  input: "json",
  create(ctx) {
    return { push: (item) => mapItem(item, ctx), end: () => [] };
  },
};
