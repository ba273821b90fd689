// Deleting a run while an upload writes to it (docs/api.md#runs): afterwards
// there is no run, or a run whose counts equal its rows — never a run whose
// totals count rows the delete took, or rows its totals miss. Raced through
// the real route handlers, on the real Postgres (two connections at once;
// PGlite runs one statement at a time and is raced too, for the same answer).
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/client";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { DELETE as deleteRun } from "@/app/api/v1/runs/[runId]/route";
import { targets } from "./support/databases";
import { call, serveDatabase } from "./support/route";

const TRIALS = 10;
/** Three batches of 5 000 lines: the delete lands before, between or during their writes. */
const LINES = 12_000;
/** The spans of a 5 000-record batch (the rest are iterations and events). */
const SPANS_PER_BATCH = 4500;

function uploadText(runId: string): string {
  const out: string[] = [];
  for (let i = 0; i < LINES; i += 1) {
    const t = 1_764_496_800 + i;
    if (i % 50 === 0) out.push(JSON.stringify({ type: "iteration", run_id: runId, n: i / 50, ts: t, tokens_used: 10 }));
    else if (i % 37 === 0) out.push(JSON.stringify({ type: "event", run_id: runId, ts: t, kind: "api_request" }));
    else
      out.push(
        JSON.stringify({
          run_id: runId,
          span_id: `s${i}`,
          name: "read_file",
          t0: t,
          t1: t + 0.5,
          ok: i % 7 !== 0,
          tokens_in: 3,
          tokens_out: 2,
          cost_usd: 0.25,
        }),
      );
  }
  return out.join("\n");
}

describe.each(targets)("a run deleted while it receives data on $name", (target) => {
  const h = serveDatabase(target);

  /** The run's totals and what its rows add up to; null when the run is gone. */
  async function totalsAndRows(runId: string) {
    const [row] = rowsOf<Record<string, number | null>>(
      await h.db.execute(sql`SELECT r.span_count::int AS span_count, r.failure_count::int AS failure_count,
        r.iteration_count, r.event_count, r.span_tokens::int AS span_tokens, r.iteration_tokens::int AS iteration_tokens,
        r.cost_usd,
        (SELECT count(*)::int FROM spans s WHERE s.run_id = r.run_id) AS spans,
        (SELECT count(*)::int FROM spans s WHERE s.run_id = r.run_id AND NOT s.ok) AS failures,
        (SELECT count(*)::int FROM iterations i WHERE i.run_id = r.run_id) AS iterations,
        (SELECT count(*)::int FROM events e WHERE e.run_id = r.run_id) AS events,
        (SELECT coalesce(sum(tokens_in + tokens_out), 0)::int FROM spans s WHERE s.run_id = r.run_id) AS tokens,
        (SELECT coalesce(sum(tokens_used), 0)::int FROM iterations i WHERE i.run_id = r.run_id) AS it_tokens,
        (SELECT coalesce(sum(cost_usd), 0) FROM spans s WHERE s.run_id = r.run_id) AS cost
      FROM runs r WHERE r.run_id = ${runId}`),
    );
    return row ?? null;
  }

  /** Wait until the run holds `rows` spans, or the upload is over. */
  async function storedAtLeast(runId: string, rows: number, upload: Promise<unknown>): Promise<void> {
    let done = false;
    void upload.finally(() => (done = true));
    while (!done && rows > 0) {
      const [row] = rowsOf<{ n: number }>(
        await h.db.execute(sql`SELECT count(*)::int AS n FROM spans WHERE run_id = ${runId}`),
      );
      if (Number(row?.n) >= rows) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  async function orphans(runId: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await h.db.execute(sql`SELECT ((SELECT count(*) FROM spans WHERE run_id = ${runId})
        + (SELECT count(*) FROM iterations WHERE run_id = ${runId})
        + (SELECT count(*) FROM events WHERE run_id = ${runId}))::int AS n`),
    );
    return Number(row?.n);
  }

  test(`${TRIALS} uploads raced by a delete: no run, or counts equal to rows`, async () => {
    const outcomes: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const runId = `r-race-${trial}`;
      const upload = call(
        ingest,
        "/api/v1/ingest",
        {},
        {
          method: "POST",
          headers: { "content-type": "application/x-ndjson" },
          body: uploadText(runId),
        },
      );
      // Trials 0–1 delete at once; 2–5 once the first batch is stored, 6–9 once the second is,
      // 0–45 ms later: the delete meets no run, a committed batch, or a batch's transaction in
      // flight (it then waits for the run row that transaction locked, and takes what it wrote).
      await storedAtLeast(runId, trial < 2 ? 0 : trial < 6 ? 1 : SPANS_PER_BATCH + 1, upload);
      await new Promise((resolve) => setTimeout(resolve, ((trial - 2) % 4) * 15));
      const del = await call(deleteRun, `/api/v1/runs/${runId}`, { runId }, { method: "DELETE" });
      const up = await upload;
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect([200, 404]).toContain(del.status);

      const t = await totalsAndRows(runId);
      if (t === null) {
        expect(await orphans(runId)).toBe(0);
        outcomes.push(`gone (delete ${del.status})`);
        continue;
      }
      expect({
        spans: t.span_count,
        failures: t.failure_count,
        iterations: t.iteration_count,
        events: t.event_count,
        tokens: t.span_tokens,
        itTokens: t.iteration_tokens,
      }).toEqual({
        spans: t.spans,
        failures: t.failures,
        iterations: t.iterations,
        events: t.events,
        tokens: t.tokens,
        itTokens: t.it_tokens,
      });
      expect(Number(t.cost_usd)).toBeCloseTo(Number(t.cost), 6);
      outcomes.push(`kept ${t.spans} (delete ${del.status})`);
    }
    console.log(`delete race on ${target.name}: ${outcomes.join(", ")}`);
  });
});
