// A throwaway database on a Postgres server, for tests and benchmarks: created
// fresh, migrated, and dropped on close (each test file or benchmark gets its own).
import postgres from "postgres";
import { openDatabase, type DbHandle } from "./client";

export type TempDatabase = DbHandle & { url: string; name: string };

export async function openTempDatabase(adminUrl: string, label: string): Promise<TempDatabase> {
  const name = `loopscope_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.replace(
    /[^a-z0-9_]/g,
    "_",
  );
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    name,
    close: async () => {
      await handle.close();
      // A drop waits for other sessions on the database; never hang a run on it.
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000).unref());
      const drop = admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => true);
      if (!(await Promise.race([drop, timeout])))
        console.warn(`loopscope: could not drop ${name} within 30 s: drop it by hand`);
      await admin.end({ timeout: 1 });
    },
  };
}
