// The COPY fast path of db/ingest-copy.ts against the guarantees of the
// ingest: one transaction a batch, re-uploads add nothing, the first record
// of a duplicated span wins, and the runs' running totals stay exact.
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/client";
import { copySpans, spanTotalsByRun } from "@/db/ingest-copy";
import { ingestItems, IngestAbortedError } from "@/lib/ingest/ingest-stream";
import type { StoredSpan } from "@/lib/schemas/records";
import { openForSuite, targets } from "./support/databases";
import { ingestText, type RunSpanTotals } from "./support/ingest";

type Totals = RunSpanTotals & { data_version: number };

const span = (runId: string, id: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ run_id: runId, span_id: id, name: "read_file", kind: "tool", t0: 100, t1: 101, ...fields });

// agent a (t 1..9, usage 300/30 and $0.3: the sum of its calls, not counted)
//   ├─ llm l1 (2..3, 100/10, $0.1)
//   ├─ tool t1 (4..5, failed, $0.05)
//   └─ tool t2 (6..10.5, no usage)
const RUN_LINES = (runId: string) => [
  span(runId, "a", { name: "agent", kind: "agent", t0: 1, t1: 9, tokens_in: 300, tokens_out: 30, cost_usd: 0.3 }),
  span(runId, "l1", {
    parent_id: "a",
    name: "chat",
    kind: "llm",
    t0: 2,
    t1: 3,
    tokens_in: 100,
    tokens_out: 10,
    cost_usd: 0.1,
  }),
  span(runId, "t1", { parent_id: "a", name: "http_get", t0: 4, t1: 5, error: "HTTP 502", cost_usd: 0.05 }),
  span(runId, "t2", { parent_id: "a", name: "run_tests", t0: 6, t1: 10.5 }),
];

