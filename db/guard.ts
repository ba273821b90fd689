// A run's live guard in the database (docs/guard.md): its mode and state,
// written by compare-and-set on `version` so two replicas deciding for one
// run never lose a step (the loser reads again and redoes it), and the
// decisions that were not "continue", in order. A state row that no longer
// parses (another version wrote it) reads as none: the guard starts afresh
// rather than trust it. Times as float epoch microseconds, as elsewhere.
import { sql } from "drizzle-orm";
import { GuardState, type GuardDecisionRow, type GuardLog, type GuardMode } from "@/lib/schemas/guard";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";

export type StoredGuard = { mode: GuardMode; state: GuardState | null; version: number };

const parseJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

export async function readGuard(db: Db, runId: string): Promise<StoredGuard | null> {
  const [row] = rowsOf<{ mode: string; state: unknown; version: number }>(
    await db.execute(sql`SELECT mode, state, version FROM guard_runs WHERE run_id = ${runId}`),
  );
  if (!row) return null;
  const state = GuardState.safeParse(parseJson(row.state));
  return {
    mode: row.mode === "enforce" ? "enforce" : "observe",
    state: state.success ? state.data : null,
    version: row.version,
  };
}

/**
 * Write the state if nobody wrote it since `version` was read (null: there
 * was no row). False: another writer won; read again and redo the step.
 */
export async function writeGuard(
  db: Db,
  runId: string,
  next: { mode: GuardMode; state: GuardState },
  version: number | null,
): Promise<boolean> {
  const state = JSON.stringify(next.state);
  const result =
    version === null
      ? await db.execute(sql`INSERT INTO guard_runs (run_id, mode, state, version)
          VALUES (${runId}, ${next.mode}, ${state}::jsonb, 1) ON CONFLICT (run_id) DO NOTHING RETURNING version`)
      : await db.execute(sql`UPDATE guard_runs SET mode = ${next.mode}, state = ${state}::jsonb,
          version = version + 1, updated_at = now() WHERE run_id = ${runId} AND version = ${version} RETURNING version`);
  return rowsOf(result).length === 1;
}

/** Set the mode of a run's guard, keeping its state (a run with no guard yet gets one with an empty state). */
export async function setGuardMode(db: Db, runId: string, mode: GuardMode, empty: GuardState): Promise<void> {
  await db.execute(sql`INSERT INTO guard_runs (run_id, mode, state, version)
    VALUES (${runId}, ${mode}, ${JSON.stringify(empty)}::jsonb, 1)
    ON CONFLICT (run_id) DO UPDATE SET mode = excluded.mode, version = guard_runs.version + 1, updated_at = now()`);
}

/** Append decisions after the run's last one, in one statement. */
export async function appendGuardDecisions(db: Db, runId: string, rows: readonly GuardDecisionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r, i) => sql`(${runId}::text, ${i}::int, ${r.at}::timestamptz, ${r.decision}::text, ${r.enforced}::boolean,
        ${r.breaker}::text, ${r.reason}::text, ${r.would_save === null ? null : JSON.stringify(r.would_save)}::jsonb)`,
    ),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO guard_decisions (run_id, seq, at, decision, enforced, breaker, reason, would_save)
    SELECT v.run_id, coalesce((SELECT max(seq) FROM guard_decisions WHERE run_id = ${runId}), 0) + v.i + 1,
      v.at, v.decision, v.enforced, v.breaker, v.reason, v.would_save
    FROM (VALUES ${values}) AS v(run_id, i, at, decision, enforced, breaker, reason, would_save)`);
}

type DecisionRow = {
  at_us: number;
  decision: GuardDecisionRow["decision"];
  enforced: boolean;
  breaker: GuardDecisionRow["breaker"];
  reason: string;
  would_save: unknown;
};

/** The run's decisions in order, at most `limit` (the first ones: where the guard first spoke). */
export async function listGuardDecisions(db: Db, runId: string, limit = 200): Promise<GuardDecisionRow[]> {
  const rows = rowsOf<DecisionRow>(
    await db.execute(sql`SELECT (extract(epoch from at) * 1000000)::float8 AS at_us, decision, enforced, breaker,
      reason, would_save FROM guard_decisions WHERE run_id = ${runId} ORDER BY seq LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    at: formatTimeUs(Number(r.at_us)),
    decision: r.decision,
    enforced: r.enforced,
    breaker: r.breaker,
    reason: r.reason,
    would_save: (parseJson(r.would_save) as GuardDecisionRow["would_save"]) ?? null,
  }));
}

/** The run's guard as GET …/guard and the run page read it; null when the run has none. */
export async function readGuardLog(db: Db, runId: string): Promise<GuardLog | null> {
  const guard = await readGuard(db, runId);
  if (!guard) return null;
  return {
    mode: guard.mode,
    halt: guard.state?.halt ?? null,
    turns: guard.state?.turns ?? 0,
    decisions: await listGuardDecisions(db, runId),
  };
}
