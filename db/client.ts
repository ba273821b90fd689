// The database handle. Without DATABASE_URL the app runs on an embedded
// PGlite stored under LOOPSCOPE_DATA_DIR (default ./data); with it, on that
// Postgres server through postgres.js. Same schema, same migrations, same
// queries: everything else in db/ takes a `Db` and never asks which it is.
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readEnv } from "@/lib/env";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbHandle = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };
export type DbTarget = { url: string } | { dataDir: string } | { memory: true };

export const MIGRATIONS_DIR = path.join(process.cwd(), "db", "migrations");

/** Open a database and bring its schema up to date. */
export async function openDatabase(target: DbTarget, migrationsDir = MIGRATIONS_DIR): Promise<DbHandle> {
  if ("url" in target) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsDir });
    return { db: db as unknown as Db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  if ("dataDir" in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  } else {
    client = new PGlite();
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsDir });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

/** The target the environment names (README.md#configuration). */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DbTarget {
  const { DATABASE_URL, LOOPSCOPE_DATA_DIR } = readEnv(env);
  if (DATABASE_URL) return { url: DATABASE_URL };
  return { dataDir: path.resolve(LOOPSCOPE_DATA_DIR, "pglite") };
}

// One handle per process: a PGlite data directory must not be opened twice.
const globalForDb = globalThis as unknown as { loopscopeDb?: Promise<DbHandle> };

export function getDb(): Promise<DbHandle> {
  globalForDb.loopscopeDb ??= openDatabase(targetFromEnv()).catch((err) => {
    globalForDb.loopscopeDb = undefined;
    throw err;
  });
  return globalForDb.loopscopeDb;
}

/** Rows of a raw `db.execute` result, whichever driver produced it. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
