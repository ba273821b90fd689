// Numbers a run's transcript iterations across its files after an upload
// (docs/import.md#agent-transcripts): reads the run's iterations, plans with
// lib/import/place-iterations.ts, and applies the plan in one transaction —
// drop the rows a newer reading replaces, move every renumbered row to a
// negative number first (the primary key is (run_id, n)), then to its place.
// Bumps the run's data_version so cached analyses are recomputed. Resolves with
// how many rows were dropped: an upload's `stored` does not count a re-read
// iteration as new (docs/api.md#ingest).
import { and, eq, inArray, sql } from "drizzle-orm";
import { planPlacement } from "@/lib/import/place-iterations";
import { parsePgTimestampUs } from "@/lib/time";
import type { Db } from "./client";
import { iterations, runs } from "./schema";

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
      if (plan.drop.length === 0 && plan.moves.length === 0) return 0;
      let dropped = { count: 0, tokens: 0 };
      if (plan.drop.length > 0) {
        const gone = await tx
          .delete(iterations)
          .where(and(eq(iterations.runId, runId), inArray(iterations.n, plan.drop)))
          .returning({ tokens: iterations.tokensUsed });
        dropped = { count: gone.length, tokens: gone.reduce((sum, r) => sum + (r.tokens ?? 0), 0) };
      }
      const toNegative = plan.moves.map((m) => ({ a: m.from, b: -m.to }));
      const toPlace = plan.moves.map((m) => ({ a: -m.to, b: m.to }));
      for (const pairs of [toNegative, toPlace]) {
        await tx.execute(sql`UPDATE iterations SET n = m.b
          FROM json_to_recordset(${JSON.stringify(pairs)}::json) AS m(a int, b int)
          WHERE iterations.run_id = ${runId} AND iterations.n = m.a`);
      }
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
