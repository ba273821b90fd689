// Make a new PGlite data directory with its schema, in a process of its own
// (db/pglite-new-dir.ts runs it): PGlite's initdb, in WASM, leaves the process
// that runs it ~400 MB larger for good, so the server only ever opens a
// directory that exists. Plain JavaScript: `node` runs it without a build.
// argv: DATA_DIR MIGRATIONS_DIR. Exit 0 once the directory is complete.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const [dataDir, migrationsFolder] = process.argv.slice(2);
if (!dataDir || !migrationsFolder) {
  console.error("usage: node db/pglite-init.mjs DATA_DIR MIGRATIONS_DIR");
  process.exit(2);
}
const client = new PGlite(dataDir);
await migrate(drizzle(client), { migrationsFolder });
await client.close();
