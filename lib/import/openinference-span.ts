// docs/import.md#phoenix--openinference-spans — one Phoenix / OpenInference
// span as the exports write it (Phoenix's span JSONL, the REST API's spans,
// a `get_spans_dataframe()` row saved as JSON) → a docs/format.md span wire
// object without its run. Ids from `context.span_id` / `context.trace_id`
// (nested or flattened), `parent_id`; attributes nested, flat or as
// `attributes.*` columns (flat-attributes.ts). Kind: `LLM` → llm, `TOOL` →
// tool, any other kind → agent (`loopscope.kind` overrides); an llm span is
// named by `llm.model_name`, a tool span by `tool.name`. Tokens, input and
// output: the OTLP receiver's readers (lib/otlp/genai.ts). `status_code`
// ERROR → failed, error = `status_message`, else the `exception` event's
// message. Times: ISO strings (no offset = UTC, as Phoenix stores them), or
// numbers in seconds, ms (pandas' default), µs or ns by magnitude. O(attributes).
import { toText } from "../otlp/coerce";
import { CONSUMED_KEYS, isErrorStatus, spanIoOf, spanKindOf, spanNameOf, spanUsageOf } from "../otlp/genai";
import { formatTimeUs, parseTimeUs } from "../time";
import { attributesOf, flattenInto } from "./flat-attributes";
import type { SpanWire } from "./types";

type Attrs = Record<string, unknown>;
type Kind = NonNullable<SpanWire["kind"]>;

export const OPENINFERENCE_FORMAT = "openinference";

/** A span read from the file, waiting for its trace's run. */
export type OpenInferenceSpan = {
  traceId: string;
  sessionId: string | null;
  /** The span's own name and start, for naming its run after its first root span. */
  spanName: string;
  t0Us: number;
  span: SpanWire;
};

export function isObject(v: unknown): v is Attrs {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Epoch µs of an export time: ISO (offset optional: UTC) or an epoch number of any unit. */
export function exportTimeUs(value: unknown): number | null {
  if (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value)) return exportTimeUs(Number(value));
  if (typeof value === "string") return parseTimeUs(value) ?? parseTimeUs(`${value.trim()}Z`);
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return null;
  if (value < 1e11) return Math.round(value * 1e6); // seconds
  if (value < 1e14) return Math.round(value * 1e3); // milliseconds (pandas to_json)
  if (value < 1e17) return Math.round(value); // microseconds
  return Math.round(value / 1e3); // nanoseconds
}

function contextField(raw: Attrs, key: "span_id" | "trace_id"): string | null {
  const nested = isObject(raw.context) ? toText(raw.context[key]) : null;
  return nested ?? toText(raw[`context.${key}`]) ?? toText(raw[key]);
}

function kindOf(spanKind: string | null, attrs: Attrs): Kind {
  if (attrs["loopscope.kind"] !== undefined) return spanKindOf(attrs);
  if (spanKind === "LLM") return "llm";
  if (spanKind === "TOOL") return "tool";
  return "agent";
}

function exceptionMessage(events: unknown): string | null {
  for (const event of Array.isArray(events) ? events : []) {
    if (!isObject(event) || event.name !== "exception") continue;
    const attrs = flattenInto({}, event.attributes);
    const message = toText(attrs["exception.message"]) ?? toText(event.message);
    if (message !== null) return message;
  }
  return null;
}

function nameOf(kind: Kind, spanName: string, attrs: Attrs): string {
  if (kind === "llm") return (toText(attrs["llm.model_name"]) ?? spanName).slice(0, 1000);
  return spanNameOf(kind, spanName, attrs);
}

function metaOf(attrs: Attrs, extra: Attrs): Attrs {
  const meta: Attrs = {};
  for (const key of Object.keys(attrs)) if (!CONSUMED_KEYS.has(key)) meta[key] = attrs[key];
  return { ...meta, ...extra };
}

/** One exported span, or the reason it cannot be read. */
export function readOpenInferenceSpan(raw: unknown): OpenInferenceSpan | string {
  if (!isObject(raw)) return "not a span object";
  const spanId = contextField(raw, "span_id");
  if (spanId === null) return 'missing "context.span_id"';
  const traceId = contextField(raw, "trace_id");
  if (traceId === null) return `span ${spanId}: missing "context.trace_id"`;
  const t0Us = exportTimeUs(raw.start_time);
  if (t0Us === null) return `span ${spanId}: missing or unreadable "start_time"`;
  const t1Us = Math.max(exportTimeUs(raw.end_time) ?? t0Us, t0Us);
  const attrs = attributesOf(raw);
  const spanKind = (toText(raw.span_kind) ?? toText(attrs["openinference.span.kind"]))?.toUpperCase() ?? null;
  const kind = kindOf(spanKind, attrs);
  const spanName = toText(raw.name) ?? "(unnamed span)";
  const name = nameOf(kind, spanName, attrs);
  const failed = isErrorStatus(toText(raw.status_code)?.toUpperCase());
  return {
    traceId,
    sessionId: toText(attrs["session.id"]),
    spanName,
    t0Us,
    span: {
      type: "span",
      span_id: spanId,
      parent_id: toText(raw.parent_id),
      name,
      kind,
      t0: formatTimeUs(t0Us),
      t1: formatTimeUs(t1Us),
      ok: !failed,
      error: failed ? (toText(raw.status_message) ?? exceptionMessage(raw.events) ?? "error") : "",
      ...spanUsageOf(attrs),
      ...spanIoOf(attrs),
      meta: metaOf(attrs, {
        trace_id: traceId,
        ...(spanKind !== null ? { "openinference.span.kind": spanKind } : {}),
        ...(name !== spanName ? { span_name: spanName } : {}),
        source_id: spanId,
        source_format: OPENINFERENCE_FORMAT,
      }),
    },
  };
}
