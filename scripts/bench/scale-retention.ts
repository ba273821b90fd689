// Section 3 of `npm run bench -- scale`: a retention window applied by
// dropping monthly span partitions (db/retention.ts) against the same rows
// removed by a plain row-by-row DELETE. One fresh database is filled straight
// in SQL (INSERT … SELECT generate_series, not HTTP): runs spread evenly over
// the last MONTHS months of stored_month, spans split evenly across the runs;
// a byte-for-byte copy of it takes the DELETE. The DELETE runs on the same
// partitioned table as applyRetention, so the two differ only in how rows leave.
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, rowsOf, type Db } from "@/db/client";
import { monthStart } from "@/db/partitions";
import { applyRetention, firstMonthKept } from "@/db/retention";
import { timed } from "./support";

export const RETENTION_DAYS = 90;
const MONTHS = 12;
const RUNS_PER_MONTH = 100;
const TOOLS = ["read_file", "edit_file", "run_tests", "search", "llm_call"];

export type RetentionFigures = {
  spans: number;
  runs: number;
  bytes: number;
  fillMs: number;
  retention: { ms: number; partitions: number; spansLeft: number; runsLeft: number; keepFrom: string };
  deletion: { ms: number; vacuumMs: number; spansLeft: number; runsLeft: number };
};

const count = async (db: Db, table: "spans" | "runs") =>
  Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]?.n ?? 0);

/**
 * Runs of month m (0 = this month) are stored in that month, on days spread
 * over it; a run's spans follow each other by 100 ms, in run order (as
 * uploads write them). Each month's spans go into a bare table that is then
 * attached as that month's partition (replacing the empty one made ahead):
 * the attach builds its indexes by sorting, much faster than keeping them
 * row by row, and checks its range and foreign key. Oldest month first.
 */
async function fill(db: Db, spansPerRun: number, now: Date): Promise<void> {
  const tools = sql.raw(`ARRAY[${TOOLS.map((t) => `'${t}'`).join(",")}]`);
  const run = (statement: string) => db.execute(sql.raw(statement));
  for (let m = MONTHS - 1; m >= 0; m--) {
    const month = monthStart(now, -m);
    const table = `spans_${month.slice(0, 7).replace("-", "_")}`;
    await run(`DROP TABLE IF EXISTS "${table}"`);
    await run(`CREATE TABLE "${table}" (LIKE spans INCLUDING DEFAULTS)`);
    const runsOfMonth = sql`
      SELECT ${`ret-${month}-`} || lpad(r::text, 4, '0') AS run_id, r,
             ${month}::date AS month,
             (${month}::date + make_interval(days => r % 28, hours => 9))::timestamptz AS t
      FROM generate_series(0, ${RUNS_PER_MONTH - 1}) AS r`;
    await db.execute(sql`
      INSERT INTO runs (run_id, name, agent, started_at, first_at, last_at, span_count, stored_month)
      SELECT run_id, 'retention bench ' || run_id, 'bench', t, t, t + ${`${spansPerRun / 10} seconds`}::interval,
             ${spansPerRun}, month
      FROM (${runsOfMonth}) AS x`);
    await db.execute(sql`
      INSERT INTO ${sql.identifier(table)} (run_id, stored_month, span_id, name, kind, t0, t1, duration_ms, ok, error, iteration, meta)
      SELECT x.run_id, x.month, 's' || q, (${tools})[1 + q % 5], CASE WHEN q % 5 = 4 THEN 'llm' ELSE 'tool' END,
             x.t + make_interval(secs => q / 10.0), x.t + make_interval(secs => q / 10.0 + 0.08), 80,
             q % 20 <> 0, CASE WHEN q % 20 = 0 THEN 'tool failed: exit 1' ELSE '' END, 1 + q / 50, '{}'::jsonb
      -- LATERAL on x: a nested loop, run after run, no sort.
      FROM (${runsOfMonth}) AS x CROSS JOIN LATERAL generate_series(0 * x.r, ${spansPerRun - 1}) AS q`);
    const to = monthStart(new Date(`${month}T00:00:00Z`), 1);
    await run(`ALTER TABLE spans ATTACH PARTITION "${table}" FOR VALUES FROM ('${month}') TO ('${to}')`);
  }
  await run("ANALYZE");
}

async function spansBytes(db: Db): Promise<number> {
  const rows = rowsOf<{ b: string }>(
    await db.execute(sql`SELECT coalesce(sum(pg_total_relation_size(relid)), 0) AS b FROM pg_partition_tree('spans')`),
  );
  return Number(rows[0]?.b ?? 0);
}

/** `name` on the server at `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Open `url`'s database (migrated), run `fn` on it after a CHECKPOINT, close it. */
async function withDatabase<T>(url: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url });
  try {
    await handle.db.execute(sql`CHECKPOINT`); // no checkpoint of earlier writes lands inside a timed step
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Fill a fresh database on the server at `adminUrl`, copy it byte for byte
 * (CREATE DATABASE … TEMPLATE, a file copy), then time applyRetention on the
 * one and a DELETE + VACUUM of the same rows on the other. Both are dropped.
 */
export async function benchRetention(
  adminUrl: string,
  spans: number,
  now: Date,
  log: (line: string) => void,
): Promise<RetentionFigures> {
  const runs = MONTHS * RUNS_PER_MONTH;
  const spansPerRun = Math.max(1, Math.round(spans / runs));
  process.env.LOOPSCOPE_DB_STATEMENT_TIMEOUT_S = "0"; // the fill and the DELETE outlast the app's 60 s limit
  const keepFrom = firstMonthKept(now, RETENTION_DAYS);
  const [filled, copy] = ["retention", "delete"].map((l) => `loopscope_bench_scale_${l}_${process.pid}`) as [
    string,
    string,
  ];
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${filled}`);
    log(`filling ${(runs * spansPerRun).toLocaleString("en-US")} spans in ${runs} runs over ${MONTHS} months…`);
    const fillMs = (await timed(() => withDatabase(databaseUrl(adminUrl, filled), (db) => fill(db, spansPerRun, now))))
      .ms;
    await admin.unsafe(`CREATE DATABASE ${copy} TEMPLATE ${filled} STRATEGY FILE_COPY`);
    const retention = await withDatabase(databaseUrl(adminUrl, filled), async (db) => {
      const bytes = await spansBytes(db);
      const applied = await timed(() => applyRetention(db, "postgres", RETENTION_DAYS, now));
      const [spansLeft, runsLeft] = [await count(db, "spans"), await count(db, "runs")];
      return { bytes, ms: applied.ms, partitions: applied.value.droppedPartitions.length, spansLeft, runsLeft };
    });
    const deletion = await withDatabase(databaseUrl(adminUrl, copy), async (db) => {
      const deleted = await timed(async () => {
        await db.execute(sql`DELETE FROM spans WHERE stored_month < ${keepFrom}::date`);
        await db.execute(sql`DELETE FROM runs WHERE stored_month < ${keepFrom}::date`);
      });
      const vacuumed = await timed(() => db.execute(sql`VACUUM spans, runs`));
      const [spansLeft, runsLeft] = [await count(db, "spans"), await count(db, "runs")];
      return { ms: deleted.ms, vacuumMs: vacuumed.ms, spansLeft, runsLeft };
    });
    const { bytes, ...applied } = retention;
    return { spans: runs * spansPerRun, runs, bytes, fillMs, retention: { ...applied, keepFrom }, deletion };
  } finally {
    for (const name of [copy, filled]) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end({ timeout: 1 });
  }
}
