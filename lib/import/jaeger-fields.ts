// docs/import.md#jaeger-json — reading the parts of a Jaeger JSON span
// (jaeger's model/json, the file Jaeger UI loads): tags `[{key, type, value}]`
// as OTLP-style attributes (so lib/otlp/genai.ts decides kind, name and
// tokens), the parent from the `CHILD_OF` reference (or the older
// `parentSpanID`), and the error text of a failed span from
// `otel.status_description`, else its `error` log (OpenTracing: `event`=error,
// `message` / `error.object`) or `exception` log (OTel events as Jaeger logs).
// O(tags + logs + references) per span.
import { toBool, toText } from "../otlp/coerce";

type Attrs = Record<string, unknown>;

export function isObject(v: unknown): v is Attrs {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function tagValue(type: unknown, value: unknown): unknown {
  const t = typeof type === "string" ? type.toLowerCase() : "";
  if (t === "bool") return toBool(value) ?? value;
  if ((t === "int64" || t === "float64") && typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) && (t === "float64" || Number.isSafeInteger(n)) ? n : value;
  }
  return value ?? null;
}

/** Jaeger key-value list → an attribute object (last key wins; entries without a key skipped). */
export function tagsToAttributes(tags: unknown): Attrs {
  const out: Attrs = {};
  if (!Array.isArray(tags)) return out;
  for (const tag of tags) {
    if (!isObject(tag) || typeof tag.key !== "string" || tag.key === "") continue;
    out[tag.key] = tagValue(tag.type, tag.value);
  }
  return out;
}

/** Jaeger ids are lowercase hex (`%016x`); any case is accepted. */
export function jaegerId(value: unknown): string | null {
  const text = toText(value);
  return text === null ? null : text.toLowerCase();
}

/** The parent span (a CHILD_OF reference in the same trace, else `parentSpanID`) and FOLLOWS_FROM links. */
export function referencesOf(span: Attrs, traceId: string): { parentId: string | null; followsFrom: string[] } {
  let parentId: string | null = null;
  const followsFrom: string[] = [];
  for (const ref of Array.isArray(span.references) ? span.references : []) {
    if (!isObject(ref)) continue;
    const id = jaegerId(ref.spanID);
    const sameTrace = ref.traceID === undefined || jaegerId(ref.traceID) === traceId;
    if (id === null) continue;
    if (ref.refType === "CHILD_OF" && sameTrace && parentId === null) parentId = id;
    else if (ref.refType === "FOLLOWS_FROM") followsFrom.push(id);
  }
  parentId ??= jaegerId(span.parentSpanID);
  return { parentId: parentId === "0" || /^0+$/.test(parentId ?? "") ? null : parentId, followsFrom };
}

const ERROR_EVENTS = new Set(["error", "exception"]);
const MESSAGE_FIELDS = ["message", "error.object", "exception.message", "error.message"];

/** The message of the first `error` / `exception` log of a span, or null. */
export function errorLogMessage(logs: unknown): string | null {
  for (const log of Array.isArray(logs) ? logs : []) {
    if (!isObject(log)) continue;
    const fields = tagsToAttributes(log.fields);
    const event = toText(fields.event)?.toLowerCase();
    if (event === undefined || !ERROR_EVENTS.has(event)) continue;
    for (const key of MESSAGE_FIELDS) {
      const message = toText(fields[key]);
      if (message !== null) return message;
    }
  }
  return null;
}

/** Tags that say a span failed: `error` true (OpenTracing), or `otel.status_code` ERROR (OTLP via Jaeger). */
export function isFailed(attrs: Attrs): boolean {
  return toBool(attrs.error) === true || toText(attrs["otel.status_code"])?.toUpperCase() === "ERROR";
}

/** Tags read into `ok` / `error`, and so left out of `meta`. */
export const STATUS_TAGS: ReadonlySet<string> = new Set(["error", "otel.status_code", "otel.status_description"]);
