// A call stored without its result — an importer's `no result (interrupted)`
// placeholder, from a transcript copied while the call ran — gives way to the same
// call with its result, in either order of upload (lib/ingest/span-precedence.ts),
// on PGlite and Postgres: the span, the run's totals and the analysis say it
// worked. Any other duplicate still keeps the first record.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getAnalysis } from "@/app/_server/analysis";
import { rowsOf, type Db } from "@/db/client";
import { openForSuite, targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const span = (runId: string, fields: Record<string, unknown>) =>
  `${JSON.stringify({ run_id: runId, span_id: "toolu_1", name: "Bash", t0: "2026-01-14T19:26:41Z", ...fields })}\n`;
const PLACEHOLDER = { t1: "2026-01-14T19:26:41Z", ok: false, error: "no result (interrupted)" };
const ANSWERED = { t1: "2026-01-14T19:26:45Z", ok: true, output: "3 passed" };

async function stored(db: Db, runId: string) {
  const spans = rowsOf<{ ok: boolean; error: string; output: string | null }>(
    await db.execute(sql`SELECT ok, error, output FROM spans WHERE run_id = ${runId}`),
  );
  const [run] = rowsOf<{ span_count: number; failure_count: number }>(
    await db.execute(sql`SELECT span_count, failure_count FROM runs WHERE run_id = ${runId}`),
  );
  return { spans, counts: { spans: Number(run?.span_count), failures: Number(run?.failure_count) } };
}

describe.each(targets)("a placeholder for a missing result on $name", (target) => {
  const h = openForSuite(target);

  test.each([
    ["the placeholder first", "r-ph-first", [PLACEHOLDER, ANSWERED]],
    ["the answered call first", "r-ph-last", [ANSWERED, PLACEHOLDER]],
    ["both in one upload", "r-ph-one", null],
  ] as const)("%s: the call is stored answered, once, and counted as no failure", async (_, runId, order) => {
    if (order) for (const fields of order) await ingestText(h.db, span(runId, fields));
    else await ingestText(h.db, span(runId, PLACEHOLDER) + span(runId, ANSWERED));
    expect(await stored(h.db, runId)).toEqual({
      spans: [{ ok: true, error: "", output: "3 passed" }],
      counts: { spans: 1, failures: 0 },
    });
    const report = await getAnalysis(h.db, runId);
    expect(report.tools.find((t) => t.tool === "Bash")).toMatchObject({ calls: 1, failures: 0 });
  });

  test("any other duplicate keeps the first record: two real failures, or a real failure over a placeholder", async () => {
    await ingestText(h.db, span("r-ph-real", { ok: false, error: "exit 1" }));
    await ingestText(h.db, span("r-ph-real", { ok: false, error: "exit 2" }));
    await ingestText(h.db, span("r-ph-real", PLACEHOLDER));
    expect(await stored(h.db, "r-ph-real")).toEqual({
      spans: [{ ok: false, error: "exit 1", output: null }],
      counts: { spans: 1, failures: 1 },
    });
  });
});
