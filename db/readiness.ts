// GET /api/ready (docs/api.md#health-and-readiness): the database answers a
// query and holds every migration of db/migrations. A count of drizzle's own
// migrations table against the journal: one cheap query, no lock.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR, rowsOf, type Db } from "./client";

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string };

/** How many migrations the journal of `dir` lists. */
export function expectedMigrations(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** Whether `db` answers and has every migration applied. */
export async function checkReadiness(db: Db, expected = expectedMigrations()): Promise<Readiness> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
  );
  const applied = Number(row?.n ?? 0);
  if (applied < expected) return { ready: false, reason: `${applied} of ${expected} migrations applied` };
  return { ready: true, migrations: applied };
}
