// docs/analysis.md#tokens in SQL, held to lib/analysis/run-tokens.ts on PGlite
// and Postgres: the running totals db/run-totals.ts keeps (span_tokens,
// span_cache_read_tokens) on both ingest paths, the data migration that counts
// them for runs stored before, and the Tokens expression of db/runs.ts that
// the API, the list (and its sort), compare and the report read.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rowsOf, MIGRATIONS_DIR } from "@/db/client";
import { getRun, listRuns } from "@/db/runs";
import { runTokensOf, sumRunTokens, type RunTokenSums } from "@/lib/analysis/run-tokens";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { RunListQuery } from "@/lib/schemas/api";
import type { StoredSpan } from "@/lib/schemas/records";
import { openForSuite, targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const span = (runId: string, id: string, fields: Record<string, unknown>) =>
  JSON.stringify({ run_id: runId, span_id: id, name: "chat", kind: "llm", t0: 100, t1: 101, ...fields });

/** Every reading of the cache-read share the rule makes, over two runs. */
const LINES = (a: string, b: string) => [
  span(a, "cc", { tokens_in: 13_105, tokens_out: 80, meta: { cache_read_input_tokens: 11_000 } }),
  span(a, "codex", { kind: "tool", tokens_in: 9000, tokens_out: 50, meta: { cached_input_tokens: 4480 } }),
  span(a, "over", { tokens_in: 100, meta: { cache_read_input_tokens: 700 } }),
  span(a, "negative", { tokens_in: 100, meta: { cache_read_input_tokens: -5 } }),
  span(a, "first-number", { tokens_in: 500, meta: { cache_read_input_tokens: "x", cached_input_tokens: 40 } }),
  span(a, "fraction", { tokens_in: 100, meta: { "gen_ai.usage.cache_read.input_tokens": 7.9 } }),
  span(a, "no-tokens-in", { tokens_out: 9, meta: { cache_read_input_tokens: 50 } }),
  span(a, "agent", { kind: "agent", tokens_in: 20_000, meta: { cache_read_input_tokens: 19_000 } }),
  span(b, "openinference", { tokens_in: 3000, meta: { "llm.token_count.prompt_details.cache_read": 2500 } }),
  span(b, "gen-ai-old", { tokens_in: 800, tokens_out: 5, meta: { "gen_ai.usage.cache_read_input_tokens": 600 } }),
  span(b, "plain", { tokens_in: 70, tokens_out: 7 }),
];

/** The span records a text parses to, as writeBatch receives them. */
async function spansOf(text: string): Promise<StoredSpan[]> {
  const out: StoredSpan[] = [];
  async function* lines() {
    yield* text.split("\n").map((t, i) => ({ lineNo: i + 1, text: t }));
  }
  await ingestItems(lines(), { writeBatch: async (b) => void out.push(...(b as StoredSpan[])) });
  return out;
}

/** The pure rule's sums per run of the records of `text`. */
async function byRule(text: string, runIds: string[]): Promise<Record<string, RunTokenSums>> {
  const spans = await spansOf(text);
  return Object.fromEntries(
    runIds.map((id) => [
      id,
      sumRunTokens(
        spans.filter((s) => s.runId === id),
        [],
      ),
    ]),
  );
}

describe.each(targets)("a run's Tokens in SQL on $name", (target) => {
  const h = openForSuite(target);
  const stored = async (runIds: string[]): Promise<Record<string, RunTokenSums>> => {
    const rows = rowsOf<{ run_id: string; s: string; c: string; i: string }>(
      await h.db.execute(sql`SELECT run_id, span_tokens::text AS s, span_cache_read_tokens::text AS c,
        iteration_tokens::text AS i FROM runs WHERE run_id IN ${runIds}`),
    );
    const sums = (r: (typeof rows)[number]) => ({
      spanTokens: Number(r.s),
      spanCacheReadTokens: Number(r.c),
      iterationTokens: Number(r.i),
    });
    return Object.fromEntries(rows.map((r) => [r.run_id, sums(r)]));
  };

  test("the running totals count cache reads as the pure rule does, by COPY and by INSERT … ON CONFLICT", async () => {
    const copied = LINES("r-copy-a", "r-copy-b").join("\n");
    await ingestText(h.db, copied);
    const expected = await byRule(copied, ["r-copy-a", "r-copy-b"]);
    expect(expected["r-copy-a"]!.spanCacheReadTokens).toBe(11_000 + 4480 + 100 + 0 + 40 + 7);
    expect(await stored(["r-copy-a", "r-copy-b"])).toEqual(expected);

    // One span stored first: the whole text then takes the ON CONFLICT path.
    const lines = LINES("r-sql-a", "r-sql-b");
    await ingestText(h.db, lines[3]!);
    await ingestText(h.db, lines.join("\n"));
    expect(await stored(["r-sql-a", "r-sql-b"])).toEqual(await byRule(lines.join("\n"), ["r-sql-a", "r-sql-b"]));
  });

  test("the data migration counts the cache reads of runs stored before the column, as the rule does", async () => {
    const text = LINES("r-old-a", "r-old-b").join("\n");
    await ingestText(h.db, text);
    await h.db.execute(sql`UPDATE runs SET span_cache_read_tokens = 0 WHERE run_id IN ('r-old-a', 'r-old-b')`);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, "0014_run_cache_read_backfill.sql"), "utf8");
    await h.db.execute(sql.raw(migration));
    expect(await stored(["r-old-a", "r-old-b"])).toEqual(await byRule(text, ["r-old-a", "r-old-b"]));
  });

  // [span_tokens, span_cache_read_tokens, iteration_tokens]: the list's Tokens is runTokensOf of them.
  const SUMS: [string, number, number, number][] = [
    ["r-sum-calls", 1000, 600, 50],
    ["r-sum-all-cached", 600, 600, 50],
    ["r-sum-iterations", 0, 0, 450],
    ["r-sum-none", 0, 0, 0],
    ["r-sum-large", 9_000_000_000, 1_000_000_000, 0],
  ];

  test("the Tokens of one run, of the list and of its sort are runTokensOf of the row's sums", async () => {
    for (const [id, s, c, i] of SUMS)
      await h.db.execute(sql`INSERT INTO runs (run_id, name, span_tokens, span_cache_read_tokens, iteration_tokens)
        VALUES (${id}, 'sums', ${s}, ${c}, ${i})`);
    const rule = Object.fromEntries(
      SUMS.map(([id, s, c, i]) => {
        const t = runTokensOf({ spanTokens: s, spanCacheReadTokens: c, iterationTokens: i });
        return [id, { tokens: t.tokens, cache_read_tokens: t.cacheReadTokens }];
      }),
    );
    for (const [id] of SUMS) expect((await getRun(h.db, id))?.counts, id).toMatchObject(rule[id]!);
    const list = await listRuns(h.db, RunListQuery.parse({ q: "sums", sort: "tokens", order: "desc" }));
    const listed = list.runs.map((r) => [r.run_id, r.counts.tokens]);
    const sorted = Object.entries(rule)
      .map(([id, t]) => [id, t.tokens] as [string, number])
      .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? 1 : -1));
    expect(listed).toEqual(sorted);
  });
});
