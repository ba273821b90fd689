// The analysis job queue on a real Postgres server (docs/scaling.md#analysis-queue):
// two database handles with a queue each stand for two replicas of the server.
// Simultaneous requests on both compute a report once (counted in the queue's
// own table: the jobs whose output says they computed); a run written to while
// it is analysed answers every request with a report no older than the data it
// saw; a worker killed while it holds a job leaves it to another after the
// (shortened) expiry.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, rowsOf, type DbHandle } from "@/db/client";
import { openTempDatabase, type TempDatabase } from "@/db/temp-database";
import type { AnalysisQueue, QueueTimings } from "@/db/queue/analysis-queue";
import { getAnalysis } from "@/app/_server/analysis";
import { startAnalysisQueue } from "@/app/_server/queue-start";
import { awaitJobResult } from "@/db/queue/wait";
import { sql } from "drizzle-orm";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";

const TEST_URL = process.env.TEST_DATABASE_URL;
const TIMINGS: QueueTimings = { expireInSeconds: 2, sweepIntervalSeconds: 1, pollingIntervalSeconds: 0.5 };
const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Jobs for `runId` by whether they computed (their output, db/queue/worker.ts),
 * once none is queued or running: a job is marked completed just after its
 * report is cached, so a request may have its answer a moment before.
 */
