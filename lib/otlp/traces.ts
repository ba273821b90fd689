// docs/otlp.md — ExportTraceServiceRequest → docs/format.md span wire objects.
// The run of a span is, by key priority, `loopscope.run_id`, `session.id`,
// `gen_ai.conversation.id` — each looked up on the span, then its resource,
// then any other span (or its resource) of the same trace in this request
// (GenAI puts the conversation id on the agent span only; its tool calls must
// not land in another run) — and else the trace id. `traceRuns` says, per
// trace, which run its attributes named, or null when every span of it fell
// back to the trace id: spans of one trace often arrive in several requests,
// and the receiver resolves such traces from earlier ones
// (db/otlp-traces.ts). Kind, name, tokens: lib/otlp/genai.ts.
// ok unless status ERROR; error = status message, else the `exception`
// event's message, else error.type; input / output from the tool-call
// arguments and result. Attributes not read into fields stay in
// `meta`, with trace_id, span_kind and service.name. A span without start
// time, span id or trace id is rejected with its index (request order).
// O(spans + attributes). Does not validate against the zod schemas: the
// route runs every record through them, as for JSONL.
import { formatTimeUs } from "../time";
import { keyValuesToObject } from "./any-value";
import { nanosToUs, normalizeId, toText } from "./coerce";
import {
  CONSUMED_KEYS,
  RUN_ID_KEYS,
  isErrorStatus,
  otelSpanKindLabel,
  spanKindOf,
  spanIoOf,
  spanNameOf,
  spanUsageOf,
} from "./genai";
import { OtlpSpan, OtlpSpanEvent, type ExportTraceServiceRequest, type OtlpRejection } from "./model";
import { runRecordsFor, type OtlpTraceMapResult, type SpanWire, type TraceRun } from "./wire";

type Attrs = Record<string, unknown>;
type SpanItem = { index: number; span: OtlpSpan; attrs: Attrs; resource: Attrs; traceId: string | null };

function collectSpans(request: ExportTraceServiceRequest, rejected: OtlpRejection[]): SpanItem[] {
  const items: SpanItem[] = [];
  let index = 0;
  for (const rs of request.resourceSpans ?? []) {
    const resource = keyValuesToObject(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const raw of ss.spans ?? []) {
        const parsed = OtlpSpan.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          rejected.push({
            index,
            message: `span ${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`.trim(),
          });
        } else {
          const span = parsed.data;
          const attrs = keyValuesToObject(span.attributes);
          items.push({ index, span, attrs, resource, traceId: normalizeId(span.traceId, 16) });
        }
        index++;
      }
    }
  }
  return items;
}

/** Per trace, the first value of each run key carried by any of its spans or their resources. */
function runKeysByTrace(items: SpanItem[]): Map<string, Attrs> {
  const byTrace = new Map<string, Attrs>();
  for (const item of items) {
    if (item.traceId === null) continue;
    const found = byTrace.get(item.traceId) ?? {};
    for (const key of RUN_ID_KEYS) found[key] ??= toText(item.attrs[key]) ?? toText(item.resource[key]) ?? undefined;
    byTrace.set(item.traceId, found);
  }
  return byTrace;
}

/** The run a trace's attributes name (by key priority), or null: its spans fell back to the trace id. */
function traceRunOf(traceKeys: Attrs | undefined): string | null {
  for (const key of RUN_ID_KEYS) {
    const v = toText(traceKeys?.[key]);
    if (v !== null) return v;
  }
  return null;
}

function runIdOf(item: SpanItem, traceId: string, traceKeys: Attrs | undefined): string {
  for (const key of RUN_ID_KEYS) {
    const v = toText(item.attrs[key]) ?? toText(item.resource[key]) ?? toText(traceKeys?.[key]);
    if (v !== null) return v;
  }
  return traceId;
}

function errorOf(span: OtlpSpan, attrs: Attrs): string {
  if (span.status?.message) return span.status.message;
  for (const raw of span.events ?? []) {
    const event = OtlpSpanEvent.safeParse(raw);
    if (!event.success || event.data.name !== "exception") continue;
    const message = toText(keyValuesToObject(event.data.attributes)["exception.message"]);
    if (message !== null) return message;
  }
  return toText(attrs["error.type"]) ?? "error";
}

function metaOf(item: SpanItem, traceId: string): Attrs {
  const meta: Attrs = {};
  for (const key of Object.keys(item.attrs)) if (!CONSUMED_KEYS.has(key)) meta[key] = item.attrs[key];
  meta.trace_id = traceId;
  const kind = otelSpanKindLabel(item.span.kind);
  if (kind !== null) meta.span_kind = kind;
  const service = toText(item.resource["service.name"]);
  if (service !== null) meta["service.name"] = service;
  return meta;
}

function mapSpan(item: SpanItem, traceKeys: Map<string, Attrs>): SpanWire | string {
  const { span, attrs } = item;
  const spanId = normalizeId(span.spanId, 8);
  if (spanId === null) return "span has no usable spanId (8 bytes, hex or base64)";
  if (item.traceId === null) return `span ${spanId} has no usable traceId (16 bytes, hex or base64)`;
  const t0Us = nanosToUs(span.startTimeUnixNano);
  if (t0Us === null) return `span ${spanId} has no startTimeUnixNano`;
  const t1Us = nanosToUs(span.endTimeUnixNano) ?? t0Us;
  const kind = spanKindOf(attrs);
  const ok = !isErrorStatus(span.status?.code);
  return {
    type: "span",
    run_id: runIdOf(item, item.traceId, traceKeys.get(item.traceId)),
    span_id: spanId,
    parent_id: normalizeId(span.parentSpanId, 8),
    name: spanNameOf(kind, span.name || "(unnamed span)", attrs),
    kind,
    t0: formatTimeUs(t0Us),
    t1: formatTimeUs(Math.max(t1Us, t0Us)),
    ok,
    error: ok ? "" : errorOf(span, attrs),
    ...spanUsageOf(attrs),
    ...spanIoOf(attrs),
    meta: metaOf(item, item.traceId),
  };
}

/** POST /v1/traces: every usable span as a wire object, plus run records naming the agent. */
export function mapTraceRequest(request: ExportTraceServiceRequest): OtlpTraceMapResult {
  const rejected: OtlpRejection[] = [];
  const items = collectSpans(request, rejected);
  const traceKeys = runKeysByTrace(items);
  const spans: SpanWire[] = [];
  const agents = new Map<string, string>();
  const traceRuns = new Map<string, string | null>();
  for (const item of items) {
    const mapped = mapSpan(item, traceKeys);
    if (typeof mapped === "string") {
      rejected.push({ index: item.index, message: mapped });
      continue;
    }
    spans.push(mapped);
    const traceId = item.traceId as string; // mapSpan rejects spans without one
    if (!traceRuns.has(traceId)) traceRuns.set(traceId, traceRunOf(traceKeys.get(traceId)));
    const service = toText(item.resource["service.name"]);
    if (service !== null && mapped.run_id && !agents.has(mapped.run_id)) agents.set(mapped.run_id, service);
  }
  rejected.sort((a, b) => a.index - b.index);
  return {
    records: [...runRecordsFor(agents), ...spans],
    rejected,
    traceRuns: [...traceRuns].map(([traceId, runId]): TraceRun => ({ traceId, runId })),
  };
}
