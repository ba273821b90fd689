// A throwaway Postgres primary with a streaming replica, for tests and
// benchmarks of the read-replica routing (docs/scaling.md#read-replica).
// initdb a primary in a temp dir on a free loopback port, pg_basebackup -R a
// replica from it into another temp dir on a second port, start both and wait
// until the replica streams. Trust auth, 127.0.0.1 only, sockets inside the
// temp dirs, fsync off: fast and private, never the machine's own cluster.
// Postgres refuses to run as root, so as root every binary runs as the
// `postgres` OS user (runuser) over directories it owns.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { appendFile, chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";

export type PgCluster = { primaryUrl: string; replicaUrl: string; dataDirs: string[]; stop(): Promise<void> };

const run = promisify(execFile);
const OS_USER = "postgres";
const STREAM_WAIT_MS = 30_000;

/** The directory holding initdb, pg_ctl and pg_basebackup, or null. */
function findBinDir(): string | null {
  const candidates: string[] = [];
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, "bin")));
  }
  const has = (dir: string) => ["initdb", "pg_ctl", "pg_basebackup"].every((b) => existsSync(path.join(dir, b)));
  return candidates.find(has) ?? findViaPgConfig(has);
}

function findViaPgConfig(has: (dir: string) => boolean): string | null {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    return has(dir) ? dir : null;
  } catch {
    return null;
  }
}

/** The uid and gid of the postgres OS user, from /etc/passwd via `id`. */
function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", OS_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", OS_USER], { encoding: "utf8" }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

const isRoot = () => process.getuid?.() === 0;

function canRun(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Why clusters can't be started here (no binaries, cannot run as the postgres user…), or null when they can. */
export function clusterUnavailableReason(): string | null {
  if (process.platform === "win32") return "pg-cluster needs a Unix machine";
  if (!findBinDir()) return "no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql";
  if (!isRoot()) return null;
  if (!postgresIds()) return `running as root and there is no "${OS_USER}" OS user to run postgres as`;
  if (!canRun("runuser", ["--version"])) return "running as root and runuser is missing";
  return null;
}

/** The command line running a Postgres binary, as the postgres OS user when we are root. */
function commandOf(bin: string, args: string[]): [string, string[]] {
  const dir = findBinDir();
  if (!dir) throw new Error("no PostgreSQL binaries");
  const exe = path.join(dir, bin);
  return isRoot() ? ["runuser", ["-u", OS_USER, "--", exe, ...args]] : [exe, args];
}

async function pg(bin: string, args: string[], cwd: string): Promise<void> {
  const [cmd, argv] = commandOf(bin, args);
  try {
    await run(cmd, argv, { cwd, timeout: 120_000, env: { ...process.env, LC_ALL: "C" } });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${bin} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

/** A temp dir owned by the OS user postgres runs as; `data` inside it is the cluster. */
async function makeRoot(label: string): Promise<{ root: string; data: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), `loopscope-pg-${label}-`));
  const ids = isRoot() ? postgresIds() : null;
  if (ids) await chown(root, ids.uid, ids.gid);
  return { root, data: path.join(root, "data") };
}

function settings(port: number, socketDir: string): string {
  return [
    "",
    "# pg-cluster (tests/support/pg-cluster.ts)",
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${socketDir}'`,
    "wal_level = replica",
    "max_wal_senders = 5",
    "hot_standby = on",
    "shared_buffers = 32MB",
    "fsync = off",
    "full_page_writes = off",
    "",
  ].join("\n");
}

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

async function waitUntilStreaming(primaryUrl: string, replicaUrl: string): Promise<void> {
  const primary = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  const replica = postgres(replicaUrl, { max: 1, onnotice: () => {} });
  const deadline = Date.now() + STREAM_WAIT_MS;
  try {
    for (;;) {
      const [p] = await primary`SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'`;
      const [r] = await replica`SELECT pg_is_in_recovery() AS standby,
        (SELECT status FROM pg_stat_wal_receiver) AS status`;
      if (p?.n > 0 && r?.standby && r.status === "streaming") return;
      if (Date.now() > deadline) throw new Error("the replica did not start streaming within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await Promise.all([primary.end({ timeout: 1 }), replica.end({ timeout: 1 })]);
  }
}

/** initdb a fresh primary on a free loopback port in a temp dir, pg_basebackup -R a streaming replica into another temp dir on a second port, start both, wait until the replica streams. */
export async function startPrimaryWithReplica(
  opts: { primaryPort?: number; replicaPort?: number } = {},
): Promise<PgCluster> {
  const reason = clusterUnavailableReason();
  if (reason) throw new Error(`cannot start a Postgres cluster: ${reason}`);
  const primaryPort = opts.primaryPort ?? (await freePort());
  let replicaPort = opts.replicaPort ?? (await freePort());
  while (replicaPort === primaryPort) replicaPort = await freePort();
  const p = await makeRoot("primary");
  const r = await makeRoot("replica");
  const started: string[] = [];
  const stopArgs = (data: string) => ["-D", data, "-m", "immediate", "-w", "stop"];
  // A test process that exits without stop() leaves no server running and no directory behind.
  const stopOnExit = () => {
    for (const data of started.splice(0).reverse()) {
      try {
        execFileSync(...commandOf("pg_ctl", stopArgs(data)), { cwd: os.tmpdir(), stdio: "ignore" });
      } catch {
        // already stopped
      }
    }
    for (const dir of [p.root, r.root]) rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopOnExit);
  const stop = async () => {
    process.removeListener("exit", stopOnExit);
    for (const data of started.splice(0).reverse()) await pg("pg_ctl", stopArgs(data), os.tmpdir()).catch(() => {});
    await Promise.all([rm(p.root, { recursive: true, force: true }), rm(r.root, { recursive: true, force: true })]);
  };
  try {
    await pg(
      "initdb",
      ["-D", p.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
      p.root,
    );
    await appendFile(path.join(p.data, "postgresql.conf"), settings(primaryPort, p.root));
    await pg("pg_ctl", ["-D", p.data, "-l", path.join(p.root, "log"), "-w", "-t", "60", "start"], p.root);
    started.push(p.data);
    const base = ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres"];
    await pg("pg_basebackup", [...base, "-D", r.data, "-R", "-X", "stream", "-c", "fast", "--no-sync"], r.root);
    // The copied postgresql.conf names the primary's port and sockets: the later lines win.
    await appendFile(path.join(r.data, "postgresql.conf"), settings(replicaPort, r.root));
    await pg("pg_ctl", ["-D", r.data, "-l", path.join(r.root, "log"), "-w", "-t", "60", "start"], r.root);
    started.push(r.data);
    await waitUntilStreaming(urlOf(primaryPort), urlOf(replicaPort));
  } catch (err) {
    await stop();
    throw err;
  }
  return { primaryUrl: urlOf(primaryPort), replicaUrl: urlOf(replicaPort), dataDirs: [p.data, r.data], stop };
}
