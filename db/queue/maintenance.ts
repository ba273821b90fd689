// Periodic maintenance: on a Postgres server run by one worker process at a
// time every MAINTENANCE_CRON (db/queue/worker.ts); on PGlite, the one
// process runs it on a timer (app/_server/maintenance-timer.ts). Each task is
// a function of the database; a failing task is logged and the others still
// run. The tasks: create the spans partitions of the months ahead
// (db/partitions.ts; nothing on a plain table), then, when
// LOOPSCOPE_RETENTION_DAYS is set, drop what is past it (db/retention.ts);
// then forget the sign-in failures that no longer slow anyone (db/sign-in-throttle.ts);
// last, delete the sessions past their expiry or idle timeout and the expired
// password-reset links (db/sessions.ts, db/password-resets.ts).
import { readEnv } from "@/lib/env";
import type { Db, DbHandle } from "../client";
import { ensurePartitions } from "../partitions";
import { applyRetention } from "../retention";
import { purgeFailures } from "../sign-in-throttle";
import { purgeSessions } from "../sessions";
import { purgePasswordResets } from "../password-resets";
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE } from "@/lib/auth/throttle";
import { sessionIdleMs } from "@/lib/auth/tokens";

export type MaintenanceTask = { name: string; run: (db: Db, kind: DbHandle["kind"]) => Promise<void> };

export const MAINTENANCE_TASKS: MaintenanceTask[] = [
  {
    name: "partitions",
    run: async (db, kind) => {
      if (kind !== "postgres") return;
      const created = await ensurePartitions(db);
      if (created.length > 0) console.log(`loopscope: created spans partitions ${created.join(", ")}`);
    },
  },
  {
    name: "retention",
    run: async (db, kind) => {
      const days = readEnv().LOOPSCOPE_RETENTION_DAYS;
      if (days === undefined) return;
      const { droppedPartitions, deletedRuns } = await applyRetention(db, kind, days);
      if (deletedRuns > 0 || droppedPartitions.length > 0)
        console.log(
          `loopscope: retention (${days} days) deleted ${deletedRuns} runs` +
            (droppedPartitions.length ? `, dropped ${droppedPartitions.join(", ")}` : ""),
        );
    },
  },
  {
    name: "sign-in throttle",
    run: async (db) => {
      await purgeFailures(db, Date.now(), Math.max(ACCOUNT_THROTTLE.windowMs, ADDRESS_THROTTLE.windowMs));
    },
  },
  {
    name: "sessions",
    run: async (db) => {
      await purgeSessions(db, sessionIdleMs(readEnv().LOOPSCOPE_SESSION_IDLE_DAYS));
      await purgePasswordResets(db);
    },
  },
];

export async function runMaintenance(
  db: Db,
  kind: DbHandle["kind"],
  tasks: MaintenanceTask[] = MAINTENANCE_TASKS,
): Promise<void> {
  for (const task of tasks) {
    try {
      await task.run(db, kind);
    } catch (err) {
      console.warn(`loopscope: maintenance task ${task.name} failed: ${(err as Error).message}`);
    }
  }
}
