// The runs page gives every listed run without a fresh verdict one before it
// renders: the page's server function is called in-process on a real
// database, then the saved verdicts are read back.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { listRuns } from "@/db/runs";
import RunsPage from "@/app/runs/page";
import { ANALYSIS_VERSION } from "@/lib/analysis/version";
import { RunListQuery } from "@/lib/schemas/api";
import { targets } from "./support/databases";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";
import { useDatabase } from "./support/route";

const verdicts = async (h: DbHandle) => {
  const { runs } = await listRuns(h.db, RunListQuery.parse({}));
  return Object.fromEntries(runs.map((r) => [r.run_id, r.verdict]));
};

describe.each(targets)("runs page verdicts on $name", (target) => {
  let h: DbHandle;

  beforeAll(async () => {
    h = await target.open();
    useDatabase(h);
    await ingestFile(h.db, `${EXAMPLES}/stuck-loop.jsonl`);
    await ingestFile(h.db, `${EXAMPLES}/healthy-run.jsonl`);
  });
  afterAll(async () => {
    await h?.close();
  });

  test("before the page renders no run has a verdict; after, each listed run has the default analysis's", async () => {
    expect(await verdicts(h)).toEqual({ "r-stuck-loop": null, "r-healthy": null });
    await RunsPage({ searchParams: Promise.resolve({}) });
    // Bottlenecks count only slow, failing or repeated tools (docs/analysis.md#bottlenecks):
    // stuck-loop's run_tests, llm_call, http_get and search; its overcalled-only tools are not counted.
    expect(await verdicts(h)).toEqual({
      "r-stuck-loop": {
        tripped: true,
        stagnation_risk: "HIGH",
        bottlenecks: 4,
        halted_at_iteration: 2, // its first stop: the three-layer trip (docs/analysis.md#verdict)
        cost_usd: 1.227261, // its model calls priced at claude-sonnet-4's list prices
      },
      "r-healthy": {
        tripped: false,
        stagnation_risk: "LOW",
        bottlenecks: 2,
        halted_at_iteration: null,
        cost_usd: 0.022004,
      },
    });
  });

  test("new data makes a verdict stale, and the next render refreshes it", async () => {
    await ingestText(
      h.db,
      JSON.stringify({
        type: "span",
        run_id: "r-healthy",
        span_id: "extra",
        name: "http_get",
        t0: 1764496800,
        duration_ms: 5,
        ok: false,
        error: "x",
      }),
    );
    expect((await verdicts(h))["r-healthy"]).toBeNull();
    await RunsPage({ searchParams: Promise.resolve({}) });
    expect((await verdicts(h))["r-healthy"]).toMatchObject({ tripped: false, stagnation_risk: "LOW" });
  });

  test("a verdict made by older analysis rules is stale, so an upgrade recounts the badges", async () => {
    await RunsPage({ searchParams: Promise.resolve({}) });
    expect((await verdicts(h))["r-stuck-loop"]).not.toBeNull();
    await h.db.execute(sql`UPDATE runs SET verdict_rules = ${ANALYSIS_VERSION - 1} WHERE run_id = 'r-stuck-loop'`);
    expect((await verdicts(h))["r-stuck-loop"]).toBeNull();
    await RunsPage({ searchParams: Promise.resolve({}) });
    expect((await verdicts(h))["r-stuck-loop"]).toMatchObject({ bottlenecks: 4, halted_at_iteration: 2 });
  });

  test("only the listed page is analysed: a filtered-out run keeps no verdict", async () => {
    await ingestText(
      h.db,
      JSON.stringify({ type: "span", run_id: "r-other", span_id: "s", name: "search", t0: 1764496800, duration_ms: 5 }),
    );
    await RunsPage({ searchParams: Promise.resolve({ q: "stuck" }) });
    expect((await verdicts(h))["r-other"]).toBeNull();
  });
});
