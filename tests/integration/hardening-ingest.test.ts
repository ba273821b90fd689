// One bad value never loses a batch (docs/format.md#bad-input), on PGlite and
// Postgres. Each value an attacker found failing a whole 5 000-record write is
// replayed through POST /api/v1/ingest between valid lines: the upload is
// stored, exactly the bad line is rejected with its number, never a 5xx. Then
// the safety net under validation — a record the database refuses is found by
// bisecting its batch and rejected alone — and the OTLP receiver's answer to
// the same values: partial success, not 503.
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import type { StoredRecord, StoredSpan } from "@/lib/schemas/records";
import { targets } from "./support/databases";
import { readRun } from "./support/otlp-db";
import { postOtlp } from "./support/otlp-http";
import { jsonBytes, tracesForRun } from "./support/otlp-payloads";
import { call, serveDatabase } from "./support/route";

const span = (runId: string, i: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    run_id: runId,
    span_id: `s${i}`,
    name: "read_file",
    t0: 1_764_496_800 + i,
    t1: 1_764_496_801 + i,
    ...extra,
  });

/** Bad value → the start of the reason the line is rejected with. Each case is its own run. */
const FINDINGS: [string, (runId: string) => string, string][] = [
  ["duration_ms 1e300", (r) => span(r, 2, { t1: null, duration_ms: 1e300 }), 'span: field "duration_ms": must be ≤'],
  ["t0 1e15 (epoch ms × 1000)", (r) => span(r, 2, { t0: 1e15 }), 'span: field "t0": out of range'],
  ["t0 -3e11 (before 1970)", (r) => span(r, 2, { t0: -3e11 }), 'span: field "t0": out of range'],
  ["an ISO time in year 9999", (r) => span(r, 2, { t1: "9999-12-31T23:59:59Z" }), 'span: field "t1": out of range'],
  ["iteration 2^31 (int4)", (r) => span(r, 2, { iteration: 2 ** 31 }), 'span: field "iteration": must be ≤ 2147483647'],
  [
    "n 2^31 (int4)",
    (r) => JSON.stringify({ type: "iteration", run_id: r, n: 2 ** 31, ts: 1_764_496_800 }),
    'iteration: field "n": must be ≤ 2147483647',
  ],
  [
    "lines_added 2^31 (int4)",
    (r) => JSON.stringify({ type: "iteration", run_id: r, n: 1, ts: 1_764_496_800, lines_added: 2 ** 31 }),
    'iteration: field "lines_added": must be ≤ 2147483647',
  ],
  [
    "event status 3e9 (int4)",
    (r) => JSON.stringify({ type: "event", run_id: r, ts: 1_764_496_800, kind: "api_error", status: 3e9 }),
    'event: field "status": must be ≤ 2147483647',
  ],
  ["cost_usd 1e308", (r) => span(r, 2, { cost_usd: 1e308 }), 'span: field "cost_usd": must be ≤'],
  ["tokens_in 2^53 − 1", (r) => span(r, 2, { tokens_in: 2 ** 53 - 1 }), 'span: field "tokens_in": must be ≤'],
  [
    "NUL in name",
    (r) => span(r, 2, { name: "read\u0000file" }),
    'span: field "name": contains a NUL character (\\u0000)',
  ],
  ["NUL in error", (r) => span(r, 2, { error: "\u0000" }), 'span: field "error": contains a NUL character'],
  [
    "NUL deep in meta",
    (r) => span(r, 2, { meta: { a: [{ b: "x\u0000" }] } }),
    'span: field "meta.a.0.b": contains a NUL',
  ],
  [
    "NUL in a key of input",
    (r) => span(r, 2, { input: { "k\u0000": 1 } }),
    'span: field "input": has a key with a NUL',
  ],
  ["NUL in an unknown field", (r) => span(r, 2, { note: "\u0000" }), 'span: field "note": contains a NUL'],
  [
    "NUL in event attrs",
    (r) => JSON.stringify({ type: "event", run_id: r, ts: 1_764_496_800, kind: "x", extra: ["\u0000"] }),
    'event: field "extra.0": contains a NUL',
  ],
  [
    "NUL in a run label",
    (r) => JSON.stringify({ type: "run", run_id: r, labels: { team: "a\u0000" } }),
    'run: field "labels.team": contains a NUL',
  ],
  [
    "NUL in a task title",
    (r) => JSON.stringify({ type: "task", run_id: r, task_id: "t", title: "\u0000" }),
    'task: field "title": contains a NUL',
  ],
  [
    "meta nested 6 000 deep",
    (r) => `${span(r, 2).slice(0, -1)},"meta":${'{"a":'.repeat(6000)}1${"}".repeat(6000)}}`,
    "is nested more than 64 levels deep",
  ],
  ["a run_id over 512 bytes of UTF-8", (r) => span(r, 2, { run_id: `${r}${"運".repeat(200)}` }), "at most 512 bytes"],
  ['type "constructor"', (r) => span(r, 2, { type: "constructor" }), 'unknown type "constructor"'],
];

