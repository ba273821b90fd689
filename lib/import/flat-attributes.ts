// docs/import.md#phoenix--openinference-spans — span attributes as one flat object
// of dotted keys, the shape the OTLP GenAI mapping (lib/otlp/genai.ts) reads.
// Exports write the same attributes three ways: flat keys (`"llm.model_name"`),
// nested objects (`{"llm":{"token_count":{"prompt":12}}}`), or flat keys with a
// column prefix (`"attributes.llm.model_name"`, a dataframe row); all three
// end up as `{"llm.model_name": …, "llm.token_count.prompt": 12}`. Arrays stay
// arrays (a list of messages is one value), `null` is absent (a dataframe
// writes every column on every row). Iterative, depth-capped: O(keys).

type Attrs = Record<string, unknown>;

const MAX_DEPTH = 32;

function isPlainObject(v: unknown): v is Attrs {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Nested objects → dotted keys under `prefix`, written into `out` (later keys win). */
export function flattenInto(out: Attrs, value: unknown, prefix = ""): Attrs {
  const stack: { value: unknown; key: string; depth: number }[] = [{ value, key: prefix, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, key, depth } = stack.pop()!;
    if (v === null || v === undefined) continue;
    if (!isPlainObject(v) || depth >= MAX_DEPTH) {
      if (key !== "") out[key] = v;
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      stack.push({ value: v[k], key: key === "" ? k : `${key}.${k}`, depth: depth + 1 });
    }
  }
  return out;
}

/**
 * A record's attributes: its `attributes` object (nested or flat) merged with
 * its top-level `attributes.*` keys (the flattened dataframe form), prefix
 * stripped.
 */
export function attributesOf(record: Attrs, column = "attributes"): Attrs {
  const out: Attrs = {};
  flattenInto(out, record[column]);
  const prefix = `${column}.`;
  for (const key of Object.keys(record)) {
    if (key.startsWith(prefix)) flattenInto(out, record[key], key.slice(prefix.length));
  }
  return out;
}
