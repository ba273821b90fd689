import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { maybeGunzip, readLines, type Line } from "@/lib/ingest/line-reader";
import { parseLine } from "@/lib/ingest/parse-line";
import type { StoredRecord } from "@/lib/schemas/records";
import { formatTimeUs, parseTimeUs } from "@/lib/time";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");

async function* chunks(...parts: (string | Buffer)[]) {
  for (const p of parts) yield typeof p === "string" ? Buffer.from(p) : p;
}
async function collect(lines: AsyncIterable<Line>) {
  const out: Line[] = [];
  for await (const l of lines) out.push(l);
  return out;
}
async function ingest(text: string | Buffer, runId: string | null = null) {
  const stored: StoredRecord[] = [];
  const result = await ingestItems(readLines(maybeGunzip(chunks(text))), {
    runId,
    writeBatch: async (b) => void stored.push(...b),
  });
  return { result, stored };
}

describe("time normalisation", () => {
  test.each([
    [1764496800.123456, "2025-11-30T10:00:00.123456Z"],
    ["2025-11-30T10:00:00Z", "2025-11-30T10:00:00.000000Z"],
    ["2025-11-30T12:00:00.5+02:00", "2025-11-30T10:00:00.500000Z"],
    ["2025-11-30T10:00:00.1234567Z", "2025-11-30T10:00:00.123457Z"],
  ])("%s is %s", (input, iso) => {
    expect(formatTimeUs(parseTimeUs(input)!)).toBe(iso);
  });
  test.each([["not a time"], ["2025-11-30"], ["2025-11-30T10:00:00"], [Number.NaN], [null]])(
    "%s is not a time",
    (v) => {
      expect(parseTimeUs(v)).toBeNull();
    },
  );
});

describe("one line → one record or one reason", () => {
  test("a bare Python-harness span is a span with ok, error and duration", () => {
    const r = parseLine('{"name": "http_get", "t0": 1.0, "t1": 1.2011, "ok": false, "error": "连接失败", "meta": {}}');
    expect(r).toMatchObject({
      ok: true,
      record: {
        type: "span",
        name: "http_get",
        kind: "tool",
        ok: false,
        error: "连接失败",
        t0Us: 1_000_000,
        t1Us: 1_201_100,
      },
    });
  });
  test("ok defaults from the error text; an explicit ok wins", () => {
    expect(parseLine('{"name":"a","t0":1,"error":"boom"}')).toMatchObject({ record: { ok: false } });
    expect(parseLine('{"name":"a","t0":1,"error":""}')).toMatchObject({ record: { ok: true } });
    expect(parseLine('{"name":"a","t0":1,"error":"retry","ok":true}')).toMatchObject({ record: { ok: true } });
  });
  test("duration_ms stands in for t1, and t1 wins over it", () => {
    expect(parseLine('{"name":"a","t0":1,"duration_ms":250}')).toMatchObject({ record: { t1Us: 1_250_000 } });
    expect(parseLine('{"name":"a","t0":1,"t1":2,"duration_ms":250}')).toMatchObject({ record: { t1Us: 2_000_000 } });
  });
  test("t1 before t0 gives a zero duration", () => {
    expect(parseLine('{"name":"a","t0":5,"t1":2}')).toMatchObject({ record: { t0Us: 5_000_000, t1Us: 5_000_000 } });
  });
  test("unknown fields are kept in meta (spans) and attrs (others)", () => {
    expect(parseLine('{"name":"a","t0":1,"model":"x","meta":{"k":1}}')).toMatchObject({
      record: { meta: { k: 1, model: "x" } },
    });
    expect(parseLine('{"type":"event","ts":1,"kind":"custom","extra":[1]}')).toMatchObject({
      record: { attrs: { extra: [1] } },
    });
  });
  test("an absent iteration field stays null, an empty list stays empty", () => {
    const r = parseLine('{"type":"iteration","n":1,"ts":1,"files_modified":[]}');
    expect(r).toMatchObject({ record: { filesModified: [], errors: null, tasksCompleted: null } });
  });
  test.each([
    ['{"type": "span", "name": "x", "t0": "not a time"}', 't0": not a time'],
    ["this line is not json", "not valid JSON"],
    ['{"type": "iteration", "ts": "2025-11-30T10:00:05Z"}', 'missing required field "n"'],
    ['{"type": "span", "t0": 1}', 'missing required field "name"'],
    ['{"type": "span", "name": "x", "t0": 1', "not valid JSON"],
    ['{"type": "mystery"}', 'unknown type "mystery"'],
    ['{"t0": 1}', 'missing "type"'],
    ["[1,2]", "must be a JSON object"],
    ['{"type":"span","name":"x","t0":1,"kind":"robot"}', 'field "kind"'],
    ['{"type":"event","ts":1,"kind":"api_error","status":"teapot"}', 'field "status"'],
  ])("rejects %s with a reason naming the problem", (line, reason) => {
    const r = parseLine(line);
    expect(r?.ok).toBe(false);
    expect(r && !r.ok && r.message).toContain(reason);
  });
  test("a blank line is ignored, not an error", () => {
    expect(parseLine("   ")).toBeNull();
  });
});

