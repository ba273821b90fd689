import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type DbHandle } from "@/db/client";
import { getRun, listRuns, deleteRun } from "@/db/runs";
import { listSpans } from "@/db/spans";
import { IngestAbortedError } from "@/lib/ingest/ingest-stream";
import { RunListQuery } from "@/lib/schemas/api";
import { targets } from "./support/databases";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";

const count = async (h: DbHandle, table: string, runId: string) =>
  Number(
    rowsOf<{ n: number }>(
      await h.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE run_id = ${runId}`),
    )[0]?.n,
  );

describe.each(targets)("ingest on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
  });
  afterAll(async () => {
    await h?.close();
  });

  test("the stuck-loop example is stored whole with its counts", async () => {
    const result = await ingestFile(h.db, `${EXAMPLES}/stuck-loop.jsonl`);
    expect(result).toMatchObject({ runs: ["r-stuck-loop"], accepted: 489, rejected: 0 });
    const run = await getRun(h.db, "r-stuck-loop");
    expect(run?.counts).toEqual({
      spans: 424,
      failures: 64,
      iterations: 30,
      events: 34,
      tokens: expect.any(Number),
      cache_read_tokens: 0,
    });
    expect(run?.name).toBe("fix auth null deref");
    expect(run?.started_at).toBe("2026-02-03T10:00:00.000000Z");
    expect(await count(h, "spans", "r-stuck-loop")).toBe(424);
  });

  test("re-uploading the same file adds nothing", async () => {
    const before = await getRun(h.db, "r-stuck-loop");
    const again = await ingestFile(h.db, `${EXAMPLES}/stuck-loop.jsonl`);
    expect(again.accepted).toBe(489);
    const after = await getRun(h.db, "r-stuck-loop");
    expect(after?.counts).toEqual(before?.counts);
    expect(await count(h, "events", "r-stuck-loop")).toBe(34);
  });

  test("bare spans without a run land in one content-derived run, idempotently", async () => {
    const first = await ingestFile(h.db, `${EXAMPLES}/harness-spans.jsonl`);
    const second = await ingestFile(h.db, `${EXAMPLES}/harness-spans.jsonl`);
    expect(first.runs).toHaveLength(1);
    expect(second.runs).toEqual(first.runs);
    expect((await getRun(h.db, first.runs[0] ?? ""))?.counts).toMatchObject({ spans: 7, failures: 4 });
  });

  test("bad lines are reported by number and every valid line is stored", async () => {
    const result = await ingestFile(h.db, `${EXAMPLES}/bad-lines.jsonl`);
    expect(result.accepted).toBe(3);
    expect(result.errors.map((e) => e.line)).toEqual([2, 3, 6, 7, 9, 10]);
    expect((await getRun(h.db, "r-bad"))?.counts).toMatchObject({ spans: 2, iterations: 1 });
  });

  test("times keep their microseconds through the database", async () => {
    await ingestText(h.db, '{"run_id":"r-us","name":"a","t0":"2026-01-01T00:00:00.123456Z","t1":1767225600.654321}\n');
    const { spans } = await listSpans(h.db, "r-us", { limit: 10 });
    expect(spans[0]).toMatchObject({
      t0: "2026-01-01T00:00:00.123456Z",
      t1: "2026-01-01T00:00:00.654321Z",
      duration_ms: 530.865,
    });
  });

  test("spans page by t0 with a cursor and no gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listSpans(h.db, "r-stuck-loop", { limit: 100, cursor });
      seen.push(...page.spans.map((s) => s.span_id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(424);
    expect(new Set(seen).size).toBe(424);
  });

  test("a run's span tokens and cost count calls, not the agent spans that sum them", async () => {
    await ingestText(
      h.db,
      [
        '{"run_id":"r-tok","span_id":"a","name":"agent","kind":"agent","t0":1,"t1":9,"tokens_in":300,"tokens_out":30,"cost_usd":0.3}',
        '{"run_id":"r-tok","span_id":"l1","parent_id":"a","name":"chat","kind":"llm","t0":2,"t1":3,"tokens_in":100,"tokens_out":10,"cost_usd":0.1}',
        '{"run_id":"r-tok","span_id":"l2","parent_id":"a","name":"chat","kind":"llm","t0":4,"t1":5,"tokens_in":200,"tokens_out":20,"cost_usd":0.2}',
      ].join("\n"),
    );
    const run = await getRun(h.db, "r-tok");
    expect(run?.counts.tokens).toBe(330);
    expect(run?.cost_usd).toBeCloseTo(0.3, 10);
  });

  test("later run records merge labels and config and keep the name", async () => {
    await ingestText(
      h.db,
      [
        '{"type":"run","run_id":"r-merge","name":"first","labels":{"team":"infra"}}',
        '{"type":"run","run_id":"r-merge","labels":{"repo":"x"},"config":{"fail_max":5}}',
      ].join("\n"),
      { batchSize: 1 },
    );
    const run = await getRun(h.db, "r-merge");
    expect(run).toMatchObject({ name: "first", labels: { team: "infra", repo: "x" }, config: { fail_max: 5 } });
  });

  test("the runs list filters by label and agent and pages with a cursor", async () => {
    const byLabel = await listRuns(h.db, RunListQuery.parse({ label: "team:platform" }));
    expect(byLabel.runs.map((r) => r.run_id)).toEqual(["r-stuck-loop"]);
    const byAgent = await listRuns(h.db, RunListQuery.parse({ agent: "claude-code" }));
    expect(byAgent.runs.map((r) => r.run_id)).toEqual(["r-stuck-loop"]);
    const first = await listRuns(h.db, RunListQuery.parse({ limit: 2, sort: "name", order: "asc" }));
    const second = await listRuns(
      h.db,
      RunListQuery.parse({ limit: 2, sort: "name", order: "asc", cursor: first.next_cursor }),
    );
    const ids = [...first.runs, ...second.runs].map((r) => r.run_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.next_cursor).not.toBeNull();
  });

  test("a database failure mid-batch leaves nothing of that batch", async () => {
    // A real failure inside the transaction: a trigger rejects one event kind,
    // after the batch's spans were already inserted by the same transaction.
    await h.db.execute(sql`CREATE FUNCTION reject_boom() RETURNS trigger AS $$
      BEGIN IF NEW.kind = 'boom' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await h.db.execute(
      sql`CREATE TRIGGER reject_boom BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION reject_boom()`,
    );
    const lines = [
      '{"run_id":"r-atomic","name":"a","t0":1,"t1":2}',
      '{"run_id":"r-atomic","name":"b","t0":2,"t1":3}',
      '{"type":"event","run_id":"r-atomic","ts":3,"kind":"boom"}',
    ].join("\n");
    const err = await ingestText(h.db, lines).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IngestAbortedError);
    expect(await count(h, "spans", "r-atomic")).toBe(0);
    expect(await getRun(h.db, "r-atomic")).toBeNull();
    await h.db.execute(sql`DROP TRIGGER reject_boom ON events`);
  });

  test("deleting a run removes everything in it", async () => {
    expect(await deleteRun(h.db, "r-bad")).toBe(true);
    expect(await getRun(h.db, "r-bad")).toBeNull();
    expect(await count(h, "spans", "r-bad")).toBe(0);
    expect(await count(h, "iterations", "r-bad")).toBe(0);
    expect(await deleteRun(h.db, "r-bad")).toBe(false);
  });
});
