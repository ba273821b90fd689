// The analysis job queue on a Postgres server (docs/scaling.md#analysis-queue),
// on pg-boss: one job per run, settings and data version, deduplicated by that
// key (queue policy "stately": at most one queued and one active per key), so
// however many requests on however many processes ask at once, one job runs.
// A job whose process dies is failed by pg-boss's expiry sweep and retried by
// another process: within ANALYSIS_JOB_EXPIRE_S + EXPIRY_SWEEP_INTERVAL_S.
// Only app/_server/analysis.ts and the process-start code use this folder;
// PGlite (one process) has no queue.
import PgBoss from "pg-boss";
import { z } from "zod";
import { openQueueSignals, type QueueSignals } from "./signals";

export const ANALYSIS_QUEUE = "loopscope-analysis";
/** An active job older than this is taken for dead and retried elsewhere (a 1M-span analysis takes ~5 s). */
export const ANALYSIS_JOB_EXPIRE_S = 120;
/** How often some process looks for expired jobs (pg-boss maintenance; one process at a time). */
export const EXPIRY_SWEEP_INTERVAL_S = 30;
/** Retries after a failure or an expiry before the job is failed for good. */
export const ANALYSIS_JOB_RETRY_LIMIT = 2;
/** How often an idle worker asks for a job (pg-boss's minimum); an enqueue in the same process wakes it at once. */
export const WORKER_POLL_S = 0.5;
/** Jobs one process works at the same time. */
export const WORKER_CONCURRENCY = 2;

/** The payload of an analysis job; `overrides` are the request's settings, parsed again by the worker. */
export const AnalysisJobData = z.object({ runId: z.string().min(1), overrides: z.record(z.string(), z.unknown()) });
export type AnalysisJobData = z.output<typeof AnalysisJobData>;

export type JobState = { state: "waiting" | "active" | "completed" | "failed"; error?: string };

export type QueueTimings = { expireInSeconds: number; sweepIntervalSeconds: number; pollingIntervalSeconds: number };

export const DEFAULT_TIMINGS: QueueTimings = {
  expireInSeconds: ANALYSIS_JOB_EXPIRE_S,
  sweepIntervalSeconds: EXPIRY_SWEEP_INTERVAL_S,
  pollingIntervalSeconds: WORKER_POLL_S,
};

export type AnalysisQueue = {
  boss: PgBoss;
  timings: QueueTimings;
  /** Enqueue unless a job for `key` waits already; the id of the job to wait for, or null if it just finished. */
  enqueue: (key: string, data: AnalysisJobData) => Promise<string | null>;
  jobState: (id: string) => Promise<JobState | null>;
  /** The ids of this process's workers on the analysis queue (db/queue/worker.ts adds them). */
  workerIds: string[];
  /** Called after an enqueue: every process's idle workers fetch at once instead of at their next poll. */
  wake: () => void;
  signals: QueueSignals;
  stop: (options?: { graceful?: boolean }) => Promise<void>;
};

/** Connect to the queue's tables (created on first use, in schema `pgboss`) and start pg-boss's timers. */
export async function openAnalysisQueue(
  url: string,
  timings: QueueTimings = DEFAULT_TIMINGS,
  { schedule = false }: { schedule?: boolean } = {},
): Promise<AnalysisQueue> {
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    application_name: "loopscope-queue",
    maintenanceIntervalSeconds: timings.sweepIntervalSeconds,
    schedule,
  });
  boss.on("error", (err: Error) => console.warn(`loopscope: job queue: ${err.message}`));
  await boss.start();
  await createQueueOnce(boss, {
    name: ANALYSIS_QUEUE,
    policy: "stately",
    expireInSeconds: timings.expireInSeconds,
    retryLimit: ANALYSIS_JOB_RETRY_LIMIT,
    retryDelay: 0,
  });
  const workerIds: string[] = [];
  const wakeLocal = () => workerIds.forEach((id) => boss.notifyWorker(id));
  const signals = await openQueueSignals(url, wakeLocal);
  return {
    boss,
    timings,
    enqueue: (key, data) => enqueueJob(boss, key, data),
    jobState: (id) => readJobState(boss, id),
    workerIds,
    wake: () => {
      wakeLocal();
      void signals.jobQueued();
    },
    signals,
    stop: async (options) => {
      await boss.stop({ graceful: options?.graceful ?? true, timeout: 10_000 });
      await signals.close();
    },
  };
}

/**
 * Create a queue unless it exists. Replicas starting at once race to create it
 * (Postgres may report a deadlock between them): the loser looks again.
 */
export async function createQueueOnce(boss: PgBoss, queue: PgBoss.Queue, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

async function enqueueJob(boss: PgBoss, key: string, data: AnalysisJobData): Promise<string | null> {
  // Join a job queued or running for this key (the policy would only refuse a second queued one).
  const pending = await findPendingJob(boss, key);
  if (pending) return pending;
  return (await boss.send(ANALYSIS_QUEUE, data, { singletonKey: key })) ?? findPendingJob(boss, key);
}

async function findPendingJob(boss: PgBoss, key: string): Promise<string | null> {
  const { rows } = await boss.getDb().executeSql(
    `SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed'
      ORDER BY created_on DESC LIMIT 1`,
    [ANALYSIS_QUEUE, key],
  );
  return (rows[0] as { id: string } | undefined)?.id ?? null;
}

async function readJobState(boss: PgBoss, id: string): Promise<JobState | null> {
  const job = await boss.getJobById(ANALYSIS_QUEUE, id, { includeArchive: true });
  if (!job) return null;
  switch (job.state) {
    case "created":
    case "retry":
      return { state: "waiting" };
    case "active":
      return { state: "active" };
    case "completed":
      return { state: "completed" };
    default: {
      const message = (job.output as { message?: unknown } | null)?.message;
      return { state: "failed", error: typeof message === "string" ? message : job.state };
    }
  }
}
