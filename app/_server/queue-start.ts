// Process start on a Postgres server (instrumentation.ts, scripts/worker.ts):
// open the analysis job queue (docs/scaling.md#analysis-queue) and attach it
// to the process's database handle, so getAnalysis enqueues and waits; unless
// LOOPSCOPE_ROLE=web, also work jobs and the periodic maintenance here.
// PGlite is one process: no queue, analyses run in process as before.
import type { DbHandle } from "@/db/client";
import { DEFAULT_TIMINGS, openAnalysisQueue, type AnalysisQueue, type QueueTimings } from "@/db/queue/analysis-queue";
import { runMaintenance } from "@/db/queue/maintenance";
import { attachQueue, detachQueue } from "@/db/queue/registry";
import { startQueueWorker } from "@/db/queue/worker";
import type { ServerEnv } from "@/lib/env";
import { analyseJob } from "./analysis";

export type Role = ServerEnv["LOOPSCOPE_ROLE"];
export type QueuePlan = "none" | "enqueue" | "work";

/** What a process does with the queue: nothing on PGlite; `web` only enqueues; `worker` and `all` also work jobs. */
export function planQueue(kind: DbHandle["kind"], role: Role): QueuePlan {
  if (kind !== "postgres") return "none";
  return role === "web" ? "enqueue" : "work";
}

/**
 * Attach the queue to `handle` at once (a request arriving meanwhile waits for
 * it) and start it. A queue that cannot start is logged and detached: analyses
 * then run in this process, as on PGlite.
 */
export function startAnalysisQueue(
  handle: DbHandle,
  url: string,
  role: Role,
  timings: QueueTimings = DEFAULT_TIMINGS,
): Promise<AnalysisQueue> | null {
  const plan = planQueue(handle.kind, role);
  if (plan === "none") return null;
  const started = openQueue(handle, url, plan, timings);
  attachQueue(handle.db, started);
  started.catch((err: Error) => {
    console.warn(`loopscope: the job queue did not start (${err.message}); analysing in this process`);
    detachQueue(handle.db);
  });
  return started;
}

async function openQueue(handle: DbHandle, url: string, plan: QueuePlan, timings: QueueTimings) {
  const queue = await openAnalysisQueue(url, timings, { schedule: plan === "work" });
  if (plan === "work") {
    await startQueueWorker(queue, {
      analyse: (data) => analyseJob(handle.db, data),
      maintain: () => runMaintenance(handle.db, handle.kind),
    });
  }
  console.log(`loopscope: job queue ready (${plan === "work" ? "working jobs" : "enqueue only"})`);
  return queue;
}
