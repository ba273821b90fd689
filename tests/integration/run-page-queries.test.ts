// The run page's own queries on both database targets: per-tool p95 by
// percentile_cont (db/tool-stats.ts) and the iterations list
// (db/iterations.ts), on the repository's examples and on a hand-made run.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { listIterations } from "@/db/iterations";
import { getToolP95 } from "@/db/tool-stats";
import { makeIterationFacts } from "@/tests/support/records";
import { targets } from "./support/databases";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";

/** Ten `t` spans of 10..100 ms, a negative-duration one, and an agent container (not a tool). */
const P95_RUN = [
  ...Array.from({ length: 10 }, (_, i) => ({
    type: "span",
    run_id: "r-p95",
    span_id: `s${i}`,
    name: "t",
    t0: 1000 + i,
    duration_ms: (i + 1) * 10,
  })),
  { type: "span", run_id: "r-p95", span_id: "neg", name: "u", t0: 2000, t1: 1999 },
  { type: "span", run_id: "r-p95", span_id: "agent", name: "iteration", kind: "agent", t0: 1000, duration_ms: 5000 },
  { type: "iteration", run_id: "r-p95", n: 2, ts: 1010, files_modified: [] },
  { type: "iteration", run_id: "r-p95", n: 1, ts: 1005 },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

describe.each(targets)("run page queries on $name", (target) => {
  let h: DbHandle;
  let harnessRun: string;

  beforeAll(async () => {
    h = await target.open();
    harnessRun = (await ingestFile(h.db, `${EXAMPLES}/harness-spans.jsonl`)).runs[0] ?? "";
    await ingestFile(h.db, `${EXAMPLES}/stuck-loop.jsonl`);
    await ingestText(h.db, P95_RUN);
  });
  afterAll(async () => {
    await h?.close();
  });

  test("p95 interpolates between ranks like percentile_cont (10..100 ms → 95.5 ms)", async () => {
    const p95 = await getToolP95(h.db, "r-p95");
    expect(p95.t).toBeCloseTo(95.5, 6);
  });

  test("a negative duration counts 0 and container spans (kind agent) are no tool", async () => {
    const p95 = await getToolP95(h.db, "r-p95");
    expect(p95.u).toBe(0);
    expect(p95.iteration).toBeUndefined();
  });

  test("harness spans: one p95 per tool, within each tool's range", async () => {
    const p95 = await getToolP95(h.db, harnessRun);
    expect(Object.keys(p95).sort()).toEqual(["http_get", "run_shell", "search"]);
    expect(p95.run_shell).toBeCloseTo(12.7, 6);
    // 0.1, 249.1, 250.3, 250.5 ms: rank 0.95 × 3 = 2.85 lies between 250.3 and 250.5
    expect(p95.http_get).toBeCloseTo(250.47, 6);
  });

  test("stuck loop: the iteration containers are not tools; run_tests' p95 exceeds its average", async () => {
    const p95 = await getToolP95(h.db, "r-stuck-loop");
    expect(Object.keys(p95).sort()).toEqual([
      "edit_file",
      "http_get",
      "llm_call",
      "read_file",
      "run_shell",
      "run_tests",
      "search",
    ]);
    expect(p95.run_tests).toBeGreaterThan(25_538); // its average (examples/README.md)
  });

  test("an unknown run has no percentiles", async () => {
    expect(await getToolP95(h.db, "nope")).toEqual({});
  });

  test("iterations come ordered by n with their time in µs, absent fields as null, an empty files list kept empty", async () => {
    expect(await listIterations(h.db, "r-p95")).toEqual([
      makeIterationFacts(1, { tsUs: 1005_000_000 }),
      makeIterationFacts(2, { filesModified: [], tsUs: 1010_000_000 }),
    ]);
  });

  test("stuck loop: 30 iterations with their logged facts as numbers", async () => {
    const its = await listIterations(h.db, "r-stuck-loop");
    expect(its).toHaveLength(30);
    expect(its[0]).toEqual({
      n: 1,
      tsUs: expect.any(Number),
      taskId: "t-1",
      filesModified: ["src/auth/session.ts"],
      tests: { passed: 119, failed: 3, skipped: 1 },
      errors: [],
      approach: "reproduce",
      workKind: "test_fix",
      tokensUsed: 9659,
      contextTokens: 31000,
      contextWindow: 200000,
    });
  });
});