describe.each(targets)("ingest by COPY on $name", (target) => {
  const h = openForSuite(target);

  const totals = async (runId: string) =>
    rowsOf<Totals>(
      await h.db.execute(sql`
      SELECT span_count::int AS span_count, failure_count::int AS failure_count, span_tokens::int AS span_tokens, cost_usd,
        to_char(first_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS first_at,
        to_char(last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS last_at, data_version
      FROM runs WHERE run_id = ${runId}`),
    )[0];
  const spanNames = async (runId: string) =>
    rowsOf<{ span_id: string; name: string }>(
      await h.db.execute(sql`SELECT span_id, name FROM spans WHERE run_id = ${runId} ORDER BY span_id`),
    ).map((r) => `${r.span_id}:${r.name}`);
  /** The span records a text parses to, as writeBatch receives them. */
  const spansOf = async (text: string) => {
    const out: StoredSpan[] = [];
    async function* lines() {
      yield* text.split("\n").map((t, i) => ({ lineNo: i + 1, text: t }));
    }
    await ingestItems(lines(), { writeBatch: async (b) => void out.push(...(b as StoredSpan[])) });
    return out;
  };

  test("a fresh batch is COPYed whole and its run's totals are exact", async () => {
    const spans = await spansOf(RUN_LINES("r-copy-direct").join("\n"));
    await h.db.transaction(async (tx) => {
      const [run] = rowsOf<{ month: string }>(
        await tx.execute(sql`INSERT INTO runs (run_id) VALUES ('r-copy-direct')
          RETURNING to_char(stored_month, 'YYYY-MM-DD') AS month`),
      );
      await copySpans(tx, spans, new Map([["r-copy-direct", run?.month ?? ""]]));
    });
    expect(await spanNames("r-copy-direct")).toEqual(["a:agent", "l1:chat", "t1:http_get", "t2:run_tests"]);
    expect(spanTotalsByRun(spans)).toEqual([
      {
        run_id: "r-copy-direct",
        n: 4,
        failures: 1,
        tokens: 110,
        cache_read: 0,
        cost: 0.15000000000000002,
        first_at: "1970-01-01T00:00:01.000000Z",
        last_at: "1970-01-01T00:00:10.500000Z",
      },
    ]);

    await ingestText(h.db, RUN_LINES("r-copy").join("\n"));
    expect(await totals("r-copy")).toEqual({
      span_count: 4,
      failure_count: 1,
      span_tokens: 110,
      cost_usd: expect.closeTo(0.15, 12),
      first_at: "1970-01-01 00:00:01.000000",
      last_at: "1970-01-01 00:00:10.500000",
      data_version: 1,
    });
  });

  test("a batch mixing new and stored spans stores only the new ones, totals exact", async () => {
    await ingestText(h.db, RUN_LINES("r-mixed").slice(0, 2).join("\n"));
    const before = await totals("r-mixed");
    expect(before).toMatchObject({ span_count: 2, span_tokens: 110, data_version: 1 });
    // The stored l1 comes again with other content: the stored record stays.
    const again = [
      ...RUN_LINES("r-mixed").slice(1),
      span("r-mixed", "l1", { name: "changed", kind: "llm", tokens_in: 5 }),
    ];
    await ingestText(h.db, again.join("\n"));
    expect(await spanNames("r-mixed")).toEqual(["a:agent", "l1:chat", "t1:http_get", "t2:run_tests"]);
    const after = await totals("r-mixed");
    expect({ ...after, data_version: 0 }).toEqual({ ...(await totals("r-copy")), data_version: 0 });
    expect(after?.data_version).toBe(3); // 1, then the upsert of the run and its new spans
  });

  test("the COPY and the ON CONFLICT paths agree on a run's totals", async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      span("r-agree", `s${i}`, {
        kind: i % 3 ? "llm" : "tool",
        ok: i % 7 !== 0,
        t0: 1000 + i * 0.123457,
        t1: 1001 + i * 0.5,
        tokens_in: 1000 + i,
        tokens_out: i % 5 ? 17 * i : null,
        cost_usd: i % 4 ? 0.001 * i : null,
      }),
    );
    await ingestText(h.db, lines.join("\n"));
    const byCopy = (await totals("r-agree"))!;
    const other = lines.map((l) => l.replace('"r-agree"', '"r-agree-2"'));
    await ingestText(h.db, other[17] ?? ""); // one span stored first: the whole file then takes the ON CONFLICT path
    await ingestText(h.db, other.join("\n"));
    expect(await totals("r-agree-2")).toEqual({
      ...byCopy,
      cost_usd: expect.closeTo(byCopy.cost_usd, 12),
      data_version: 3,
    });
  });

  test("in-batch duplicates keep the first record, on either path", async () => {
    const lines = [
      span("r-dup", "x", { name: "first", kind: "llm", tokens_in: 10 }),
      span("r-dup", "x", { name: "second", kind: "llm", tokens_in: 1000, error: "boom" }),
      span("r-dup", "y", { name: "first" }),
    ];
    await ingestText(h.db, lines.join("\n"));
    expect(await spanNames("r-dup")).toEqual(["x:first", "y:first"]);
    expect(await totals("r-dup")).toMatchObject({ span_count: 2, failure_count: 0, span_tokens: 10 });

    await ingestText(
      h.db,
      [span("r-dup", "z", { name: "first" }), span("r-dup", "z", { name: "second" }), lines[2]].join("\n"),
    );
    expect(await spanNames("r-dup")).toEqual(["x:first", "y:first", "z:first"]);
    expect(await totals("r-dup")).toMatchObject({ span_count: 3, failure_count: 0, span_tokens: 10 });
  });

  test("text with tabs, newlines, backslashes and unicode round-trips exactly", async () => {
    const error = "line 1\n\tline 2\r\nC:\\tmp\\new \\N \\. end\\ — ünïcødé 😀 ∑";
    const meta = {
      path: "C:\\Users\\a\tb",
      nested: { text: "x\ny\\n", list: ["\t", "\\", "😀"] },
      "key\twith\ntab": "\\N",
    };
    await ingestText(
      h.db,
      JSON.stringify({
        run_id: "r-esc\\1",
        span_id: "s\t1",
        parent_id: "p\n0",
        name: "na\\me\t😀",
        kind: "tool",
        t0: "2026-01-01T00:00:00.000001Z",
        t1: "2026-01-01T00:00:59.999999Z",
        error,
        task_id: "t\\1",
        meta,
      }),
    );
    const [row] = rowsOf<{
      span_id: string;
      parent_id: string;
      name: string;
      error: string;
      task_id: string;
      meta: unknown;
      t0: string;
      t1: string;
    }>(
      await h.db.execute(sql`SELECT span_id, parent_id, name, error, task_id, meta,
        to_char(t0 AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS t0, to_char(t1 AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS t1
        FROM spans WHERE run_id = 'r-esc\\1'`),
    );
    if (!row) throw new Error("the span was not stored");
    const storedMeta = typeof row.meta === "string" ? JSON.parse(row.meta) : row.meta;
    expect({ ...row, meta: storedMeta }).toEqual({
      span_id: "s\t1",
      parent_id: "p\n0",
      name: "na\\me\t😀",
      error,
      task_id: "t\\1",
      meta,
      t0: "2026-01-01 00:00:00.000001",
      t1: "2026-01-01 00:00:59.999999",
    });
  });

  test("a stored span at the end of a large batch still sends the batch down the ON CONFLICT path", async () => {
    // ~1.5 MB of COPY data: the unique violation is found as COPY flushes its last rows, after the data ended.
    const long = "x".repeat(400);
    const lines = Array.from({ length: 3000 }, (_, i) =>
      span("r-large", `s${String(i).padStart(4, "0")}`, { meta: { long } }),
    );
    await ingestText(h.db, lines[2999] ?? "");
    await ingestText(h.db, lines.join("\n"));
    expect(await totals("r-large")).toMatchObject({ span_count: 3000, data_version: 3 });
    expect(
      Number(
        rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM spans WHERE run_id = 'r-large'`))[0]
          ?.n,
      ),
    ).toBe(3000);
  });

  test("a failure after the COPY in the same batch leaves nothing of that batch", async () => {
    await h.db.execute(sql`CREATE FUNCTION reject_copy_boom() RETURNS trigger AS $$
      BEGIN IF NEW.kind = 'boom' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await h.db.execute(
      sql`CREATE TRIGGER reject_copy_boom BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION reject_copy_boom()`,
    );
    try {
      const boom = '{"type":"event","run_id":"r-copy-atomic","ts":3,"kind":"boom"}';
      const fresh = await ingestText(h.db, [...RUN_LINES("r-copy-atomic"), boom].join("\n")).catch((e: unknown) => e);
      expect(fresh).toBeInstanceOf(IngestAbortedError);
      expect(await spanNames("r-copy-atomic")).toEqual([]);
      expect(await totals("r-copy-atomic")).toBeUndefined();

      await ingestText(h.db, RUN_LINES("r-copy-atomic")[0] ?? "");
      const before = await totals("r-copy-atomic");
      const mixed = await ingestText(h.db, [...RUN_LINES("r-copy-atomic"), boom].join("\n")).catch((e: unknown) => e);
      expect(mixed).toBeInstanceOf(IngestAbortedError);
      expect(await spanNames("r-copy-atomic")).toEqual(["a:agent"]);
      expect(await totals("r-copy-atomic")).toEqual(before);
    } finally {
      await h.db.execute(sql`DROP TRIGGER reject_copy_boom ON events`);
    }
  });
});