async function countJobs(h: DbHandle, runId: string) {
  for (;;) {
    const rows = rowsOf<{ state: string; computed: string | null; retried: number }>(
      await h.db.execute(sql`SELECT state, output->>'computed' AS computed, retry_count AS retried FROM pgboss.job
        WHERE name = 'loopscope-analysis' AND singleton_key LIKE ${`${runId}:%`}`),
    );
    if (rows.every((r) => r.state === "completed"))
      return { computed: rows.filter((r) => r.computed === "true").length, completed: rows.length, rows };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!TEST_URL)("analysis as a queue job on Postgres", () => {
  let temp: TempDatabase;
  let replicaA: DbHandle;
  let replicaB: DbHandle;
  const queues: AnalysisQueue[] = [];

  beforeAll(async () => {
    temp = await openTempDatabase(TEST_URL ?? "", "queue");
    await ingestFile(temp.db, `${EXAMPLES}/stuck-loop.jsonl`);
    await ingestFile(temp.db, `${EXAMPLES}/healthy-run.jsonl`);
    [replicaA, replicaB] = await Promise.all([openDatabase({ url: temp.url }), openDatabase({ url: temp.url })]);
    // Both replicas start their queue at once, as two servers would.
    const started = [replicaA, replicaB].map((h) => startAnalysisQueue(h, temp.url, "all", TIMINGS));
    for (const queue of await Promise.all(started)) if (queue) queues.push(queue);
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await Promise.all([replicaA?.close(), replicaB?.close()]);
    await temp?.close();
  });

  test("simultaneous requests on two replicas compute the report once, and all get the same report", async () => {
    const started = Date.now();
    const reports = await Promise.all(
      [replicaA, replicaB, replicaA, replicaB].map((h) => getAnalysis(h.db, "r-stuck-loop")),
    );
    const elapsedMs = Date.now() - started;
    for (const report of reports) expect(report).toEqual(reports[0]);
    expect(reports[0]?.tools.length).toBeGreaterThan(0);
    const jobs = await countJobs(temp, "r-stuck-loop");
    expect(jobs.computed).toBe(1);
    console.log(`queue: 4 requests on 2 replicas → ${jobs.completed} job(s), 1 computation, ${elapsedMs} ms`);
    // Once cached, no new job.
    await getAnalysis(replicaB.db, "r-stuck-loop");
    expect((await countJobs(temp, "r-stuck-loop")).completed).toBe(jobs.completed);
  });

  test("request overrides travel in the job: a second settings hash is a second computation", async () => {
    const started = Date.now();
    const [a, b] = await Promise.all([
      getAnalysis(replicaA.db, "r-healthy", { slow_ratio: 1.5 }),
      getAnalysis(replicaB.db, "r-healthy", { slow_ratio: 1.5 }),
    ]);
    console.log(`queue: enqueue → report for a small run: ${Date.now() - started} ms`);
    expect(a).toEqual(b);
    expect(a.settings.slow_ratio).toBe(1.5);
    const plain = await getAnalysis(replicaB.db, "r-healthy");
    expect(plain.settings.slow_ratio).not.toBe(1.5);
    expect((await countJobs(temp, "r-healthy")).computed).toBe(2);
  });

  test("the queue's overhead over an in-process analysis of a small run", async () => {
    const local = await openDatabase({ url: temp.url }); // no queue attached: computes in this process
    try {
      const inProcess = Date.now();
      await getAnalysis(local.db, "r-healthy", { slow_ratio: 1.6 });
      const inProcessMs = Date.now() - inProcess;
      const queued = Date.now();
      await getAnalysis(replicaB.db, "r-healthy", { slow_ratio: 1.7 });
      console.log(`queue: in process ${inProcessMs} ms, as a job ${Date.now() - queued} ms (enqueue → report)`);
    } finally {
      await local.close();
    }
  });

  test("an unknown run answers 404 through the queue too", async () => {
    await expect(getAnalysis(replicaA.db, "r-nope")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe.skipIf(!TEST_URL)("a run written to while it is analysed", () => {
  let temp: TempDatabase;
  let replica: DbHandle;
  const queues: AnalysisQueue[] = [];

  beforeAll(async () => {
    temp = await openTempDatabase(TEST_URL ?? "", "queue_live");
    replica = await openDatabase({ url: temp.url });
    const queue = await startAnalysisQueue(replica, temp.url, "all", TIMINGS);
    if (queue) queues.push(queue);
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await replica?.close();
    await temp?.close();
  });

  // As on a server ingesting a live run: each upload's analysis is asked while
  // the next uploads land. Every request gets a report no older than the data it
  // saw, never "kept changing", and one asked after the last write has all of it.
  test("every request gets a report; one asked after the last write has all of it", async () => {
    const lines = readFileSync(`${EXAMPLES}/stuck-loop.jsonl`, "utf8").trimEnd().split("\n");
    const batches: string[] = [];
    for (let start = 0; start < lines.length; start += 20)
      batches.push(lines.slice(start, start + 20).join("\n") + "\n");
    const asked: Promise<unknown>[] = [];
    for (const batch of batches) {
      await ingestText(replica.db, batch);
      asked.push(getAnalysis(replica.db, "r-stuck-loop"));
    }
    const last = await getAnalysis(replica.db, "r-stuck-loop");
    const settled = await Promise.allSettled(asked);
    expect(settled.filter((s) => s.status === "rejected")).toEqual([]);

    const reference = await openDatabase({ memory: true });
    try {
      await ingestFile(reference.db, `${EXAMPLES}/stuck-loop.jsonl`);
      expect(last).toEqual(await getAnalysis(reference.db, "r-stuck-loop"));
    } finally {
      await reference.close();
    }
  });
});

describe.skipIf(!TEST_URL)("a worker that dies holding a job", () => {
  let temp: TempDatabase;
  let web: DbHandle;
  let survivor: DbHandle | undefined;
  const queues: AnalysisQueue[] = [];

  beforeAll(async () => {
    temp = await openTempDatabase(TEST_URL ?? "", "queue_crash");
    await ingestFile(temp.db, `${EXAMPLES}/stuck-loop.jsonl`);
    web = await openDatabase({ url: temp.url });
    const queue = await startAnalysisQueue(web, temp.url, "web", TIMINGS);
    if (queue) queues.push(queue);
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await Promise.all([web?.close(), survivor?.close()]);
    await temp?.close();
  });

  test("with no worker running, a request ends in a 503 naming the cause instead of hanging", async () => {
    const queue = queues[0];
    if (!queue) throw new Error("the web replica's queue did not start");
    const waiting = awaitJobResult(
      queue,
      "r-none:unclaimed",
      { runId: "r-none", overrides: {} },
      async () => null,
      1000,
    );
    await expect(waiting).rejects.toMatchObject({ code: "not_ready", message: /no worker took the analysis job/ });
    await temp.db.execute(sql`DELETE FROM pgboss.job WHERE singleton_key = 'r-none:unclaimed'`); // not for the next test
  });

  test("is retried by another worker after the expiry, and computed once", async () => {
    // One process (no tsx CLI wrapper), so the kill is the worker's own.
    const script = path.join(ROOT, "tests/integration/support/queue-crash-worker.ts");
    const crashing = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: ROOT,
      env: { ...process.env, QUEUE_TEST_URL: temp.url, QUEUE_TEST_TIMINGS: JSON.stringify(TIMINGS) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    crashing.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      crashing.on("exit", (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      crashing.stdout.on("data", () => output.includes("ready") && resolve());
      crashing.on("exit", () => reject(new Error(`the crashing worker exited early: ${output}`)));
    });
    const report = getAnalysis(web.db, "r-stuck-loop");
    expect(await exited).toBe("SIGKILL");
    expect(output).toContain("took r-stuck-loop");
    const killedAt = Date.now();
    survivor = await openDatabase({ url: temp.url });
    const queue = await startAnalysisQueue(survivor, temp.url, "worker", TIMINGS);
    if (queue) queues.push(queue);
    expect((await report).tools.length).toBeGreaterThan(0);
    const retryMs = Date.now() - killedAt;
    console.log(`queue: job of a killed worker completed elsewhere ${retryMs} ms after the kill`);
    expect(retryMs).toBeLessThan((TIMINGS.expireInSeconds + TIMINGS.sweepIntervalSeconds) * 1000 + 5_000);
    const jobs = await countJobs(temp, "r-stuck-loop");
    expect(jobs.computed).toBe(1);
    expect(jobs.rows[0]?.retried).toBe(1);
  });
});
