// Which database handle has a job queue: the process-start code attaches one
// to the server's Postgres handle (a test, to each of its handles), and
// app/_server/analysis.ts asks. On globalThis, as Next bundles the start code
// and the routes apart; a handle without a queue (PGlite) analyses in process.
import type { Db } from "../client";
import type { AnalysisQueue } from "./analysis-queue";

const globalForQueues = globalThis as unknown as { loopscopeQueues?: WeakMap<Db, Promise<AnalysisQueue>> };

function queues(): WeakMap<Db, Promise<AnalysisQueue>> {
  globalForQueues.loopscopeQueues ??= new WeakMap();
  return globalForQueues.loopscopeQueues;
}

export function attachQueue(db: Db, queue: Promise<AnalysisQueue>): void {
  queues().set(db, queue);
}

export function detachQueue(db: Db): void {
  queues().delete(db);
}

export function queueFor(db: Db): Promise<AnalysisQueue> | undefined {
  return queues().get(db);
}
