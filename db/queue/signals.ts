// Postgres LISTEN/NOTIFY between the processes sharing a queue, so nobody
// waits for a poll: an enqueue wakes every worker's fetch at once, and a
// finished job wakes the requests waiting for its key. A lost signal costs
// only latency — workers and waiters keep polling (WORKER_POLL_S, MAX_POLL_MS).
// One postgres.js connection per process, reconnected by the driver.
import postgres from "postgres";

const JOBS_CHANNEL = "loopscope_analysis_jobs";
const DONE_CHANNEL = "loopscope_analysis_done";

export type QueueSignals = {
  /** Tell every process that a job was queued. */
  jobQueued: () => Promise<void>;
  /** Tell every process that the job for `key` ended (completed or failed). */
  jobEnded: (key: string) => Promise<void>;
  /** Resolves at the next jobEnded(key) from any process; `cancel` forgets the wait. */
  nextEnd: (key: string) => { ended: Promise<void>; cancel: () => void };
  close: () => Promise<void>;
};

export async function openQueueSignals(url: string, onJobQueued: () => void): Promise<QueueSignals> {
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: "loopscope-queue-signals" },
  });
  const waiters = new Map<string, Set<() => void>>();
  await sql.listen(JOBS_CHANNEL, onJobQueued);
  await sql.listen(DONE_CHANNEL, (key) => {
    for (const wake of waiters.get(key) ?? []) wake();
  });
  const notify = async (channel: string, payload: string) => {
    try {
      await sql.notify(channel, payload);
    } catch {
      // a lost signal only delays: the other side polls
    }
  };
  return {
    jobQueued: () => notify(JOBS_CHANNEL, ""),
    jobEnded: (key) => notify(DONE_CHANNEL, key),
    nextEnd: (key) => {
      let wake = () => {};
      const ended = new Promise<void>((resolve) => (wake = resolve));
      const set = waiters.get(key) ?? new Set();
      waiters.set(key, set.add(wake));
      const cancel = () => {
        set.delete(wake);
        if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
      };
      return { ended, cancel };
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
