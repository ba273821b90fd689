// Every record value fits the column it lands in (docs/format.md#bad-input):
// one table per rule, each case a value just inside and just outside it. The
// same line is parsed as text (the escape-free fast path when it can be) and
// as a value, and both must agree.
import { describe, expect, test } from "vitest";
import { parseLine, parseRecordValue } from "@/lib/ingest/parse-line";
import { MAX_FIELD_CHARS, storableText } from "@/lib/schemas/storable";
import { MAX_TIME_US, parseTimeUs } from "@/lib/time";

const span = (fields: Record<string, unknown>) => ({ name: "a", t0: 1, ...fields });
const iteration = (fields: Record<string, unknown>) => ({ type: "iteration", n: 1, ts: 1, ...fields });
const event = (fields: Record<string, unknown>) => ({ type: "event", ts: 1, kind: "x", ...fields });
const task = (fields: Record<string, unknown>) => ({ type: "task", task_id: "t", ...fields });

/** The reason a record is rejected, or "ok"; text and value parsing must agree. */
function verdict(record: unknown): string {
  const asText = parseLine(JSON.stringify(record));
  const asValue = parseRecordValue(JSON.parse(JSON.stringify(record)));
  const say = (p: typeof asValue | null) => (p === null ? "blank" : p.ok ? "ok" : p.message);
  expect(say(asText)).toBe(say(asValue));
  return say(asValue);
}

