// Runs once when the server starts (README.md#configuration): check the
// environment (a bad value stops the start, naming the variable), then open
// the database so migrations are applied before the first request. When the
// database does not answer yet, the server starts anyway and keeps trying in
// the background, one log line per attempt (db/wait-for-database.ts);
// /api/ready answers 503 until then. On Postgres the analysis job queue starts
// next (app/_server/queue-start.ts; LOOPSCOPE_ROLE says whether it works jobs
// and the periodic maintenance); on PGlite the maintenance runs on a timer.
// Then the live guard's webhook deliveries left queued by an earlier process are
// sent (app/_server/guard-notify.ts), and the server warms the routes a first
// visit needs (app/_server/warm-routes.ts).
import type { DbHandle } from "./db/client";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { readEnv } = await import("./lib/env");
  const env = readEnv();
  const { getDb } = await import("./db/client");
  const { waitForDatabase } = await import("./db/wait-for-database");
  const { startAnalysisQueue } = await import("./app/_server/queue-start");
  const { startMaintenanceTimer } = await import("./app/_server/maintenance-timer");
  const { warmRoutes } = await import("./app/_server/warm-routes");
  const { wakeGuardOutbox } = await import("./app/_server/guard-notify");
  const ready = (handle: DbHandle) => {
    console.log(`loopscope: database ready (${handle.kind})`);
    if (env.DATABASE_URL) void startAnalysisQueue(handle, env.DATABASE_URL, env.LOOPSCOPE_ROLE);
    else startMaintenanceTimer(handle);
    void wakeGuardOutbox(handle.db);
    void warmRoutes();
  };
  try {
    ready(await getDb());
  } catch (failedFirst) {
    void waitForDatabase({ failedFirst }).then(ready);
  }
}
