// `npm run bench -- scale [--quick] [--runs N] [--run-spans N] [--upload-spans N]
//   [--rounds N] [--retention-spans N] [--rebuild] [--skip-http] [--skip-retention]`
// Loopscope on more than one process (docs/scaling.md#benchmark-npm-run-bench----scale).
// On loopback: a Postgres primary with a streaming replica (tests/support/pg-cluster.ts)
// and two `next start` processes of the e2e build, both writing to the primary
// (DATABASE_URL) and reading from the replica (DATABASE_READ_URL). Prints
//   1. ingest spans/s, --runs runs of --run-spans spans posted at once to one
//      process, then the same volume (new run ids) split across both;
//   2. p50/p95 of GET /runs and of a timeline page on one process, idle and
//      while an --upload-spans upload runs on the other;
//   3. applyRetention (dropping monthly partitions) against a row-by-row DELETE
//      of the same rows, on --retention-spans spans filled in SQL.
// The build is the e2e one (.next-e2e, LOOPSCOPE_E2E_DIST_DIR to change it),
// built if missing. Prints; asserts nothing.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { clusterUnavailableReason, startPrimaryWithReplica, type PgCluster } from "../../tests/support/pg-cluster";
import { buildAppOnce, E2E_DIST_DIR, ROOT, startServer, type AppServer } from "../../tests/e2e/support/server";
import { runBody, sampleReads, sampleReadsDuringUpload, timeIngest, TIMELINE_LIMIT, warmUp } from "./scale-http";
import { printIngest, printReads, printRetention } from "./scale-print";
import { benchRetention } from "./scale-retention";
import { ADMIN_URL, argValue } from "./support";

const FULL = { runs: 8, runSpans: 100_000, uploadSpans: 1_000_000, rounds: 20, retentionSpans: 10_000_000 };
const QUICK = { runs: 4, runSpans: 10_000, uploadSpans: 100_000, rounds: 5, retentionSpans: 240_000 };

async function serverVersion(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ v: string }[]>`SELECT current_setting('server_version') AS v`;
    return row?.v ?? "?";
  } finally {
    await sql.end({ timeout: 1 });
  }
}

function printHeader(pgVersion: string, sizes: typeof FULL) {
  const cpus = os.cpus();
  const facts = [
    ["cores", `${cpus.length} × ${cpus[0]?.model.trim() ?? "?"}`],
    ["memory", `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`],
    ["node", process.version],
    ["postgres", `${pgVersion} (primary + streaming replica on loopback)`],
    [
      "load average at start",
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    ],
    [
      "sizes",
      Object.entries(sizes)
        .map(([k, v]) => `${k}=${v.toLocaleString("en-US")}`)
        .join(" "),
    ],
  ];
  for (const [label, value] of facts) console.log(`  ${label!.padEnd(22)} ${value}`);
}

/** Build (unless a build exists and --rebuild is absent), then start two app processes one after the other: each migrates at start. */
async function startApps(cluster: PgCluster, rebuild: boolean): Promise<AppServer[]> {
  if (!rebuild && existsSync(path.join(ROOT, E2E_DIST_DIR, "BUILD_ID"))) process.env.LOOPSCOPE_E2E_SKIP_BUILD = "1";
  const built = await buildAppOnce();
  console.log(
    built === null
      ? `  using the build in ${E2E_DIST_DIR}`
      : `  built ${E2E_DIST_DIR} in ${(built / 1000).toFixed(0)} s`,
  );
  const env = { DATABASE_URL: cluster.primaryUrl, DATABASE_READ_URL: cluster.replicaUrl };
  const a = await startServer({ env });
  try {
    return [a, await startServer({ env })];
  } catch (err) {
    await a.stop();
    throw err;
  }
}

async function benchHttp(cluster: PgCluster, sizes: typeof FULL, rebuild: boolean) {
  const servers = await startApps(cluster, rebuild);
  const [a, b] = servers as [AppServer, AppServer];
  try {
    await warmUp(servers);
    const one = await timeIngest([a], "1p", sizes.runs, sizes.runSpans);
    const two = await timeIngest([a, b], "2p", sizes.runs, sizes.runSpans);
    printIngest([one, two]);

    const runId = one.runIds[0]!;
    const body = runBody("scale-upload", sizes.uploadSpans, 99);
    await sampleReads(b, runId, 2); // the first GET /runs analyses the listed runs: off the clock
    const idle = await sampleReads(b, runId, sizes.rounds);
    const busy = await sampleReadsDuringUpload(a, b, runId, body);
    const lagBytes = await replicaLagBytes(cluster.primaryUrl);
    printReads(idle, busy, sizes.uploadSpans, `${runId}, limit=${TIMELINE_LIMIT}`, lagBytes);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** How far the replica's replay is behind the primary's WAL, in bytes. */
async function replicaLagBytes(primaryUrl: string): Promise<number> {
  const sql = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ lag: string | null }[]>`
      SELECT max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text AS lag FROM pg_stat_replication`;
    return Number(row?.lag ?? NaN);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export async function run(args: string[]): Promise<void> {
  const base = args.includes("--quick") ? QUICK : FULL;
  const sizes = {
    runs: argValue(args, "runs", base.runs),
    runSpans: argValue(args, "run-spans", base.runSpans),
    uploadSpans: argValue(args, "upload-spans", base.uploadSpans),
    rounds: argValue(args, "rounds", base.rounds),
    retentionSpans: argValue(args, "retention-spans", base.retentionSpans),
  };
  const reason = clusterUnavailableReason();
  if (reason) console.log(`  no primary + replica here (${reason}): sections 1 and 2 skipped, 3 on ${ADMIN_URL}`);
  const cluster = reason ? null : await startPrimaryWithReplica();
  try {
    printHeader(await serverVersion(cluster?.primaryUrl ?? ADMIN_URL), sizes);
    if (cluster && !args.includes("--skip-http")) await benchHttp(cluster, sizes, args.includes("--rebuild"));
    if (!args.includes("--skip-retention")) {
      const log = (line: string) => console.log(`  ${line}`);
      printRetention(await benchRetention(cluster?.primaryUrl ?? ADMIN_URL, sizes.retentionSpans, new Date(), log));
    }
  } finally {
    await cluster?.stop();
  }
}
