// db/tool-baselines.ts on PGlite and Postgres (docs/analysis.md#team-baselines):
// a run's tool baselines read the team's last runs of its shape only, never
// the run itself, and a tool called in fewer than three of them has none; the
// server's analysis of a session reads them, and new history is a new report.
import { describe, expect, test } from "vitest";
import { getAnalysis } from "@/app/_server/analysis";
import { loadToolBaselines } from "@/db/tool-baselines";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";
import { serveDatabase } from "./support/route";

const BASE_MS = Date.UTC(2026, 2, 1, 10);
const at = (s: number) => new Date(BASE_MS + s * 1000).toISOString();
const line = (o: object) => JSON.stringify(o);

/** A run of `shape` started `startS` seconds after BASE_MS, with `iterations` and a call per [tool, ms]. */
function runLines(runId: string, shape: string | null, startS: number, iterations: number, calls: [string, number][]) {
  const run = line({ type: "run", run_id: runId, started_at: at(startS), ...(shape ? { shape } : {}) });
  const its = Array.from({ length: iterations }, (_, i) =>
    line({ type: "iteration", run_id: runId, n: i + 1, ts: at(startS + 600 + i) }),
  );
  const spans = calls.map(([name, ms], i) =>
    line({
      type: "span",
      run_id: runId,
      span_id: `s${i}`,
      name,
      t0: at(startS + i * 10),
      t1: at(startS + i * 10 + ms / 1000),
    }),
  );
  return [run, ...its, ...spans];
}

// autonomous h1–h3 (Bash: 2 calls / 2 steps, 4 / 2, 3 / 1; Grep in h1 and h2 only), an older
// autonomous h0, a loop l1 with far slower Bash calls, interactive i1 and i2, the autonomous target t.
const SEED = [
  ...runLines("h0", "autonomous", 0, 1, [["Old", 10]]),
  ...runLines("h1", "autonomous", 100, 2, [
    ["Bash", 1000],
    ["Bash", 2000],
    ["Grep", 10],
  ]),
  ...runLines("h2", "autonomous", 200, 2, [
    ["Bash", 1500],
    ["Bash", 3000],
    ["Bash", 500],
    ["Bash", 700],
    ["Grep", 20],
  ]),
  ...runLines("h3", "autonomous", 300, 1, [
    ["Bash", 2500],
    ["Bash", 4000],
    ["Bash", 100],
  ]),
  ...runLines("l1", null, 400, 1, [
    ["Bash", 60_000],
    ["Bash", 60_000],
    ["Bash", 60_000],
  ]),
  ...runLines("i1", "interactive", 500, 1, [["Bash", 100]]),
  ...runLines("i2", "interactive", 600, 1, [["Bash", 100]]),
  ...runLines("t", "autonomous", 700, 1, [
    ["Bash", 15_000],
    ["Bash", 15_000],
  ]),
].join("\n");

describe.each(targets)("team tool baselines on $name", (target) => {
  const h = serveDatabase(target, (db) => ingestText(db, SEED));

  test("the baseline reads only the runs of the same shape, and not the run itself", async () => {
    // Bash over h1–h3: 100, 500, 700, 1000, 1500, 2000, 2500, 3000, 4000 ms → p95 at rank 7.6: 3 600 ms.
    // Calls per step 1, 2, 3 → the p95 run's rate is 3. l1 (a loop) and t (the run) are not read.
    expect(await loadToolBaselines(h.db, "t", { lastRuns: 3 })).toEqual({
      Bash: { p95_ms: expect.closeTo(3600, 6), calls_per_iteration_p95: 3, runs: 3 },
    });
  });

  test("the last runs by start are read: the run's own calls are in another run's history", async () => {
    // h3's history, newest first: t, h2, h1 (h0 is older). Bash: 500 … 15 000 ms and 2, 2, 1 calls a step.
    const [bash] = Object.values(await loadToolBaselines(h.db, "h3", { lastRuns: 3 }));
    expect(bash).toEqual({ p95_ms: 15_000, calls_per_iteration_p95: 2, runs: 3 });
  });

  test("absent with fewer than 3 runs: a tool of two runs, a shape of two runs, a short history", async () => {
    expect(Object.keys(await loadToolBaselines(h.db, "t"))).toEqual(["Bash"]); // Grep: h1, h2; Old: h0
    expect(await loadToolBaselines(h.db, "i1")).toEqual({});
    expect(await loadToolBaselines(h.db, "t", { lastRuns: 2 })).toEqual({});
    expect(await loadToolBaselines(h.db, "no-such-run")).toEqual({});
  });

  test("a session's analysis reads them, and a new run of its history is a new report", async () => {
    // t's Bash averages 15 s: 4.17× its usual 3.6 s; its run-only peers are none (it is the only tool).
    const first = await getAnalysis(h.db, "t");
    expect(first.bottlenecks[0]?.reasons).toEqual([
      { kind: "slow", avg_ms: 15_000, threshold_ms: 10_800, baseline_ms: 3600, baseline_runs: 3 },
    ]);
    await ingestText(h.db, runLines("h4", "autonomous", 650, 1, [["Bash", 30_000]]).join("\n"));
    const second = await getAnalysis(h.db, "t");
    expect(second.bottlenecks).toEqual([]); // the team's p95 is now far above 5 s
    expect((await getAnalysis(h.db, "l1")).bottlenecks.flatMap((b) => b.reasons)).toEqual([]); // a loop: no baseline
  });
});
