// A run's small tables read back as the records ingest stored (for the
// analysis, db/analysis-source.ts): iterations by n, events by time then
// arrival, tasks by id. Whole rows through drizzle, typed by the schema
// (`getTableColumns`), so a column added to db/schema.ts arrives here without
// an edit; only a stored time is turned back into epoch microseconds, as
// float8 so both drivers give the same number. One indexed read each.
import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";
import type { Db } from "./client";
import { events, iterations, tasks } from "./schema";

const epochUs = (column: PgColumn): SQL.Aliased<number> =>
  sql<number>`(extract(epoch from ${column}) * 1000000)::float8`.mapWith(Number).as("ts_us");

export async function loadIterations(db: Db, runId: string): Promise<StoredIteration[]> {
  const { ts: _ts, ...columns } = getTableColumns(iterations);
  const rows = await db
    .select({ ...columns, tsUs: epochUs(iterations.ts) })
    .from(iterations)
    .where(eq(iterations.runId, runId))
    .orderBy(iterations.n);
  // work_kind is text in the table; ingest stored only the record's values.
  return rows.map((r) => ({ type: "iteration", ...r, workKind: r.workKind as StoredIteration["workKind"] }));
}

export async function loadEvents(db: Db, runId: string): Promise<StoredEvent[]> {
  const { ts: _ts, seq: _seq, ...columns } = getTableColumns(events);
  const rows = await db
    .select({ ...columns, tsUs: epochUs(events.ts) })
    .from(events)
    .where(eq(events.runId, runId))
    .orderBy(events.ts, events.seq);
  return rows.map((r) => ({ type: "event", ...r }));
}

export async function loadTasks(db: Db, runId: string): Promise<StoredTask[]> {
  const rows = await db.select().from(tasks).where(eq(tasks.runId, runId)).orderBy(tasks.taskId);
  return rows.map((r) => ({ type: "task", ...r }));
}
