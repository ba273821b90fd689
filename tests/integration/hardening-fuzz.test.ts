// Fuzzing the ingest (docs/format.md#bad-input): 10 000 mutated lines —
// values no column holds, NULs, lone surrogates, deep nesting, broken JSON,
// odd types — shuffled among 10 000 valid ones, from a seeded PRNG, through
// POST /api/v1/ingest and through the pipeline with every error kept, on
// PGlite and Postgres. Pinned: no 5xx, no valid line lost, every line stored
// or named, and validation catches everything (the database refuses nothing).
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { targets } from "./support/databases";
import { fuzzLines as fuzzLinesOf, validRecord } from "./support/fuzz-lines";
import { call, serveDatabase } from "./support/route";

const MUTATED = 10_000;
const VALID = 10_000;

const fuzzLines = (prefix: string, seed: number) => fuzzLinesOf(prefix, seed, { valid: VALID, mutated: MUTATED });

const nonBlank = (lines: string[]) => lines.filter((l) => l.trim() !== "").length;

describe.each(targets)("ingest fuzzing on $name", (target) => {
  const h = serveDatabase(target);

  async function storedCounts(runId: string): Promise<Record<string, number>> {
    const [row] = rowsOf<Record<string, number>>(
      await h.db.execute(sql`SELECT
        (SELECT count(*)::int FROM spans WHERE run_id = ${runId}) AS span,
        (SELECT count(*)::int FROM iterations WHERE run_id = ${runId}) AS iteration,
        (SELECT count(*)::int FROM events WHERE run_id = ${runId}) AS event,
        (SELECT count(*)::int FROM tasks WHERE run_id = ${runId}) AS task`),
    );
    return row ?? {};
  }

  test("through the route: never a 5xx; every line stored or counted as rejected", async () => {
    const fuzz = fuzzLines("r-fz-api", 7);
    const res = await call(
      ingest,
      "/api/v1/ingest",
      {},
      {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body: fuzz.lines.join("\n"),
      },
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.accepted + res.body.rejected).toBe(nonBlank(fuzz.lines));
    expect(res.body.errors).toHaveLength(100);
    expect(typeof res.body.upload_id).toBe("string");
    expect(await storedCounts("r-fz-api-valid")).toEqual(fuzz.validCounts);
  });

  test("a broken first line is one rejected line, not a broken document: the valid lines after it are stored", async () => {
    const valid = Array.from({ length: 4 }, (_, i) => JSON.stringify(validRecord("r-fz-head", 0, i)));
    for (const head of [valid[0]!.slice(0, 40), `{"type":"task","run_id":"r\u0000"}`]) {
      const res = await call(
        ingest,
        "/api/v1/ingest",
        {},
        { method: "POST", headers: { "content-type": "application/x-ndjson" }, body: [head, ...valid].join("\n") },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ format: "loopscope", accepted: 4, rejected: 1, errors: [{ line: 1 }] });
    }
    expect((await storedCounts("r-fz-head")).span).toBe(4);
  });

  test("through the pipeline: no valid line lost, every invalid line named once, none refused by the database", async () => {
    const fuzz = fuzzLines("r-fz-all", 11);
    const result = await ingestItems(
      fuzz.lines.map((text, i) => ({ lineNo: i + 1, text })),
      { writeBatch: (b) => writeBatch(h.db, b), maxErrors: Number.POSITIVE_INFINITY },
    );
    const named = result.errors.map((e) => e.line);
    expect(new Set(named).size).toBe(named.length);
    expect(named.length).toBe(result.rejected);
    expect(named.filter((line) => fuzz.validLineNos.has(line))).toEqual([]);
    expect(result.accepted + result.rejected).toBe(nonBlank(fuzz.lines));
    expect(result.rejected).toBeGreaterThan(MUTATED / 2);
    expect(result.errors.filter((e) => e.message.includes("database refused"))).toEqual([]);
    expect(await storedCounts("r-fz-all-valid")).toEqual(fuzz.validCounts);
  });
});
