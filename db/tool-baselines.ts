// The team's baseline of each tool (docs/analysis.md#team-baselines,
// lib/schemas/tool-baselines.ts) for one run. Its history: the last
// `lastRuns` runs of the run's shape (the runs list's order and shape,
// db/runs.ts SHAPE), the run itself and runs without spans left out, chosen
// from the runs table alone (runs_start_idx). Over them, one query gives per
// tool name the p95 of a call's duration (percentile_cont, as the Tools tab's
// p95: db/tool-stats.ts), the p95 over those runs of its calls per iteration
// (percentile_disc: one real run's rate) and how many runs called it: each
// run's calls are read once through the (run_id, …) index of spans — with
// its stored_month, so a partitioned spans (db/partitions.ts) reads only that
// run's partition — and grouped by tool and run, then by tool. Calls are
// spans of kind tool or llm, as in docs/analysis.md#bottlenecks. A tool
// called in fewer than MIN_BASELINE_RUNS of those runs has no baseline; its
// rate is null under that many runs with iterations. Standard SQL, the same
// on PGlite and Postgres.
// The baselines are memoised per history — its runs and the data_version of
// each (every write to a run bumps it) — so a cached report's request pays
// the small choice, not the sort of its history's calls, and any new write
// to the history is a new history, read again: never a stale baseline.
import { sql } from "drizzle-orm";
import { BASELINE_LAST_RUNS, MIN_BASELINE_RUNS, type ToolBaselines } from "@/lib/schemas/tool-baselines";
import { rowsOf, type Db } from "./client";
import { SHAPE } from "./runs";

type HistoryRun = { run_id: string; stored_month: string; iteration_count: number; data_version: number };
type BaselineRow = {
  tool: string;
  p95_ms: number | string;
  calls_per_iteration_p95: number | string | null;
  runs: number | string;
  iteration_runs: number | string;
};

/** Histories whose baselines a process keeps, per database handle: the least recently used go first. */
const MEMO_HISTORIES = 256;
// On globalThis: Next bundles the routes and the pages apart, and they share the handle.
const globalForBaselines = globalThis as unknown as {
  loopscopeToolBaselines?: WeakMap<Db, Map<string, ToolBaselines>>;
};

/** Per tool name, in name order: its baseline over the team's last runs of the run's shape; {} for an unknown run. */
export async function loadToolBaselines(
  db: Db,
  runId: string,
  { lastRuns = BASELINE_LAST_RUNS }: { lastRuns?: number } = {},
): Promise<ToolBaselines> {
  const history = await chooseHistory(db, runId, lastRuns);
  if (history.length < MIN_BASELINE_RUNS) return {};
  const byDb = (globalForBaselines.loopscopeToolBaselines ??= new WeakMap());
  const memo = byDb.get(db) ?? new Map<string, ToolBaselines>();
  byDb.set(db, memo);
  const key = JSON.stringify(history.map((r) => [r.run_id, r.data_version]));
  const known = memo.get(key);
  memo.delete(key);
  const baselines = known ?? (await readBaselines(db, history));
  memo.set(key, baselines);
  for (const oldest of memo.keys()) {
    if (memo.size <= MEMO_HISTORIES) break;
    memo.delete(oldest);
  }
  return baselines;
}

/** The runs a baseline of `runId` reads, newest first: the runs list's order (runs_start_idx). */
async function chooseHistory(db: Db, runId: string, lastRuns: number): Promise<HistoryRun[]> {
  return rowsOf<HistoryRun>(
    await db.execute(sql`
      SELECT r.run_id, to_char(r.stored_month, 'YYYY-MM-DD') AS stored_month, r.iteration_count, r.data_version
      FROM runs r
      WHERE r.run_id <> ${runId} AND r.span_count > 0
        AND ${SHAPE} = (SELECT ${SHAPE} FROM runs r WHERE r.run_id = ${runId})
      ORDER BY coalesce(r.started_at, r.first_at) DESC, r.run_id
      LIMIT ${lastRuns}`),
  );
}

/** The history's calls, once each: per tool and run (its rate), then per tool (its p95s). */
async function readBaselines(db: Db, history: readonly HistoryRun[]): Promise<ToolBaselines> {
  const runs = sql.join(
    history.map((r) => sql`(${r.run_id}, ${r.stored_month}::date, ${r.iteration_count}::int)`),
    sql`, `,
  );
  const rows = rowsOf<BaselineRow>(
    await db.execute(sql`
      WITH history (run_id, stored_month, iteration_count) AS (VALUES ${runs}),
      per_run AS (
        SELECT s.name, count(*)::float8 / nullif(h.iteration_count, 0) AS per_iteration,
          array_agg(greatest(s.duration_ms, 0)) AS ms
        FROM history h JOIN spans s ON s.run_id = h.run_id AND s.stored_month = h.stored_month
        WHERE s.kind IN ('tool', 'llm')
        GROUP BY s.name, h.run_id, h.iteration_count)
      SELECT p.name AS tool, count(*) AS runs, count(p.per_iteration) AS iteration_runs,
        (percentile_disc(0.95) WITHIN GROUP (ORDER BY p.per_iteration))::float8 AS calls_per_iteration_p95,
        (SELECT (percentile_cont(0.95) WITHIN GROUP (ORDER BY m))::float8
          FROM per_run q, unnest(q.ms) m WHERE q.name = p.name) AS p95_ms
      FROM per_run p GROUP BY p.name HAVING count(*) >= ${MIN_BASELINE_RUNS}`),
  );
  const byName = rows.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  return Object.fromEntries(
    byName.map((r) => [
      r.tool,
      {
        p95_ms: Number(r.p95_ms),
        calls_per_iteration_p95:
          Number(r.iteration_runs) >= MIN_BASELINE_RUNS && r.calls_per_iteration_p95 !== null
            ? Number(r.calls_per_iteration_p95)
            : null,
        runs: Number(r.runs),
      },
    ]),
  );
}
