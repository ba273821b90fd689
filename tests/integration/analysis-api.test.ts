import { describe, expect, test } from "vitest";
import { getRun } from "@/db/runs";
import { GET as analysisRoute } from "@/app/api/v1/runs/[runId]/analysis/route";
import { getAnalysis } from "@/app/_server/analysis";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { REPORT_KEYS } from "@/tests/support/analysis-report";
import { targets } from "./support/databases";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

describe.each(targets)("GET /api/v1/runs/{id}/analysis on $name", (target) => {
  let harnessRun: string;
  const h = serveDatabase(target, async (db) => {
    harnessRun = (await ingestFile(db, `${EXAMPLES}/harness-spans.jsonl`)).runs[0] ?? "";
    await ingestFile(db, `${EXAMPLES}/stuck-loop.jsonl`);
    await ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`);
  });
  const analysis = async (runId: string, query = "") => {
    const res = await call(analysisRoute, `/api/v1/runs/${runId}/analysis${query}`, { runId });
    return res as { status: number; body: AnalysisReport & { error?: { message: string } } };
  };

  test("harness spans, defaults: http_get is the only bottleneck, failing not slow", async () => {
    const { status, body } = await analysis(harnessRun);
    expect(status).toBe(200);
    expect(body.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ["http_get", 4, 4],
      ["search", 2, 0],
      ["run_shell", 1, 0],
    ]);
    expect(body.bottlenecks.map((b) => [b.tool, b.reasons.map((r) => r.kind)])).toEqual([["http_get", ["failing"]]]);
    expect(body.tool_breakers).toMatchObject([{ tool: "http_get", blocked_calls: 1 }]);
    expect(body.tool_breakers[0]?.opened).toHaveLength(1);
    expect(body.loop_breaker.final_state).toBe("CLOSED");
    expect(body.layers.status).toBe("NORMAL");
    expect(body.context_clear.decision).toBe("keep");
  });

  test("harness spans with slow_ratio=1.5: http_get is slow and failing, and the report echoes it", async () => {
    const { body } = await analysis(harnessRun, "?slow_ratio=1.5");
    expect(body.bottlenecks.map((b) => [b.tool, b.reasons.map((r) => r.kind)])).toEqual([
      ["http_get", ["slow", "failing"]],
    ]);
    expect(body.settings.slow_ratio).toBe(1.5);
  });

  test("stuck loop: the breakers, detections, halt and savings of examples/README.md", async () => {
    const { body } = await analysis("r-stuck-loop");
    expect(body.tools.map((t) => t.tool)).toEqual([
      "run_tests",
      "llm_call",
      "run_shell",
      "http_get",
      "search",
      "edit_file",
      "read_file",
    ]);
    const httpGet = body.tool_breakers.find((b) => b.tool === "http_get");
    expect(httpGet?.opened).toHaveLength(8);
    expect(httpGet?.blocked_calls).toBe(16);
    expect(body.timeouts.find((t) => t.tool === "run_tests")?.exceeded_calls).toBe(45);
    const firstAt = Object.fromEntries(body.stagnation.detections.map((d) => [d.detector, d.at_iteration]));
    expect(firstAt).toMatchObject({
      negative_window: 11,
      circular: 12,
      same_error: 13,
      test_fix_loop: 13,
      permission_denials: 15,
    });
    expect(firstAt.no_progress).toBeUndefined();
    expect(body.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 11, reason: "negative_window" });
    expect(body.loop_breaker.final_state).toBe("OPEN");
    expect(body.loop_breaker.savings).toMatchObject({ iterations: 18, tokens: 141633, cost_usd: 0.713595 });
    // Each iteration carries its tokens and their cost; the saved ones add up to the savings.
    const its = body.token_budget.iterations as { n: number; tokens: number | null; cost_usd: number | null }[];
    const saved = its.filter((i) => (i.n >= 12 && i.n <= 26) || i.n >= 28);
    expect(saved.reduce((sum, i) => sum + (i.tokens ?? 0), 0)).toBe(141633);
    expect(saved.reduce((sum, i) => sum + (i.cost_usd ?? 0), 0)).toBeCloseTo(0.713595, 5);
    expect(body.layers).toMatchObject({ status: "TRIGGERED", action: "BLOCKER_ESCALATION" });
    expect(body.context_clear.decision).toBe("clear");
    expect(body.context_clear.first_recommended_at?.iteration).toBe(12);
  });

  test("healthy run: nothing fires, every iteration LOW", async () => {
    const { body } = await analysis("r-healthy");
    expect(body.stagnation.detections).toEqual([]);
    expect(body.stagnation.iterations.every((i) => i.risk === "LOW")).toBe(true);
    expect(body.loop_breaker.final_state).toBe("CLOSED");
    expect(body.layers).toMatchObject({ status: "NORMAL", action: "NONE" });
    expect(body.context_clear.decision).toBe("keep");
  });

  test("an invalid threshold is a 400 naming the parameter", async () => {
    const { status, body } = await analysis("r-healthy", "?fail_max=-2");
    expect(status).toBe(400);
    expect(body.error?.message).toBe("fail_max must be > 0");
    const unknown = await analysis("r-healthy", "?bogus=1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe('unknown setting "bogus"');
  });

  test("an unknown run is a 404", async () => {
    expect((await analysis("r-nope")).status).toBe(404);
  });

  test("the run's config overrides the defaults, and the query overrides the config", async () => {
    await ingestText(
      h.db,
      '{"type":"run","run_id":"r-cfg","config":{"overcall_calls":2}}\n{"run_id":"r-cfg","name":"a","t0":1,"t1":1.01}\n{"run_id":"r-cfg","name":"a","t0":2,"t1":2.01}\n',
    );
    expect((await analysis("r-cfg")).body.bottlenecks.map((b) => b.tool)).toEqual(["a"]);
    expect((await analysis("r-cfg", "?overcall_calls=3")).body.bottlenecks).toEqual([]);
  });

  test("the cached report is replaced when the run receives new records", async () => {
    const before = await analysis("r-cfg");
    expect(before.body.tools[0]?.calls).toBe(2);
    await ingestText(h.db, '{"run_id":"r-cfg","name":"a","t0":3,"t1":3.01}\n');
    expect((await analysis("r-cfg")).body.tools[0]?.calls).toBe(3);
    // The verdict is saved with the report; `a` is only overcalled, which the badge does not count.
    expect((await getRun(h.db, "r-cfg"))?.verdict).toMatchObject({ bottlenecks: 0 });
  });

  test("two requests for the same uncached report share one computation", async () => {
    await ingestText(h.db, '{"run_id":"r-flight","name":"a","t0":1,"t1":2}\n');
    const [a, b] = await Promise.all([getAnalysis(h.db, "r-flight"), getAnalysis(h.db, "r-flight")]);
    expect(a).toBe(b);
  });

  test("a request made after a write never joins a computation of the data before it", async () => {
    const span = (t: number) => `{"run_id":"r-live","name":"a","t0":${t},"t1":${t + 0.5}}\n`;
    const asked: Promise<AnalysisReport>[] = [];
    for (let calls = 1; calls <= 6; calls++) {
      await ingestText(h.db, span(calls));
      asked.push(getAnalysis(h.db, "r-live")); // left running while the next span lands
    }
    const callsSeen = (await Promise.all(asked)).map((report) => report.tools[0]?.calls ?? 0);
    for (const [i, calls] of callsSeen.entries()) expect(calls, `request ${i + 1}`).toBeGreaterThanOrEqual(i + 1);
    expect((await getAnalysis(h.db, "r-live")).tools[0]?.calls).toBe(6);
    expect((await getRun(h.db, "r-live"))?.verdict).not.toBeNull();
  });

  test("a report read back from the cache keeps the docs/api.md key order", async () => {
    await analysis("r-healthy");
    const { body } = await analysis("r-healthy");
    expect(Object.keys(body)).toEqual(REPORT_KEYS);
    expect(Object.keys(body.tools[0] ?? {})).toEqual([
      "tool",
      "calls",
      "failures",
      "total_ms",
      "avg_ms",
      "fail_rate",
      "cost_usd",
    ]);
  });
});
