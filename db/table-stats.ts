// Planner statistics of the big tables, refreshed after an ingest when stale.
// PGlite has no autovacuum: a table never analysed is planned as if it held a
// handful of rows, so the timeline's first page of a fresh 100 000-span run
// became a bitmap scan and sort of every span (330 ms instead of 30) and its
// analysis took a third longer. Postgres' autovacuum gets there within a
// minute; refreshing right away helps a first visit there too. The rule is
// autovacuum's (autovacuum_analyze_threshold and _scale_factor), applied to
// the rows the ingest just stored, as the cumulative statistics views are
// flushed lazily and would miss them: a table is stale when it was never
// analysed or the new rows exceed 50 + 10 % of what it held when it was.
// A partitioned table (spans on Postgres, db/partitions.ts) is left to
// autovacuum, which analyses each partition.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";

const TABLES = ["spans", "iterations", "events", "runs", "tasks"];
const STALE_ROWS = 50;
const STALE_FRACTION = 0.1;

/** ANALYZE each big plain table whose statistics `newRows` new rows made stale; returns the tables analysed. */
export async function refreshStaleStatistics(db: Db, newRows: number): Promise<string[]> {
  const rows = rowsOf<{ relname: string; reltuples: number | string }>(
    await db.execute(sql`SELECT c.relname, c.reltuples FROM pg_class c
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
        AND c.relname IN (${sql.join(
          TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})`),
  );
  const stale = rows
    .filter((r) => Number(r.reltuples) < 0 || newRows > STALE_ROWS + STALE_FRACTION * Number(r.reltuples))
    .map((r) => r.relname)
    .sort();
  for (const table of stale) await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  return stale;
}
