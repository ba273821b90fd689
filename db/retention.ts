// LOOPSCOPE_RETENTION_DAYS (docs/scaling.md#partitions-and-retention): a run
// is kept while the month it was first stored in (runs.stored_month) ended
// less than `days` days ago. Whole months go at once: every month before the
// one `now - days` falls in. On a Postgres server whose spans are partitioned
// (db/partitions.ts), each spans partition whose range ends by then is
// dropped (one DROP TABLE each: no row is deleted, no table bloats), then the
// runs of those months are deleted — their iterations, events and the other
// small tables follow by ON DELETE CASCADE. On PGlite (one plain table) and on
// a Postgres server whose spans is still plain, the same runs are deleted row
// by row through the cascade. One transaction; a second call finds nothing to
// do. The expired runs are locked before anything is dropped, so an ingest
// into one of them waits, then creates its run afresh in the current month.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";
import { listSpanPartitions, lockPartitions, monthStart } from "./partitions";

export type RetentionResult = { droppedPartitions: string[]; deletedRuns: number };

const DAY_MS = 86_400_000;

/** The first month kept ('YYYY-MM-DD'): every month before it ended at least `days` days before `now`. */
export function firstMonthKept(now: Date, days: number): string {
  return monthStart(new Date(now.getTime() - days * DAY_MS));
}

/** Drop what is past the retention window of `days` days; what went. */
export async function applyRetention(
  db: Db,
  kind: "pglite" | "postgres",
  days: number,
  now: Date = new Date(),
): Promise<RetentionResult> {
  if (!Number.isInteger(days) || days <= 0) throw new RangeError("retention days must be a positive integer");
  const keepFrom = firstMonthKept(now, days);
  return db.transaction(async (tx) => {
    const droppedPartitions: string[] = [];
    if (kind === "postgres") {
      await lockPartitions(tx);
      // In run_id order, as the ingest locks runs: two of them never wait on each other in a cycle.
      await tx.execute(sql`
        SELECT count(*) FROM (SELECT 1 FROM runs WHERE stored_month < ${keepFrom}::date ORDER BY run_id FOR UPDATE) AS x`);
      for (const p of await listSpanPartitions(tx)) {
        if (p.to > keepFrom) continue;
        await tx.execute(sql.raw(`DROP TABLE "${p.name}"`));
        droppedPartitions.push(p.name);
      }
    }
    const [deleted] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`
      WITH gone AS (DELETE FROM runs WHERE stored_month < ${keepFrom}::date RETURNING 1)
      SELECT count(*) AS n FROM gone`),
    );
    return { droppedPartitions, deletedRuns: Number(deleted?.n ?? 0) };
  });
}
