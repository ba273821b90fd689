// docs/otlp.md — OTLP AnyValue / KeyValue lists → plain JS values, so
// attributes can be kept in `meta`/`attrs` as JSON. strings, bools and doubles
// as themselves; intValue as a number when it is a safe integer, else as its
// decimal string; arrays as arrays; kvlists as objects (last key wins);
// bytes as base64 (OTLP/JSON already carries them so). Depth is capped so a
// hostile payload cannot exhaust the stack. O(size of the value).

const MAX_DEPTH = 32;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function flattenInt(v: unknown): unknown {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || !/^-?\d+$/.test(v)) return v ?? null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
}

function flattenDouble(v: unknown): unknown {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return v ?? null; // "NaN", "Infinity": kept as the string they came as
}

function valuesOf(container: unknown): unknown[] {
  return isObject(container) && Array.isArray(container.values) ? container.values : [];
}

/** One AnyValue → a JSON-able JS value (`null` for an empty or unreadable one). */
export function flattenAnyValue(value: unknown, depth = 0): unknown {
  if (!isObject(value)) return null;
  if (depth >= MAX_DEPTH) return "[nested too deep]";
  if ("stringValue" in value) return value.stringValue ?? "";
  if ("boolValue" in value) return value.boolValue === true || value.boolValue === "true";
  if ("intValue" in value) return flattenInt(value.intValue);
  if ("doubleValue" in value) return flattenDouble(value.doubleValue);
  if ("bytesValue" in value) return typeof value.bytesValue === "string" ? value.bytesValue : null;
  if ("arrayValue" in value) return valuesOf(value.arrayValue).map((v) => flattenAnyValue(v, depth + 1));
  if ("kvlistValue" in value) return keyValuesToObject(valuesOf(value.kvlistValue), depth + 1);
  return null;
}

/** A KeyValue list (attributes, kvlist) → an object; entries without a key are skipped. */
export function keyValuesToObject(list: unknown[] | null | undefined, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of list ?? []) {
    if (!isObject(kv) || typeof kv.key !== "string" || kv.key === "") continue;
    out[kv.key] = flattenAnyValue(kv.value, depth);
  }
  return out;
}

/** A log body: its string, or the flattened value (kvlist bodies become objects). */
export function bodyText(body: unknown): string | null {
  const v = flattenAnyValue(body);
  return typeof v === "string" ? v : null;
}