describe("reading lines from a stream", () => {
  test("CRLF, a BOM and a line split across chunks", async () => {
    const lines = await collect(readLines(chunks('\uFEFF{"a":1}\r\n{"b"', ":2}\r\n", '{"c":3}')));
    expect(lines).toEqual([
      { lineNo: 1, text: '{"a":1}' },
      { lineNo: 2, text: '{"b":2}' },
      { lineNo: 3, text: '{"c":3}' },
    ]);
  });
  test("a multi-byte character split across chunks survives", async () => {
    const bytes = Buffer.from('{"error":"熔断中"}\n');
    const lines = await collect(readLines(chunks(bytes.subarray(0, 12), bytes.subarray(12))));
    expect(lines[0]).toEqual({ lineNo: 1, text: '{"error":"熔断中"}' });
  });
  test("a 1 MB line is read whole", async () => {
    const big = JSON.stringify({ name: "a", t0: 1, meta: { blob: "x".repeat(1024 * 1024) } });
    const { result, stored } = await ingest(`${big}\n`, "r");
    expect(result.accepted).toBe(1);
    expect((stored[0] as unknown as { meta: { blob: string } }).meta.blob).toHaveLength(1024 * 1024);
  });
  test("a line over the limit is reported and the next line still read", async () => {
    const lines = await collect(readLines(chunks("x".repeat(50), "y".repeat(50), "\n{}\n"), 64));
    expect(lines).toEqual([
      { lineNo: 1, tooLongBytes: 100 },
      { lineNo: 2, text: "{}" },
    ]);
  });
  test("gzip input is detected by its magic bytes", async () => {
    const { result } = await ingest(gzipSync(readFileSync(path.join(EXAMPLES, "harness-spans.jsonl"))));
    expect(result.accepted).toBe(7);
  });
});

describe("examples/bad-lines.jsonl", () => {
  test("3 accepted, 6 rejected with their line numbers, the blank line ignored", async () => {
    const { result } = await ingest(readFileSync(path.join(EXAMPLES, "bad-lines.jsonl")));
    expect(result.accepted).toBe(3);
    expect(result.rejected).toBe(6);
    expect(result.errors.map((e) => e.line)).toEqual([2, 3, 6, 7, 9, 10]);
    for (const e of result.errors) expect(e.message).not.toContain("\n");
  });
  test("each rejected line carries the reason examples/README.md gives for it", async () => {
    const { result } = await ingest(readFileSync(path.join(EXAMPLES, "bad-lines.jsonl")));
    expect(result.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('field "t0": not a time: "yesterday"'),
      expect.stringContaining("not valid JSON"),
      expect.stringContaining('missing required field "n"'),
      expect.stringContaining('missing required field "name"'),
      expect.stringContaining("not valid JSON"),
      expect.stringContaining('unknown type "trace"'),
    ]);
  });
});

describe("ids and runs", () => {
  test("records without a run take the upload's run", async () => {
    const { stored } = await ingest('{"name":"a","t0":1}\n{"run_id":"own","name":"b","t0":1}\n', "given");
    expect(stored.map((r) => r.runId)).toEqual(["given", "own"]);
  });
  test("derived span ids are stable and differ by content", async () => {
    const a = await ingest('{"name":"a","t0":1}\n{"name":"a","t0":2}\n', "r");
    const b = await ingest('{"name":"a","t0":1}\n', "r");
    const ids = a.stored.map((r) => (r as { spanId: string }).spanId);
    expect(ids[0]).toBe((b.stored[0] as { spanId: string }).spanId);
    expect(ids[0]).not.toBe(ids[1]);
  });
  test("without any run the generated run id comes from the content", async () => {
    const a = await ingest('{"name":"a","t0":1}\n');
    const b = await ingest('{"name":"a","t0":1}\n');
    const c = await ingest('{"name":"z","t0":1}\n');
    expect(a.result.runs).toEqual(b.result.runs);
    expect(a.result.runs).not.toEqual(c.result.runs);
  });
  test("errors are capped but counted", async () => {
    const stored: StoredRecord[] = [];
    const text = Array.from({ length: 150 }, () => "nope").join("\n");
    const result = await ingestItems(readLines(chunks(text)), {
      maxErrors: 100,
      writeBatch: async (b) => void stored.push(...b),
    });
    expect(result.errors).toHaveLength(100);
    expect(result.errors_total).toBe(150);
  });
});
