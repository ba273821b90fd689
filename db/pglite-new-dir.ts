// The first open of a PGlite data directory (docs/decisions.md#first-start):
// when `dataDir` has no PG_VERSION yet, a short-lived child node process
// (db/pglite-init.mjs) makes it — initdb and the migrations — in a sibling
// directory that is renamed into place once complete, so a crash leaves no
// half-made directory (a non-empty directory without PG_VERSION is refused,
// never deleted) and the server's own process never runs initdb (which
// would leave it ~400 MB larger for good). Another process that made the
// directory first wins the rename; this one's copy is removed.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The script the child runs: beside the migrations, under the app's directory. */
export const INIT_SCRIPT = path.join(process.cwd(), "db", "pglite-init.mjs");

export const isPgliteDir = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

/** Make `dataDir` in a child process unless it is a PGlite directory already. */
export async function ensurePgliteDir(dataDir: string, migrationsDir: string): Promise<void> {
  if (isPgliteDir(dataDir)) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} holds files but no PG_VERSION: not an embedded database; move it away to start a new one`,
    );
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.new-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await run(process.execPath, [INIT_SCRIPT, staging, migrationsDir], { timeout: 120_000 });
    if (!isPgliteDir(dataDir)) {
      rmSync(dataDir, { recursive: true, force: true }); // empty, if there at all
      renameSync(staging, dataDir);
    }
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`could not make the embedded database in ${dataDir}${stderr ? `: ${stderr.slice(-500)}` : ""}`);
  } finally {
    // A child killed at the timeout may still be writing: retried, and never hiding the error above.
    try {
      rmSync(staging, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      console.warn(`loopscope: could not remove ${staging}; delete it by hand`);
    }
  }
}
