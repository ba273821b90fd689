// tests/unit/ingest/span-io.test.ts — a span's `input` and `output` are fields
// of their own (docs/format.md#span): any JSON in, the output cut to 2 000
// characters at ingest, neither left in `meta`.
import { describe, expect, test } from "vitest";
import { SPAN_OUTPUT_MAX_CHARS, SpanRecord, spanOutputOf } from "@/lib/schemas/records";

const span = (fields: Record<string, unknown>) => SpanRecord.parse({ name: "search", t0: 1, t1: 2, ...fields });

describe("span input and output", () => {
  test.each([
    ["an object", { q: "x", n: [1, 2] }],
    ["a string", "ls -la"],
    ["a number", 42],
    ["an array", [1, "a"]],
    ["false", false],
  ])("input may be any JSON: %s", (_name, input) => {
    expect(span({ input }).input).toEqual(input);
  });

  test("absent input and output (or JSON null) are null, and stay out of meta", () => {
    expect(span({})).toMatchObject({ input: null, output: null, meta: {} });
    expect(span({ input: null, output: null })).toMatchObject({ input: null, output: null, meta: {} });
    expect(span({ input: { q: 1 }, output: "ok" }).meta).toEqual({});
  });

  test("the output is stored up to 2 000 characters", () => {
    expect(SPAN_OUTPUT_MAX_CHARS).toBe(2000);
    expect(span({ output: "a".repeat(2000) }).output).toHaveLength(2000);
    expect(span({ output: "a".repeat(2001) }).output).toBe("a".repeat(2000));
  });

  test("a cut never splits a surrogate pair", () => {
    const text = `${"a".repeat(1999)}😀tail`;
    expect(spanOutputOf(text)).toBe("a".repeat(1999));
  });

  test("an output that is not a string is kept as its JSON text", () => {
    expect(span({ output: { rows: 3 } }).output).toBe('{"rows":3}');
  });
});
