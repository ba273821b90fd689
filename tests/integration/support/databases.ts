// The databases every data-layer test runs on: an in-memory PGlite always,
// and the real Postgres server at TEST_DATABASE_URL when it is set — each
// test file gets its own freshly created database there, dropped after.
import postgres from "postgres";
import { openDatabase, type DbHandle } from "@/db/client";

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

/** Create a throwaway database on the server, migrate it, drop it on close. */
export async function openTempPostgres(adminUrl: string): Promise<DbHandle> {
  const name = `loopscope_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
