// db/pglite-new-dir.ts: a new embedded database is made in a child process,
// whole or not at all, and what is not an embedded database is never deleted.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { MIGRATIONS_DIR, openDatabase, rowsOf } from "@/db/client";
import { ensurePgliteDir, isPgliteDir } from "@/db/pglite-new-dir";

const root = mkdtempSync(path.join(tmpdir(), "loopscope-pglite-new-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a new directory is made with its schema by a child, with nothing left beside it", async () => {
  const dataDir = path.join(root, "a", "pglite");
  await ensurePgliteDir(dataDir, MIGRATIONS_DIR);
  expect(isPgliteDir(dataDir)).toBe(true);
  expect(readdirSync(path.dirname(dataDir))).toEqual(["pglite"]);
  const h = await openDatabase({ dataDir });
  try {
    const tables = rowsOf<{ n: number | string }>(
      await h.db.execute(sql`SELECT count(*) AS n FROM pg_tables WHERE tablename IN ('runs', 'spans', 'sessions')`),
    );
    expect(Number(tables[0]!.n)).toBe(3);
  } finally {
    await h.close();
  }
});

test("an empty directory (made by hand, or by an older start) is filled", async () => {
  const dataDir = path.join(root, "b", "pglite");
  mkdirSync(dataDir, { recursive: true });
  await ensurePgliteDir(dataDir, MIGRATIONS_DIR);
  expect(isPgliteDir(dataDir)).toBe(true);
});

test("a directory holding other files is refused by name and left as it was", async () => {
  const dataDir = path.join(root, "c", "pglite");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, "notes.txt"), "mine");
  await expect(ensurePgliteDir(dataDir, MIGRATIONS_DIR)).rejects.toThrow(`${dataDir} holds files but no PG_VERSION`);
  expect(readdirSync(dataDir)).toEqual(["notes.txt"]);
});

test("a child that fails leaves neither the directory nor its staging copy, and says why", async () => {
  const dataDir = path.join(root, "d", "pglite");
  await expect(ensurePgliteDir(dataDir, path.join(root, "no-such-migrations"))).rejects.toThrow(
    `could not make the embedded database in ${dataDir}`,
  );
  expect(existsSync(dataDir)).toBe(false);
  expect(readdirSync(path.dirname(dataDir))).toEqual([]);
});
