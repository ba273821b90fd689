// Per-tool duration percentiles for the tools tab (docs/dashboard.md: "p95"), which the
// docs/analysis.md#bottlenecks aggregates do not carry. percentile_cont over duration_ms per tool
// name, spans of kind tool/llm as in docs/analysis.md#bottlenecks, a negative duration counting 0.
// Standard SQL, so the same on PGlite and Postgres; it sorts each tool's
// durations (O(spans log spans) in the database, O(tools) rows out), reading
// spans by the (run_id, name, t0) index.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";

/** p95 duration in ms by tool name (linear interpolation between ranks). */
export async function getToolP95(db: Db, runId: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ tool: string; p95_ms: number | string | null }>(
    await db.execute(sql`SELECT name AS tool,
        (percentile_cont(0.95) WITHIN GROUP (ORDER BY greatest(duration_ms, 0)))::float8 AS p95_ms
      FROM spans WHERE run_id = ${runId} AND kind IN ('tool', 'llm')
      GROUP BY name`),
  );
  const out: Record<string, number> = {};
  for (const r of rows) if (r.p95_ms != null) out[r.tool] = Number(r.p95_ms);
  return out;
}
