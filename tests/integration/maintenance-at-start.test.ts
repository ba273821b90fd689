// docs/scaling.md#partitions-and-retention: maintenance also runs when a
// process starts (after migrations), so a changed LOOPSCOPE_RETENTION_DAYS
// applies at the next start instead of the next ten-minute slot. On PGlite the
// timer's start runs it at once; on Postgres each worker sends a start-up job
// to the singleton maintenance queue, and workers starting together run it
// once between them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, rowsOf, type Db, type DbHandle } from "@/db/client";
import { ensurePartitions } from "@/db/partitions";
import { openAnalysisQueue, type AnalysisQueue } from "@/db/queue/analysis-queue";
import { runMaintenance } from "@/db/queue/maintenance";
import { MAINTENANCE_QUEUE, startQueueWorker } from "@/db/queue/worker";
import { openTempDatabase, type TempDatabase } from "@/db/temp-database";
import { startMaintenanceTimer } from "@/app/_server/maintenance-timer";
import { ingestText } from "./support/ingest";

const TEST_URL = process.env.TEST_DATABASE_URL;
const TIMINGS = { expireInSeconds: 30, sweepIntervalSeconds: 1, pollingIntervalSeconds: 0.5 };

const runText = (runId: string) =>
  JSON.stringify({ run_id: runId, span_id: "s1", name: "read_file", kind: "tool", t0: 100, t1: 101 });

/** One run stored in January 2020 (past any retention) and one stored now. */
async function storeOldAndNew(db: Db) {
  await db.execute(sql`INSERT INTO runs (run_id, stored_month) VALUES ('r-2020', '2020-01-01')`);
  await ingestText(db, runText("r-2020"));
  await ingestText(db, runText("r-today"));
}

const runIds = async (db: Db) =>
  rowsOf<{ run_id: string }>(await db.execute(sql`SELECT run_id FROM runs ORDER BY run_id`)).map((r) => r.run_id);

function useRetentionDays(days: string) {
  const saved = process.env.LOOPSCOPE_RETENTION_DAYS;
  beforeAll(() => {
    process.env.LOOPSCOPE_RETENTION_DAYS = days;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.LOOPSCOPE_RETENTION_DAYS;
    else process.env.LOOPSCOPE_RETENTION_DAYS = saved;
  });
}

describe("maintenance at start on PGlite", () => {
  useRetentionDays("90");
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({ memory: true });
  });
  afterAll(async () => h?.close());

  test("starting the timer applies the retention at once, not a slot later", async () => {
    await storeOldAndNew(h.db);
    expect(await runIds(h.db)).toEqual(["r-2020", "r-today"]);
    await startMaintenanceTimer(h);
    expect(await runIds(h.db)).toEqual(["r-today"]);
  });
});

describe.skipIf(!TEST_URL)("maintenance at start on Postgres", () => {
  useRetentionDays("90");
  let temp: TempDatabase;
  let replicas: DbHandle[] = [];
  const queues: AnalysisQueue[] = [];
  const runs: string[] = [];

  beforeAll(async () => {
    temp = await openTempDatabase(TEST_URL ?? "", "maint");
    await ensurePartitions(temp.db, new Date("2020-01-10T00:00:00Z"));
    await storeOldAndNew(temp.db);
    replicas = await Promise.all([openDatabase({ url: temp.url }), openDatabase({ url: temp.url })]);
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await Promise.all(replicas.map((r) => r.close()));
    await temp?.close();
  });

  /** The maintenance queue's jobs once none is queued or running. */
  async function settledJobs(): Promise<string[]> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = rowsOf<{ state: string }>(
        await temp.db.execute(sql`SELECT state FROM pgboss.job WHERE name = ${MAINTENANCE_QUEUE}`),
      );
      if (rows.length > 0 && rows.every((r) => r.state === "completed" || r.state === "failed"))
        return rows.map((r) => r.state);
      await new Promise((resolve) => setTimeout(resolve, 50)); // polling the queue's table, not a test sleep
    }
    return ["no maintenance job settled within 20 s"];
  }

  test("two workers starting together run it once between them, and the retention applies", async () => {
    // No cron timer here (schedule: false), so the only maintenance job can be the start-up one.
    const started = replicas.map(async (replica, i) => {
      const queue = await openAnalysisQueue(temp.url, TIMINGS, { schedule: false });
      queues.push(queue);
      await startQueueWorker(queue, {
        analyse: async () => ({}),
        maintain: async () => {
          runs.push(`replica ${i}`);
          await runMaintenance(replica.db, replica.kind);
        },
      });
    });
    await Promise.all(started);
    expect(await settledJobs()).toEqual(["completed"]);
    expect(runs).toHaveLength(1);
    expect(await runIds(temp.db)).toEqual(["r-today"]);
  });
});
