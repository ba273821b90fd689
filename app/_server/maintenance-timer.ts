// PGlite's periodic maintenance (db/queue/maintenance.ts): the embedded
// database has one process and no job queue, so that process runs the tasks
// itself, once at start (after migrations: the handle is open), so a changed
// LOOPSCOPE_RETENTION_DAYS applies at the next start, and then every
// MAINTENANCE_INTERVAL_MS — the cadence of the Postgres workers' schedule.
// The timer never keeps the process alive.
import type { DbHandle } from "@/db/client";
import { runMaintenance } from "@/db/queue/maintenance";

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * Start the timer on PGlite and run the tasks at once; the start-up run's
 * promise (it never rejects: a failing task is logged). Null on Postgres,
 * where the queue's workers take turns (db/queue/worker.ts).
 */
export function startMaintenanceTimer(handle: DbHandle): Promise<void> | null {
  if (handle.kind !== "pglite") return null;
  const tick = () => runMaintenance(handle.db, handle.kind);
  setInterval(() => void tick(), MAINTENANCE_INTERVAL_MS).unref();
  return tick();
}
