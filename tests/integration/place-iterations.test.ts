// docs/import.md#agent-transcripts on a real database: transcript iterations
// from several uploads (a loop script's sessions) are numbered by time across
// the run; a re-upload replaces its own rows and the run's counts stay exact.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rowsOf } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { placeIterations } from "@/db/place-iterations";
import { getRun } from "@/db/runs";
import { provisionalN } from "@/lib/import/place-iterations";
import type { StoredRecord } from "@/lib/schemas/records";
import { blankIteration } from "@/tests/support/records";
import { openForSuite, targets } from "./support/databases";

const session = (runId: string, key: string, tsUs: number, tokens: number): StoredRecord => ({
  ...blankIteration(provisionalN(key), tsUs),
  runId,
  tokensUsed: tokens,
  attrs: { source_key: key },
});

/** A transcript span: `key` names its turn; without one it defers to its parent. */
const span = (
  runId: string,
  spanId: string,
  at: { key?: string; parent?: string; iteration?: number },
): StoredRecord => ({
  type: "span",
  runId,
  spanId,
  parentId: at.parent ?? null,
  name: spanId,
  kind: "tool",
  t0Us: 1_000_000,
  t1Us: 1_000_000,
  ok: true,
  error: "",
  iteration: at.iteration ?? null,
  taskId: null,
  tokensIn: null,
  tokensOut: null,
  costUsd: null,
  input: null,
  output: null,
  meta: at.key !== undefined ? { iteration_key: at.key } : { iteration_from: "parent" },
});

describe.each(targets)("placing transcript iterations on $name", (target) => {
  const suite = openForSuite(target);
  const numbering = async (runId: string) =>
    rowsOf<{ n: number; key: string }>(
      await suite.db.execute(
        sql`SELECT n, attrs->>'source_key' AS key FROM iterations WHERE run_id = ${runId} ORDER BY n`,
      ),
    ).map((r) => `${r.n}:${r.key}`);
  const spanNumbers = async (runId: string) =>
    rowsOf<{ id: string; n: number | null }>(
      await suite.db.execute(
        sql`SELECT span_id AS id, iteration AS n FROM spans WHERE run_id = ${runId} ORDER BY span_id`,
      ),
    ).map((r) => `${r.id}:${r.n}`);

  test("three sessions uploaded out of order become iterations 1–3 in time order", async () => {
    const upload = async (key: string, tsUs: number) => {
      await writeBatch(suite.db, [session("loop", key, tsUs, 100)]);
      await placeIterations(suite.db, ["loop"]);
    };
    await upload("s2#p", 2_000_000);
    await upload("s3#p", 3_000_000);
    await upload("s1#p", 1_000_000);
    expect(await numbering("loop")).toEqual(["1:s1#p", "2:s2#p", "3:s3#p"]);
    const run = await getRun(suite.db, "loop");
    expect(run?.counts.iterations).toBe(3);
  });

  test("re-uploading a session (its file grew) replaces its row, and the counts stay exact", async () => {
    await writeBatch(suite.db, [session("loop", "s2#p", 2_500_000, 300)]);
    await placeIterations(suite.db, ["loop"]);
    expect(await numbering("loop")).toEqual(["1:s1#p", "2:s2#p", "3:s3#p"]);
    const [row] = rowsOf<{ tokens: number }>(
      await suite.db.execute(sql`SELECT tokens_used::int AS tokens FROM iterations WHERE run_id = 'loop' AND n = 2`),
    );
    expect(row?.tokens).toBe(300);
    const run = await getRun(suite.db, "loop");
    expect(run?.counts.iterations).toBe(3);
  });

  test("a session's spans follow its iteration; a subagent's spans uploaded before their call take its iteration", async () => {
    // placed: s1 = 1, s2 = 2, s3 = 3 · new: s0@0.5 s (runs first) with a Task call, its subagent's spans before it
    await writeBatch(suite.db, [
      span("loop", "sub-llm", { parent: "task" }),
      span("loop", "sub-tool", { parent: "sub-llm" }),
      span("loop", "s3-call", { key: "s3#p", iteration: 3 }),
    ]);
    await placeIterations(suite.db, ["loop"]);
    expect(await spanNumbers("loop")).toEqual(["s3-call:3", "sub-llm:null", "sub-tool:null"]);
    await writeBatch(suite.db, [session("loop", "s0#p", 500_000, 10), span("loop", "task", { key: "s0#p" })]);
    await placeIterations(suite.db, ["loop"]);
    expect(await numbering("loop")).toEqual(["1:s0#p", "2:s1#p", "3:s2#p", "4:s3#p"]);
    expect(await spanNumbers("loop")).toEqual(["s3-call:4", "sub-llm:1", "sub-tool:1", "task:1"]);
  });

  test("placing again changes nothing and does not bump the run's data version", async () => {
    const before = rowsOf<{ v: number }>(
      await suite.db.execute(sql`SELECT data_version AS v FROM runs WHERE run_id = 'loop'`),
    )[0]?.v;
    await placeIterations(suite.db, ["loop"]);
    const after = rowsOf<{ v: number }>(
      await suite.db.execute(sql`SELECT data_version AS v FROM runs WHERE run_id = 'loop'`),
    )[0]?.v;
    expect(after).toBe(before);
  });
});