describe.each(targets)("hardened ingest on $name", (target) => {
  const h = serveDatabase(target);

  const post = (body: string, headers: Record<string, string> = {}, query = "") =>
    call(
      ingest,
      `/api/v1/ingest${query}`,
      {},
      {
        method: "POST",
        headers: { "content-type": "application/x-ndjson", ...headers },
        body,
      },
    );

  const spanCount = async (runId: string) =>
    Number(
      rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM spans WHERE run_id = ${runId}`))[0]
        ?.n,
    );

  test.each(FINDINGS)("%s: the line is rejected by number, the rest stored", async (_name, bad, reason) => {
    const runId = `r-${_name.replace(/\W+/g, "-")}`;
    const res = await post([span(runId, 1), bad(runId), span(runId, 3)].join("\n"));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ accepted: 2, rejected: 1, errors_total: 1, upload_id: expect.any(String) });
    expect(res.body.errors).toEqual([{ line: 2, message: expect.stringContaining(reason) }]);
    expect(await spanCount(runId)).toBe(2);
  });

  test("the same values in a JSON array body: rejected by index + 1", async () => {
    const records = [span("r-array", 1), span("r-array", 2, { t0: 1e15 }), span("r-array", 3, { name: "\u0000" })];
    const res = await post(`[${records.join(",")}]`, { "content-type": "application/json" });
    expect(res.status).toBe(200);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([2, 3]);
  });

  test("a lone surrogate is stored as U+FFFD, not refused", async () => {
    const res = await post(span("r-surrogate", 1, { name: "tool\ud800", meta: { "k\udc00": ["x\ud83d"] } }));
    expect(res.body).toMatchObject({ accepted: 1, rejected: 0 });
    const [row] = rowsOf<{ name: string; meta: Record<string, string[]> }>(
      await h.db.execute(sql`SELECT name, meta FROM spans WHERE run_id = 'r-surrogate'`),
    );
    expect(row).toEqual({ name: "tool\ufffd", meta: { "k\ufffd": ["x\ufffd"] } });
  });

  test("the largest token counts sum into the run without overflow", async () => {
    const lines = Array.from({ length: 50 }, (_, i) => span("r-tokens", i, { tokens_in: 1e12, tokens_out: 1e12 }));
    expect((await post(lines.join("\n"))).body).toMatchObject({ accepted: 50, rejected: 0 });
    const [row] = rowsOf<{ tokens: string }>(
      await h.db.execute(sql`SELECT span_tokens::text AS tokens FROM runs WHERE run_id = 'r-tokens'`),
    );
    expect(row?.tokens).toBe(String(100 * 1e12));
  });

  test("a NUL in ?run_id is a 400; in the file name header it is spelled out", async () => {
    const bad = await post(span("", 1).replace(',"run_id":""', ""), {}, "?run_id=a%00b");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues).toEqual([{ path: "run_id", message: expect.stringContaining("NUL") }]);
    const named = await post(span("r-file", 1), { "x-loopscope-filename": "a%00b.jsonl" });
    expect(named.status).toBe(200);
  });

  test.each([
    ["in its own transactions", "r-bisect", false],
    ["inside an outer transaction, as an OTLP request writes (savepoints)", "r-bisect-tx", true],
  ])(
    "the safety net %s: records the database refuses are found by bisecting and rejected by line",
    async (_how, runId, outer) => {
      // Built past the schema: a NUL in a name, a time JavaScript cannot format.
      const lines = Array.from({ length: 3000 }, (_, i) => ({ lineNo: i + 1, text: span(runId, i) }));
      const spoil = (records: StoredRecord[]): StoredRecord[] =>
        records.map((r) => {
          const s = r as StoredSpan;
          if (s.spanId === "s1234") return { ...s, name: "bad\u0000name" };
          if (s.spanId === "s2999") return { ...s, t1Us: 1e22 };
          return r;
        });
      const ingestInto = (db: Db) => ingestItems(lines, { writeBatch: (b) => writeBatch(db, spoil(b)) });
      const result = outer ? await h.db.transaction((tx) => ingestInto(tx)) : await ingestInto(h.db);
      expect(result).toMatchObject({ accepted: 2998, rejected: 2 });
      expect(result.errors).toEqual([
        { line: 1235, message: "the database refused this record: data exception" },
        { line: 3000, message: "the database refused this record: value out of range for encoding" },
      ]);
      const [run] = rowsOf<{ span_count: number; rows: number }>(
        await h.db.execute(sql`SELECT span_count::int AS span_count,
        (SELECT count(*)::int FROM spans WHERE run_id = ${runId}) AS rows FROM runs WHERE run_id = ${runId}`),
      );
      expect(run).toEqual({ span_count: 2998, rows: 2998 });
    },
  );

  test("OTLP: a NUL in a span attribute or in the run's name is a partial success, not a 503", async () => {
    const example = tracesForRun("r-otlp-nul");
    const spans = example.resourceSpans[0]!.scopeSpans[0]!.spans;
    spans[1]!.attributes.push({ key: "note", value: { stringValue: "a\u0000b" } });
    const reply = await postOtlp("traces", jsonBytes(example), { "content-type": "application/json" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      partialSuccess: { rejectedSpans: 1, errorMessage: expect.stringContaining("NUL") },
    });
    expect((await readRun(h.db, "r-otlp-nul")).spans).toHaveLength(2);

    const badRun = tracesForRun("r-otlp\u0000run");
    const rejected = await postOtlp("traces", jsonBytes(badRun), { "content-type": "application/json" });
    expect(rejected.status).toBe(400);
  });
});
