// `npm start` with LOOPSCOPE_ROLE=worker (docs/scaling.md#analysis-queue): no
// HTTP server, only the analysis jobs and the periodic maintenance of a
// Postgres server. Opens the database (migrations, retrying until it answers),
// starts the queue, and on SIGINT/SIGTERM stops taking jobs, lets the running
// ones finish and closes. A job cut short by a crash is retried elsewhere.
import { getDb } from "@/db/client";
import { waitForDatabase } from "@/db/wait-for-database";
import { readEnv } from "@/lib/env";
import { startAnalysisQueue } from "@/app/_server/queue-start";

async function main(): Promise<void> {
  const env = readEnv();
  if (!env.DATABASE_URL) {
    console.error("loopscope: LOOPSCOPE_ROLE=worker needs DATABASE_URL (the embedded database has no job queue)");
    process.exit(2);
  }
  const handle = await waitForDatabase({ open: getDb });
  const queue = await startAnalysisQueue(handle, env.DATABASE_URL, "worker");
  const stop = async () => {
    await queue?.stop({ graceful: true });
    await handle.close();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop());
}

main().catch((err: unknown) => {
  console.error(`loopscope: the worker stopped: ${(err as Error).message}`);
  process.exit(1);
});