describe("times are kept in the years 1970–2199", () => {
  test.each([
    ["epoch 0", 0, "ok"],
    ["the last microsecond of 2199", "2199-12-31T23:59:59.999999Z", "ok"],
    ["epoch seconds of 2200", 7_258_118_400, "out of range"],
    ["epoch milliseconds (Date.now())", 1_764_496_800_000, "out of range"],
    ["1e15", 1e15, "out of range"],
    ["before 1970", -3e11, "out of range"],
    ["year 0070, which Date.UTC reads as 1970", "0070-01-01T00:00:00Z", "out of range"],
    ["1970 at +01:00 (still 1969 in UTC)", "1970-01-01T00:30:00+01:00", "out of range"],
    ["month 0", "2025-00-10T00:00:00Z", "not a time"],
  ])("%s", (_rule, t0, expected) => {
    expect(verdict(span({ t0 }))).toContain(expected);
  });

  test("a duration_ms that runs past 2199 ends at the last time kept", () => {
    const r = parseRecordValue(span({ t0: "2199-12-31T00:00:00Z", duration_ms: 1e12 }));
    expect(r).toMatchObject({ ok: true, record: { t1Us: MAX_TIME_US } });
  });

  test("parseTimeUs refuses what formatTimeUs or Postgres could not hold", () => {
    expect([parseTimeUs(1e15), parseTimeUs(-1), parseTimeUs(Number.NaN), parseTimeUs("0001-01-01T00:00:00Z")]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("integers fit their int4 or bigint column", () => {
  test.each([
    ["iteration number n: 2^31 − 1", iteration({ n: 2 ** 31 - 1 }), "ok"],
    ["iteration number n: 2^31", iteration({ n: 2 ** 31 }), 'field "n": must be ≤ 2147483647'],
    ["a span's iteration: −2^31", span({ iteration: -(2 ** 31) }), "ok"],
    ["a span's iteration: 2^31", span({ iteration: 2 ** 31 }), 'field "iteration": must be ≤ 2147483647'],
    ["an iteration count: lines_added 2^31", iteration({ lines_added: 2 ** 31 }), "must be ≤ 2147483647"],
    ["a test count: tests.failed 2^31", iteration({ tests: { failed: 2 ** 31 } }), 'field "tests.failed"'],
    ["a task's error_count 2^31", task({ error_count: 2 ** 31 }), "must be ≤ 2147483647"],
    ["an event status: 3e9", event({ status: 3e9 }), 'field "status": must be ≤ 2147483647'],
    ["an event status: 503", event({ status: 503 }), "ok"],
    ["tokens: 10^12", span({ tokens_in: 1e12 }), "ok"],
    ["tokens: 2^53 − 1", span({ tokens_out: 2 ** 53 - 1 }), 'field "tokens_out": must be ≤ 1000000000000'],
    ["iteration tokens_used: 2^53 − 1", iteration({ tokens_used: 2 ** 53 - 1 }), "must be ≤ 1000000000000"],
    ["a fraction for a count", iteration({ api_calls: 1.5 }), "must be an integer"],
  ])("%s", (_rule, record, expected) => {
    expect(verdict(record)).toContain(expected);
  });
});

describe("numbers are finite and sane", () => {
  test.each([
    ["duration_ms 10^12 (about 31 years)", span({ duration_ms: 1e12 }), "ok"],
    ["duration_ms 1e300", span({ duration_ms: 1e300 }), 'field "duration_ms": must be ≤ 1000000000000'],
    ["a negative duration_ms counts as 0", span({ duration_ms: -1e300 }), "ok"],
    ["cost_usd 10^9", span({ cost_usd: 1e9 }), "ok"],
    ["cost_usd 1e308", span({ cost_usd: 1e308 }), 'field "cost_usd": must be ≤ 1000000000'],
    ["a negative cost_usd", span({ cost_usd: -0.5 }), 'field "cost_usd": must be ≥ 0'],
  ])("%s", (_rule, record, expected) => {
    expect(verdict(record)).toContain(expected);
  });
});

describe("text holds no NUL, anywhere", () => {
  test.each([
    [
      "a known string field",
      span({ name: "a\u0000" }),
      'span: field "name": contains a NUL character (\\u0000), which',
    ],
    ["an id", span({ run_id: "r\u0000" }), 'field "run_id": contains a NUL'],
    ["a string deep in meta", span({ meta: { a: [{ b: "\u0000" }] } }), 'field "meta.a.0.b": contains a NUL'],
    ["a key in input", span({ input: { x: { "k\u0000": 1 } } }), 'field "input.x": has a key with a NUL'],
    ["an unknown top-level field", event({ note: "\u0000" }), 'event: field "note": contains a NUL'],
    ["an unknown top-level key", event({ "n\u0000": 1 }), 'event: field "record": has a key with a NUL'],
    ["a run label", { type: "run", labels: { a: "\u0000" } }, 'field "labels.a": contains a NUL'],
    ["an iteration's errors", iteration({ errors: ["ok", "\u0000"] }), 'field "errors.1": contains a NUL'],
    ["the output, any JSON", span({ output: { text: "\u0000" } }), 'field "output.text": contains a NUL'],
  ])("%s", (_rule, record, expected) => {
    expect(verdict(record)).toContain(expected);
  });

  test("a message quoting input is made storable", () => {
    expect(storableText("a\u0000b\ud800")).toBe("a\\u0000b\ufffd");
  });
});

describe("a lone surrogate is repaired, not refused", () => {
  test.each([
    ["in a known field", span({ name: "a\ud800" }), { name: "a\ufffd" }],
    ["in a value of meta", span({ meta: { k: ["\udc00"] } }), { meta: { k: ["\ufffd"] } }],
    ["in a key of input", span({ input: { "k\ud83d": 1 } }), { input: { "k\ufffd": 1 } }],
    ["a pair is kept", span({ name: "\u{1F600}" }), { name: "\u{1F600}" }],
  ])("%s", (_rule, record, fields) => {
    expect(parseLine(JSON.stringify(record))).toMatchObject({ ok: true, record: fields });
    expect(parseRecordValue(JSON.parse(JSON.stringify(record)))).toMatchObject({ ok: true, record: fields });
  });
});

describe("JSON values nest at most 64 deep and hold at most 16 MiB a field", () => {
  const nested = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i += 1) v = { a: v };
    return v;
  };
  test.each([
    ["meta 64 levels deep", span({ meta: nested(64) }), "ok"],
    ["meta 65 levels deep", span({ meta: nested(65) }), "is nested more than 64 levels deep"],
    ["input 200 levels deep", span({ input: [nested(200)] }), "is nested more than 64 levels deep"],
  ])("%s", (_rule, record, expected) => {
    expect(verdict(record)).toContain(expected);
  });

  test("a 6 000-deep meta is refused without a stack overflow", () => {
    const text = `{"name":"a","t0":1,"meta":${'{"a":'.repeat(6000)}1${"}".repeat(6000)}}`;
    expect(parseLine(text)).toMatchObject({ ok: false, message: expect.stringContaining("nested more than 64") });
  });

  test("input over 16 MiB is refused by field", () => {
    const r = parseRecordValue(span({ input: { big: "x".repeat(MAX_FIELD_CHARS) } }));
    expect(r).toMatchObject({ ok: false, message: 'span: field "input": holds more than 16 MiB of JSON' });
  });
});

describe("indexed text fits an index row", () => {
  test.each([
    ["a 512-character ASCII id", span({ span_id: "x".repeat(512) }), "ok"],
    [
      "a 512-character id of 3-byte characters",
      span({ span_id: "運".repeat(512) }),
      'field "span_id": must be at most 512 bytes',
    ],
    [
      "a task_id of 150 emoji (600 bytes)",
      task({ task_id: "\u{1F600}".repeat(150) }),
      'field "task_id": must be at most 512 bytes',
    ],
    [
      "a name of 1 000 3-byte characters",
      span({ name: "運".repeat(1000) }),
      'field "name": must be at most 1500 bytes',
    ],
    ["a name of 500 3-byte characters", span({ name: "運".repeat(500) }), "ok"],
  ])("%s", (_rule, record, expected) => {
    expect(verdict(record)).toContain(expected);
  });
});

test('a "type" that names an Object.prototype member is an unknown type, not a crash', () => {
  for (const type of ["constructor", "toString", "__proto__", "hasOwnProperty"])
    expect(parseLine(JSON.stringify({ type, t0: 1 }))).toMatchObject({ ok: false, message: /unknown type/ });
});
