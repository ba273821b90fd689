// PGlite's periodic maintenance (db/queue/maintenance.ts): the embedded
// database has one process and no job queue, so that process runs the tasks
// itself, once a minute after start and then every MAINTENANCE_INTERVAL_MS —
// the cadence of the Postgres workers' schedule. The timer never keeps the
// process alive.
import type { DbHandle } from "@/db/client";
import { runMaintenance } from "@/db/queue/maintenance";

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
const FIRST_RUN_MS = 60_000;

/** Start the timer on PGlite; a no-op on Postgres, where the queue's workers take turns. */
export function startMaintenanceTimer(handle: DbHandle): void {
  if (handle.kind !== "pglite") return;
  const tick = () => void runMaintenance(handle.db, handle.kind);
  setTimeout(() => {
    tick();
    setInterval(tick, MAINTENANCE_INTERVAL_MS).unref();
  }, FIRST_RUN_MS).unref();
}
