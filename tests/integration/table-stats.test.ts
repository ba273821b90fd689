import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rowsOf, type DbHandle } from "@/db/client";
import { refreshStaleStatistics } from "@/db/table-stats";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";

/** A run of `n` tool spans, one a second. */
function runOf(runId: string, n: number): string {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({ type: "span", run_id: runId, span_id: `s${i}`, name: "read_file", t0: 1000 + i, t1: 1000.5 + i }),
  );
  return `${lines.join("\n")}\n`;
}

describe.each(targets)("planner statistics after an ingest on $name", (target) => {
  let h: DbHandle;
  /** The row count the planner works from (-1: never analysed). */
  const plannedRows = async (table: string) => {
    const [row] = rowsOf<{ n: number | string }>(
      await h.db.execute(sql`SELECT reltuples AS n FROM pg_class
        WHERE relname = ${table} AND relnamespace = current_schema()::regnamespace`),
    );
    return Number(row?.n);
  };
  /** Spans partitioned (Postgres): left to autovacuum, which analyses each partition. */
  let partitioned = false;
  beforeAll(async () => {
    h = await target.open();
    const [row] = rowsOf<{ relkind: string }>(
      await h.db.execute(sql`SELECT relkind FROM pg_class
        WHERE relname = 'spans' AND relnamespace = current_schema()::regnamespace`),
    );
    partitioned = row?.relkind === "p";
  });
  afterAll(async () => {
    await h?.close();
  });

  test("tables never analysed are analysed after the first ingest, and the planner then counts the spans", async () => {
    const { stored } = await ingestText(h.db, runOf("r-stats", 400));
    const analysed = await refreshStaleStatistics(h.db, stored);
    expect(analysed).toEqual(["events", "iterations", "runs", ...(partitioned ? [] : ["spans"]), "tasks"]);
    if (!partitioned) expect(await plannedRows("spans")).toBe(400);
    expect(await plannedRows("runs")).toBe(1);
  });

  test("new rows beyond 50 + 10 % of what a table held when analysed make it stale; fewer leave it alone", async () => {
    expect(await refreshStaleStatistics(h.db, 50)).toEqual([]);
    // 90 new rows: past 50 + 10 % of runs' 1 row, not past 50 + 10 % of the 400 spans.
    const analysed = await refreshStaleStatistics(h.db, 90);
    expect(analysed).toContain("runs");
    expect(analysed).not.toContain("spans");
    const { stored } = await ingestText(h.db, runOf("r-stats-more", 200));
    const again = await refreshStaleStatistics(h.db, stored);
    expect(await plannedRows("runs")).toBe(2);
    expect(again.includes("spans")).toBe(!partitioned);
    if (!partitioned) expect(await plannedRows("spans")).toBe(600);
  });
});
