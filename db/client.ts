// The database handle. Without DATABASE_URL the app runs on an embedded
// PGlite stored under LOOPSCOPE_DATA_DIR (default ./data); with it, on that
// Postgres server through postgres.js. Same schema, same migrations, same
// queries: everything else in db/ takes a `Db` and never asks which it is.
// On Postgres a connection attempt gives up after CONNECT_TIMEOUT_S, an idle
// connection closes after IDLE_TIMEOUT_S, and a statement is cancelled after
// LOOPSCOPE_DB_STATEMENT_TIMEOUT_S (migrations run on their own connection,
// without it). A failed open is not kept: the next getDb() tries again.
import { connect, type Socket } from "node:net";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readEnv } from "@/lib/env";
import { gateClient } from "./pglite-gate";
import { ensurePgliteDir } from "./pglite-new-dir";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbHandle = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };
export type DbTarget = { url: string } | { dataDir: string } | { memory: true };

export const MIGRATIONS_DIR = path.join(process.cwd(), "db", "migrations");

/** Seconds to wait for a Postgres connection before the attempt fails (CONNECT_TIMEOUT). */
export const CONNECT_TIMEOUT_S = 10;
/** Seconds an unused pooled connection stays open. */
export const IDLE_TIMEOUT_S = 60;

/** Open a database and bring its schema up to date. */
export async function openDatabase(target: DbTarget, migrationsDir = MIGRATIONS_DIR): Promise<DbHandle> {
  if ("url" in target) return openPostgres(target.url, migrationsDir);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  if ("dataDir" in target) {
    await ensurePgliteDir(target.dataDir, migrationsDir); // a new directory is made in a child process
    client = new PGlite(target.dataDir);
  } else {
    client = new PGlite();
  }
  // Background work (the analyses) gives way to requests: db/pglite-gate.ts.
  const db = drizzle(gateClient(client), { schema });
  await migrate(db, { migrationsFolder: migrationsDir });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

/**
 * A TCP connection with Nagle's algorithm off. postgres.js opens its sockets
 * with it on, and a COPY ends with a small CopyDone written right after its
 * data: the kernel holds it until the server acknowledges the data, which the
 * server delays ~40 ms — so every COPY cost some 40 ms more than its rows, a
 * one-span batch 48 ms instead of 3 (docs/decisions.md#ingest). postgres.js
 * starts its connect timeout only once it has the socket: this one keeps its own.
 */
function openNoDelaySocket(options: { host: string[]; port: number[]; path?: string | false }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = options.path
      ? connect(options.path)
      : connect({ host: options.host[0], port: options.port[0]!, noDelay: true });
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(CONNECT_TIMEOUT_S * 1000, () => fail(new Error(`connect timeout after ${CONNECT_TIMEOUT_S} s`)));
    socket.once("error", fail);
    socket.once("connect", () => {
      socket.setTimeout(0);
      socket.off("error", fail);
      resolve(socket);
    });
  });
}

/** The socket option for a server URL: ours for one host; postgres.js's own for a list of hosts, which it tries in turn. */
const socketOption = (url: string) => (/^[^/]*\/\/[^/]*,/.test(url) ? {} : { socket: openNoDelaySocket });

/** What every connection to a Postgres server is opened with: the migrator's and the pools'. */
const CONNECTION = {
  onnotice: () => {},
  connect_timeout: CONNECT_TIMEOUT_S,
  connection: { application_name: "loopscope" },
};

async function openPostgres(url: string, migrationsDir: string): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const migrator = postgres(url, { ...CONNECTION, ...socketOption(url), max: 1 });
  try {
    const db = drizzle(migrator, { schema });
    await migrate(db, { migrationsFolder: migrationsDir });
    await (await import("./partitions")).preparePartitions(db as unknown as Db); // spans by month
  } finally {
    await migrator.end({ timeout: 5 });
  }
  return connectPostgres(url);
}

/** The app's connection pool on a Postgres server, without migrations (a read replica's too: db/read-db.ts). */
export async function connectPostgres(url: string): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const statementMs = Math.round(readEnv().LOOPSCOPE_DB_STATEMENT_TIMEOUT_S * 1000);
  const client = postgres(url, {
    ...CONNECTION,
    ...socketOption(url),
    max: 10,
    idle_timeout: IDLE_TIMEOUT_S,
    // A startup parameter: every pooled connection has it from its first statement on. 0: none.
    connection: { ...CONNECTION.connection, statement_timeout: statementMs },
  });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "postgres",
    close: () => client.end({ timeout: 5 }),
  };
}

/** The target the environment names (README.md#configuration). */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DbTarget {
  const { DATABASE_URL, LOOPSCOPE_DATA_DIR } = readEnv(env);
  if (DATABASE_URL) return { url: DATABASE_URL };
  return { dataDir: path.resolve(LOOPSCOPE_DATA_DIR, "pglite") };
}

// One handle per process: a PGlite data directory must not be opened twice.
const globalForDb = globalThis as unknown as { loopscopeDb?: Promise<DbHandle> };

export function getDb(): Promise<DbHandle> {
  globalForDb.loopscopeDb ??= openDatabase(targetFromEnv()).catch((err) => {
    globalForDb.loopscopeDb = undefined;
    throw err;
  });
  return globalForDb.loopscopeDb;
}

/** Rows of a raw `db.execute` result, whichever driver produced it. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
