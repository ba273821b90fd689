// Numbers a run's transcript iterations across its files after an upload
// (docs/import.md#agent-transcripts): reads the run's iterations, plans with
// lib/import/place-iterations.ts, and applies the plan in one transaction —
// drop the rows a newer reading replaces, move every renumbered row to a
// negative number first (the primary key is (run_id, n)), then to its place.
// Then the run's transcript spans follow their iterations: the rule of
// lib/import/place-spans.ts in one statement (a span naming its turn's key
// takes that iteration's number; a span deferring to its parent, a subagent's,
// takes its parent's, up at most 64 parents). Bumps the run's data_version
// when anything moved, so cached analyses are recomputed. Resolves with how
// many iteration rows were dropped: an upload's `stored` does not count a
// re-read iteration as new (docs/api.md#ingest).
import { and, eq, inArray, sql } from "drizzle-orm";
import { planPlacement } from "@/lib/import/place-iterations";
import { parsePgTimestampUs } from "@/lib/time";
import type { Db } from "./client";
import { rowsOf } from "./client";
import type { Tx } from "./ingest-copy";
import { iterations, runs } from "./schema";

/** How many of the run's spans took a new iteration number (lib/import/place-spans.ts). */
async function placeSpans(tx: Tx, runId: string): Promise<number> {
  const moved = rowsOf<{ span_id: string }>(
    await tx.execute(sql`WITH RECURSIVE placed (span_id, iteration, depth) AS (
        SELECT s.span_id, coalesce(i.n, s.iteration), 0
        FROM spans s
        LEFT JOIN iterations i ON i.run_id = s.run_id AND i.attrs->>'source_key' = s.meta->>'iteration_key'
        WHERE s.run_id = ${runId}
          AND coalesce(s.meta->>'iteration_from', '') <> 'parent'
          AND (s.meta->>'iteration_key' IS NOT NULL OR s.span_id IN (
            SELECT c.parent_id FROM spans c WHERE c.run_id = ${runId} AND c.meta->>'iteration_from' = 'parent'))
        UNION ALL
        SELECT c.span_id, p.iteration, p.depth + 1
        FROM placed p JOIN spans c ON c.run_id = ${runId} AND c.parent_id = p.span_id
        WHERE c.meta->>'iteration_from' = 'parent' AND p.depth < 64
      )
      UPDATE spans SET iteration = placed.iteration
      FROM placed
      WHERE spans.run_id = ${runId} AND spans.span_id = placed.span_id
        AND placed.iteration IS NOT NULL AND spans.iteration IS DISTINCT FROM placed.iteration
      RETURNING spans.span_id`),
  );
  return moved.length;
}

export async function placeIterations(db: Db, runIds: readonly string[]): Promise<number> {
  let droppedRows = 0;
  for (const runId of runIds) {
    droppedRows += await db.transaction(async (tx) => {
      const rows = await tx
        .select({ n: iterations.n, ts: iterations.ts, key: sql<string | null>`${iterations.attrs}->>'source_key'` })
        .from(iterations)
        .where(eq(iterations.runId, runId))
        .for("update");
      const plan = planPlacement(rows.map((r) => ({ n: r.n, tsUs: parsePgTimestampUs(r.ts), sourceKey: r.key })));
      let dropped = { count: 0, tokens: 0 };
      if (plan.drop.length > 0) {
        const gone = await tx
          .delete(iterations)
          .where(and(eq(iterations.runId, runId), inArray(iterations.n, plan.drop)))
          .returning({ tokens: iterations.tokensUsed });
        dropped = { count: gone.length, tokens: gone.reduce((sum, r) => sum + (r.tokens ?? 0), 0) };
      }
      if (plan.moves.length > 0) {
        const toNegative = plan.moves.map((m) => ({ a: m.from, b: -m.to }));
        const toPlace = plan.moves.map((m) => ({ a: -m.to, b: m.to }));
        for (const pairs of [toNegative, toPlace]) {
          await tx.execute(sql`UPDATE iterations SET n = m.b
            FROM json_to_recordset(${JSON.stringify(pairs)}::json) AS m(a int, b int)
            WHERE iterations.run_id = ${runId} AND iterations.n = m.a`);
        }
      }
      const spansMoved = await placeSpans(tx, runId);
      if (plan.drop.length === 0 && plan.moves.length === 0 && spansMoved === 0) return 0;
      await tx
        .update(runs)
        .set({
          dataVersion: sql`${runs.dataVersion} + 1`,
          iterationCount: sql`${runs.iterationCount} - ${dropped.count}`,
          iterationTokens: sql`${runs.iterationTokens} - ${dropped.tokens}`,
        })
        .where(eq(runs.runId, runId));
      return dropped.count;
    });
  }
  return droppedRows;
}
