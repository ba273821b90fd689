// The read replica (docs/scaling.md#read-replica): a pool on DATABASE_READ_URL
// that serves the heavy reads, and the choice, per read, between it and the
// primary. A read that carries the LSN of the client's last write is served by
// the replica only once the replica has replayed that far; otherwise by the
// primary. The replica's replay position is asked at most every
// REPLAY_CACHE_MS per process (a position already reached stays reached).
// Without DATABASE_READ_URL, or on PGlite, every read goes to the primary.
import { sql } from "drizzle-orm";
import { readEnv } from "@/lib/env";
import { lsnReached } from "@/lib/lsn";
import { connectPostgres, rowsOf, type Db, type DbHandle } from "./client";

/** How long a process trusts the replica's replay position it last read. */
export const REPLAY_CACHE_MS = 150;

export type ReadChoice = { db: Db; served: "primary" | "replica" };
type Replay = { lsn: string | null; at: number };
type ReadState = { url: string; handle: Promise<DbHandle>; replay?: Replay; asking?: Promise<Replay> };

const globalForRead = globalThis as unknown as { loopscopeReadDb?: ReadState };

/** The replica's pool, opened once per process (and again when DATABASE_READ_URL changes). */
function readState(url: string): ReadState {
  const cur = globalForRead.loopscopeReadDb;
  if (cur?.url === url) return cur;
  void cur?.handle.then((h) => h.close()).catch(() => {});
  const handle = connectPostgres(url);
  const state: ReadState = { url, handle };
  handle.catch(() => {
    if (globalForRead.loopscopeReadDb === state) globalForRead.loopscopeReadDb = undefined;
  });
  globalForRead.loopscopeReadDb = state;
  return state;
}

/** Close the replica's pool (tests; a server that stops). */
export async function closeReadDb(): Promise<void> {
  const cur = globalForRead.loopscopeReadDb;
  globalForRead.loopscopeReadDb = undefined;
  await cur?.handle.then((h) => h.close()).catch(() => {});
}

async function askReplay(state: ReadState): Promise<Replay> {
  state.asking ??= (async () => {
    const { db } = await state.handle;
    const [row] = rowsOf<{ lsn: string | null }>(await db.execute(sql`SELECT pg_last_wal_replay_lsn()::text AS lsn`));
    return { lsn: row?.lsn ?? null, at: Date.now() };
  })().finally(() => {
    state.asking = undefined;
  });
  state.replay = await state.asking;
  return state.replay;
}

/** Whether the replica has replayed `required`: from the cached position when it suffices or is fresh. */
async function replicaHas(state: ReadState, required: string): Promise<boolean> {
  const cached = state.replay;
  if (cached && (lsnReached(cached.lsn, required) || Date.now() - cached.at < REPLAY_CACHE_MS))
    return lsnReached(cached.lsn, required);
  return lsnReached((await askReplay(state)).lsn, required);
}

/**
 * The database a read should use: the replica, unless the client's last write
 * (`requiredLsn`) is not on it yet or it cannot say how far it is — then the primary.
 */
export async function chooseReadDb(primary: DbHandle, requiredLsn: string | null): Promise<ReadChoice> {
  const url = readEnv().DATABASE_READ_URL;
  if (!url || primary.kind !== "postgres") return { db: primary.db, served: "primary" };
  const state = readState(url);
  try {
    if (requiredLsn && !(await replicaHas(state, requiredLsn))) return { db: primary.db, served: "primary" };
    return { db: (await state.handle).db, served: "replica" };
  } catch (err) {
    console.error("loopscope: the read replica cannot be reached; reading the primary:", err);
    return { db: primary.db, served: "primary" };
  }
}

/** The primary's WAL insert position now: every commit made before this call lies at or before it. */
export async function currentWriteLsn(db: Db): Promise<string | null> {
  const [row] = rowsOf<{ lsn: string | null }>(await db.execute(sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`));
  return row?.lsn ?? null;
}

/** Whether reads may go to a replica at all, so writes need to hand back their LSN. */
export function readReplicaConfigured(primary: DbHandle): boolean {
  return primary.kind === "postgres" && Boolean(readEnv().DATABASE_READ_URL);
}
