// A request's side of an analysis job: enqueue it (or join the job already
// queued or running for its key), then poll for the result the worker leaves
// in the database until it appears. Never hangs: a job no worker takes within
// PICKUP_TIMEOUT_MS, or no result within the job's expiry, sweep and one retry,
// ends in a 503 naming the cause; a job that failed for good, in a 500.
import { ApiError } from "@/lib/errors";
import type { AnalysisJobData, AnalysisQueue, JobState } from "./analysis-queue";

/** A job still queued after this long: no worker is running (LOOPSCOPE_ROLE=web everywhere?). */
export const PICKUP_TIMEOUT_MS = 60_000;
export const FIRST_POLL_MS = 20;
export const MAX_POLL_MS = 500;

/**
 * The result `read` finds once the job for `key` has run; null when the job
 * completed and `read` still finds nothing (the run changed or went away
 * meanwhile: the caller resolves its request again). Woken by the job's end
 * signal (db/queue/signals.ts), polling meanwhile in case a signal is lost.
 */
export async function awaitJobResult<T>(
  queue: AnalysisQueue,
  key: string,
  data: AnalysisJobData,
  read: () => Promise<T | null>,
  pickupTimeoutMs = PICKUP_TIMEOUT_MS,
): Promise<T | null> {
  const jobId = await queue.enqueue(key, data);
  queue.wake();
  const { expireInSeconds, sweepIntervalSeconds } = queue.timings;
  const deadline = Date.now() + 2 * (expireInSeconds + sweepIntervalSeconds) * 1000 + pickupTimeoutMs;
  let waitingSince = Date.now();
  for (let pauseMs = FIRST_POLL_MS; ; pauseMs = Math.min(pauseMs * 2, MAX_POLL_MS)) {
    const end = queue.signals.nextEnd(key); // before the read: a signal in between is not lost
    try {
      const result = await read();
      if (result !== null) return result;
      const job = jobId === null ? null : await queue.jobState(jobId);
      if (job === null || job.state === "completed") return await read();
      if (job.state === "active") waitingSince = Date.now();
      throwIfStuck(job, Date.now() - waitingSince > pickupTimeoutMs, Date.now() > deadline, pickupTimeoutMs);
      await Promise.race([end.ended, new Promise((resolve) => setTimeout(resolve, pauseMs))]);
    } finally {
      end.cancel();
    }
  }
}

function throwIfStuck(job: JobState, unclaimed: boolean, late: boolean, pickupTimeoutMs: number): void {
  if (job.state === "failed") throw new ApiError("internal", `the analysis job failed: ${job.error ?? "unknown"}`);
  if (unclaimed)
    throw new ApiError(
      "not_ready",
      `no worker took the analysis job within ${pickupTimeoutMs / 1000} s: is a process with LOOPSCOPE_ROLE=worker or all running?`,
    );
  if (late) throw new ApiError("not_ready", "the analysis job did not finish in time");
}
