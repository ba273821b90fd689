// Read back what the OTLP receiver stored, through the same db/ queries the
// API serves from (runs, spans, analysis) plus raw counts of events by kind.
import { sql } from "drizzle-orm";
import { getAnalysis } from "@/app/_server/analysis";
import { rowsOf, type Db } from "@/db/client";
import { getRun } from "@/db/runs";
import { listSpans } from "@/db/spans";

export async function readRun(db: Db, runId: string) {
  const run = await getRun(db, runId);
  const { spans } = await listSpans(db, runId, { limit: 1000 });
  const events = rowsOf<{ kind: string; n: number }>(
    await db.execute(
      sql`SELECT kind, count(*)::int AS n FROM events WHERE run_id = ${runId} GROUP BY kind ORDER BY kind`,
    ),
  );
  return { run, spans, events: Object.fromEntries(events.map((e) => [e.kind, Number(e.n)])) };
}

export function analysisOf(db: Db, runId: string) {
  return getAnalysis(db, runId);
}

/** Spans without their run-specific parts, to compare two runs fed the same data. */
export function spanFacts(spans: Awaited<ReturnType<typeof readRun>>["spans"]) {
  return spans.map((s) => ({
    span_id: s.span_id,
    parent_id: s.parent_id,
    name: s.name,
    kind: s.kind,
    t0: s.t0,
    t1: s.t1,
    ok: s.ok,
    error: s.error,
    tokens_in: s.tokens_in,
    tokens_out: s.tokens_out,
  }));
}
