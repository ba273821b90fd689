// The worker side of the queue (LOOPSCOPE_ROLE=worker or all): WORKER_CONCURRENCY
// pg-boss workers on the analysis queue, each handing one job to the caller's
// handler (app/_server/analysis.ts computes, after re-reading the cache, so a
// duplicate job never recomputes), and the periodic maintenance job: a pg-boss
// schedule sends at most one per slot for the whole cluster, and its queue's
// "singleton" policy lets one process at a time run it. A worker also sends
// one at its start (after migrations), so a changed LOOPSCOPE_RETENTION_DAYS
// applies at once; workers starting within one START_SLOT_S share that job.
import type PgBoss from "pg-boss";
import {
  ANALYSIS_QUEUE,
  AnalysisJobData,
  createQueueOnce,
  WORKER_CONCURRENCY,
  type AnalysisQueue,
} from "./analysis-queue";

export const MAINTENANCE_QUEUE = "loopscope-maintenance";
/** Every 10 minutes (pg-boss cron, UTC). */
export const MAINTENANCE_CRON = "*/10 * * * *";
/** Maintenance longer than this is taken for dead; the next slot tries again. */
export const MAINTENANCE_EXPIRE_S = 30 * 60;
/** Workers starting within one such slot (a cluster's rollout) send one start-up maintenance job between them. */
export const START_SLOT_S = 60;

export type WorkerHandlers = {
  /** Its result is stored as the job's output (an object). */
  analyse: (data: AnalysisJobData) => Promise<object>;
  /** db/queue/maintenance.ts's runMaintenance, bound to the process's database; omitted: no maintenance here. */
  maintain?: () => Promise<void>;
};

/** Start working jobs in this process until the queue is stopped. */
export async function startQueueWorker(
  queue: AnalysisQueue,
  handlers: WorkerHandlers,
  concurrency = WORKER_CONCURRENCY,
): Promise<void> {
  const { boss } = queue;
  const work = async ([job]: PgBoss.JobWithMetadata<unknown>[]) => {
    if (!job) return {};
    try {
      return await handlers.analyse(AnalysisJobData.parse(job.data));
    } finally {
      if (job.singletonKey) void queue.signals.jobEnded(job.singletonKey);
    }
  };
  const options = { pollingIntervalSeconds: queue.timings.pollingIntervalSeconds, includeMetadata: true as const };
  for (let i = 0; i < concurrency; i++) queue.workerIds.push(await boss.work(ANALYSIS_QUEUE, options, work));
  const maintain = handlers.maintain;
  if (!maintain) return;
  await createQueueOnce(boss, {
    name: MAINTENANCE_QUEUE,
    policy: "singleton",
    expireInSeconds: MAINTENANCE_EXPIRE_S,
    retryLimit: 0,
  });
  await boss.schedule(MAINTENANCE_QUEUE, MAINTENANCE_CRON, {});
  // Sent before work() starts polling, so this process's first fetch finds it; the singleton policy still runs one at a time.
  await boss.send(MAINTENANCE_QUEUE, {}, { singletonSeconds: START_SLOT_S });
  await boss.work(MAINTENANCE_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await maintain();
  });
}
