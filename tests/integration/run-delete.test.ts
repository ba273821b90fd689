// Deleting a run is one statement: every table of a run's data references
// runs ON DELETE CASCADE (db/schema.ts). Pinned here: the schema keeps that
// true for every table with a run_id, a delete leaves nothing behind, and the
// writes that race a delete (an upload, a comment, a cached report) neither
// leave orphans nor fail with anything but their usual errors.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getTableColumns, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type DbHandle } from "@/db/client";
import { putCachedReport } from "@/db/analysis-cache";
import { addComment } from "@/db/comments";
import { putReview } from "@/db/reviews";
import { appendGuardDecisions, setGuardMode } from "@/db/guard";
import { emptyGuardState } from "@/lib/guard/step-guard";
import { writeBatch } from "@/db/ingest-writer";
import { deleteRun, getRun } from "@/db/runs";
import * as schema from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import type { StoredRecord } from "@/lib/schemas/records";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";

/** Every table of the schema with a run_id column, but runs itself. */
const RUN_TABLES: PgTable[] = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => is(t, PgTable))
  .filter((t) => t !== schema.runs && "runId" in getTableColumns(t));

test("every table with a run_id references runs ON DELETE CASCADE", () => {
  expect(RUN_TABLES.map((t) => getTableConfig(t).name).sort()).toEqual([
    "analysis_cache",
    "comments",
    "events",
    "guard_decisions",
    "guard_runs",
    "iterations",
    "otlp_traces",
    "reviews",
    "run_texts",
    "spans",
    "tasks",
  ]);
  for (const table of RUN_TABLES) {
    const fks = getTableConfig(table).foreignKeys.map((fk) => ({ ...fk.reference(), onDelete: fk.onDelete }));
    // Comments also reference their thread (cascade) and their signed-in author: one of the keys is the run's.
    expect(fks, getTableConfig(table).name).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          columns: [getTableColumns(table)["runId"]],
          foreignColumns: [schema.runs.runId],
          onDelete: "cascade",
        }),
      ]),
    );
  }
});

const line = (runId: string, fields: Record<string, unknown>) => JSON.stringify({ run_id: runId, ...fields });
/** A run with a row in every table an ingest writes. */
const RUN_TEXT = (runId: string) =>
  [
    line(runId, { type: "run", name: "to delete" }),
    line(runId, { span_id: "s1", name: "read_file", t0: 1, t1: 2 }),
    line(runId, { type: "iteration", n: 1, ts: 2, prompt: "delete me" }),
    line(runId, { type: "event", kind: "api_request", ts: 2 }),
    line(runId, { type: "task", task_id: "t-1", title: "auth" }),
  ].join("\n");

async function recordsOf(text: string): Promise<StoredRecord[]> {
  const out: StoredRecord[] = [];
  await ingestItems(
    text.split("\n").map((t, i) => ({ lineNo: i + 1, text: t })),
    { writeBatch: async (b) => void out.push(...b) },
  );
  return out;
}

describe.each(targets)("deleting a run on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
  });
  afterAll(async () => {
    await h?.close();
  });

  const rowsLeft = async (runId: string) => {
    const out: Record<string, number> = {};
    for (const table of RUN_TABLES) {
      const name = getTableConfig(table).name;
      const [row] = rowsOf<{ n: number }>(
        await h.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE run_id = ${runId}`),
      );
      out[name] = Number(row?.n);
    }
    return out;
  };
  const spanTotals = async (runId: string) => {
    const [row] = rowsOf<{ span_count: number | null; spans: number }>(
      await h.db.execute(sql`SELECT (SELECT span_count::int FROM runs WHERE run_id = ${runId}) AS span_count,
        (SELECT count(*)::int FROM spans WHERE run_id = ${runId}) AS spans`),
    );
    return { spanCount: row?.span_count ?? null, spans: Number(row?.spans) };
  };

  test("one delete removes the run and its rows in every run table", async () => {
    await ingestText(h.db, RUN_TEXT("r-del"));
    await addComment(h.db, "r-del", { author: "ana", body: "gone soon" });
    await putReview(h.db, "r-del", { status: "done", verdict: "", category: null, actions: [] }, null);
    await putCachedReport(h.db, "r-del", "hash", 1, { run_id: "r-del" });
    await h.db.execute(sql`INSERT INTO otlp_traces (trace_id, run_id) VALUES ('trace-del', 'r-del')`);
    await setGuardMode(h.db, "r-del", "enforce", emptyGuardState());
    await appendGuardDecisions(h.db, "r-del", [
      {
        at: "2026-11-20T09:00:00Z",
        decision: "halt",
        enforced: true,
        breaker: "loop_breaker",
        reason: "r",
        would_save: null,
      },
    ]);
    expect(Object.values(await rowsLeft("r-del")).every((n) => n > 0)).toBe(true);

    expect(await deleteRun(h.db, "r-del")).toBe(true);
    expect(await getRun(h.db, "r-del")).toBeNull();
    expect(Object.values(await rowsLeft("r-del"))).toEqual(RUN_TABLES.map(() => 0));
    expect(await deleteRun(h.db, "r-del")).toBe(false);
  });

  test("an upload that goes on after its run was deleted creates the run again", async () => {
    const records = await recordsOf(RUN_TEXT("r-again"));
    await writeBatch(h.db, records.slice(0, 2));
    await deleteRun(h.db, "r-again");
    await writeBatch(h.db, records.slice(2));
    expect((await getRun(h.db, "r-again"))?.counts).toMatchObject({ spans: 0, iterations: 1, events: 1 });
  });

  test("batches written while their run is deleted never fail and leave its totals exact", async () => {
    const spans = (round: number) =>
      recordsOf(
        Array.from({ length: 300 }, (_, i) =>
          line("r-race", {
            span_id: `s${round}-${i}`,
            name: "read_file",
            t0: round * 1000 + i,
            t1: round * 1000 + i + 1,
          }),
        ).join("\n"),
      );
    for (let round = 0; round < 12; round += 1) {
      const batch = await spans(round);
      // Both in flight at once, started in either order: on Postgres they run on two connections.
      const writeFirst = round % 2 === 0 ? writeBatch(h.db, batch) : null;
      const deleted = deleteRun(h.db, "r-race");
      const results = await Promise.allSettled([writeFirst ?? writeBatch(h.db, batch), deleted]);
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
      const { spanCount, spans: stored } = await spanTotals("r-race");
      expect(stored).toBe(spanCount ?? 0);
    }
  });

  test("a comment or a cached report for a run deleted meanwhile is a 404, not a crash", async () => {
    const notFound = expect.objectContaining({ code: "not_found" });
    const comment = await addComment(h.db, "r-never", { author: "ana", body: "late" }).catch((e: unknown) => e);
    expect(comment).toBeInstanceOf(ApiError);
    expect(comment).toEqual(notFound);
    const cached = await putCachedReport(h.db, "r-never", "hash", 1, {}).catch((e: unknown) => e);
    expect(cached).toBeInstanceOf(ApiError);
    expect(cached).toEqual(notFound);
  });
});
