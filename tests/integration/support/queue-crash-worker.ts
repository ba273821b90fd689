// A queue worker that dies the moment it takes an analysis job (SIGKILL: no
// cleanup, its job stays active), for tests/integration/analysis-queue.test.ts.
// Run with tsx; QUEUE_TEST_URL names the database, QUEUE_TEST_TIMINGS the
// queue's shortened timings (JSON). Prints "ready" once it polls, "took <id>"
// when it takes a job.
import { openAnalysisQueue, type QueueTimings } from "@/db/queue/analysis-queue";
import { startQueueWorker } from "@/db/queue/worker";

const url = process.env.QUEUE_TEST_URL ?? "";
const timings = JSON.parse(process.env.QUEUE_TEST_TIMINGS ?? "{}") as QueueTimings;
const queue = await openAnalysisQueue(url, timings);
await startQueueWorker(
  queue,
  {
    analyse: async (data) => {
      console.log(`took ${data.runId}`);
      process.kill(process.pid, "SIGKILL");
      return new Promise<object>(() => {});
    },
  },
  1,
);
console.log("ready");
