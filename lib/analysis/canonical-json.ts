// docs/analysis.md#identical-calls: the canonical JSON of a call's input, so
// that two calls with the same arguments get the same key whatever order
// their object keys came in and however they were spaced: object keys sorted
// (by UTF-16 code units, JavaScript's default sort), no whitespace, array
// order kept. Iterative, not recursive: an input may nest deeply. O(size +
// keys · log keys). It does not normalise values (1 and 1.0 are one number
// already after JSON.parse; "1" and 1 stay different).

/** Text to emit as is, told apart from the values still to serialise. */
class Raw {
  constructor(readonly text: string) {}
}

export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Raw) {
      parts.push(v.text);
    } else if (Array.isArray(v)) {
      parts.push("[");
      stack.push(new Raw("]"));
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i] === undefined ? null : v[i]);
        if (i > 0) stack.push(new Raw(","));
      }
    } else if (v !== null && typeof v === "object") {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      parts.push("{");
      stack.push(new Raw("}"));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push(obj[key]);
        stack.push(new Raw(`${i > 0 ? "," : ""}${JSON.stringify(key)}:`));
      }
    } else {
      parts.push(JSON.stringify(v) ?? "null");
    }
  }
  return parts.join("");
}
