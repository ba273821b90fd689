// The databases every data-layer test runs on: an in-memory PGlite always,
// and the real Postgres server at TEST_DATABASE_URL when it is set — each
// test file gets its own freshly created database there, dropped after.
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Db, type DbHandle } from "@/db/client";
import { openTempDatabase } from "@/db/temp-database";

export type DbTarget = { name: "pglite" | "postgres"; open: () => Promise<DbHandle> };

const TEST_URL = process.env.TEST_DATABASE_URL;

export const POSTGRES_SKIPPED = !TEST_URL;

export const targets: DbTarget[] = [
  { name: "pglite", open: () => openDatabase({ memory: true }) },
  ...(TEST_URL ? [{ name: "postgres" as const, open: () => openTempPostgres(TEST_URL) }] : []),
];

if (POSTGRES_SKIPPED) {
  console.warn(
    "\n*** TEST_DATABASE_URL is not set: the real-Postgres integration tests are SKIPPED; only PGlite ran. ***\n",
  );
}

/** A throwaway database on the server, migrated, dropped on close. */
export function openTempPostgres(adminUrl: string): Promise<DbHandle> {
  return openTempDatabase(adminUrl, "test");
}

/**
 * The suite's database: `target` opened before its tests (within the integration
 * project's hook timeout), `ready` run on it, closed after.
 * `db` exists once beforeAll ran.
 */
export function openForSuite(target: DbTarget, ready?: (h: DbHandle) => Promise<unknown>): { readonly db: Db } {
  let h: DbHandle | undefined;
  beforeAll(async () => {
    h = await target.open();
    await ready?.(h);
  });
  afterAll(async () => {
    await h?.close();
  });
  return {
    get db() {
      if (!h) throw new Error("the suite's database opens in beforeAll");
      return h.db;
    },
  };
}
