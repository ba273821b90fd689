// lib/schemas/analysis-report.ts is the contract of the report lib/analysis
// builds with its own types: the two are one type (checked by tsc), and a
// real report — the offline analysis of a small run that makes every part of
// it speak — parses unchanged (an extra key in the report would be stripped,
// a missing or mistyped one would fail).
import { describe, expect, expectTypeOf, test } from "vitest";
import type { z } from "zod";
import { analyzeRun, type AnalysisReport as BuiltReport } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { resolveSettings } from "@/lib/analysis/settings";
import { AnalysisReport } from "@/lib/schemas/analysis-report";
import type { StoredRecord } from "@/lib/schemas/records";
import { makeIteration, makeTask, stuck } from "../analysis/iteration-factories";
import { makeEvent, makeSpan, us } from "../analysis/tool-side-factories";

// minute:   0 ........ 1 .. 2 .. 3 .. 4 .. 5 .. 6 .. 7 .. 8
// tools:    http_get ✗✗✗✗ (breaker opens) · run_tests 20 s (over 15 s) · search ×9 (overcalled)
// loop:     it1 .. it8 stuck on one TypeError, 4 000 tokens each, context filling to 96 %
// events:   3 permission denials · API 500 ×10, a 429, then ok · a failed compaction
function fixture(): StoredRecord[] {
  const tools = [
    ...[0, 1, 2, 3].map((s) => makeSpan({ name: "http_get", at: s, ms: 200, error: "refused" })),
    makeSpan({ name: "run_tests", at: 10, ms: 20_000 }),
    ...Array.from({ length: 9 }, (_, i) => makeSpan({ name: "search", at: 40 + i, ms: 30, kind: "llm" })),
  ];
  const loop = Array.from({ length: 8 }, (_, i) =>
    makeIteration({
      n: i + 1,
      tsUs: us(60 * (i + 1)),
      taskId: "t-1",
      tokensUsed: 4000,
      contextTokens: 25_000 * (i + 1) - 8_000,
      contextWindow: 200_000,
      workKind: "test_fix",
      approach: i % 2 ? "patch" : "retry",
      ...stuck,
    }),
  );
  const events = [
    makeEvent("task_started", 0.5, { taskId: "t-1", detail: "refactor the auth module" }),
    ...[100, 101, 102].map((s) => makeEvent("permission_denied", s, { tool: "Bash" })),
    ...Array.from({ length: 10 }, (_, i) => makeEvent("api_error", 200 + i, { status: 500 })),
    makeEvent("api_error", 210, { status: 429 }),
    makeEvent("api_request", 211),
    makeEvent("compaction_failed", 300),
  ];
  return [...tools, ...loop, ...events, makeTask("t-1", { title: "refactor the auth module" })];
}

async function realReport(): Promise<BuiltReport> {
  return analyzeRun(buildMemoryInput("r", fixture()), resolveSettings({ max_calls_per_hour: 5 }));
}

describe("the AnalysisReport schema", () => {
  test("is the type lib/analysis builds", () => {
    expectTypeOf<z.infer<typeof AnalysisReport>>().toEqualTypeOf<BuiltReport>();
  });

  test("a real report parses unchanged", async () => {
    const report = await realReport();
    const parsed = AnalysisReport.safeParse(report);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(report);
  });

  test("the fixture makes every optional and repeated part of the report appear", async () => {
    const r = await realReport();
    expect(r.bottlenecks.flatMap((b) => b.reasons.map((x) => x.kind)).sort()).toEqual(
      expect.arrayContaining(["failing", "overcalled"]),
    );
    expect(r.tool_breakers.length).toBeGreaterThan(0);
    expect(r.timeouts.length).toBeGreaterThan(0);
    expect(r.layers.events.length).toBeGreaterThan(0);
    expect(r.stagnation.detections.length).toBeGreaterThan(0);
    expect(r.loop_breaker.would_have_halted_at).toBeDefined();
    expect(r.rate_limit.warning_at).toBeDefined();
    expect(r.rate_limit.pause_at).toBeDefined();
    expect(r.token_budget.transitions.length).toBeGreaterThan(0);
    expect(r.permission_breaker.transitions.length).toBeGreaterThan(0);
    expect(r.api_breaker.transitions.length).toBeGreaterThan(0);
    expect(r.context_clear.first_recommended_at).toBeDefined();
    expect(r.context_clear.reasons.length).toBeGreaterThan(0);
  });

  test("a report missing a field or with a mistyped one does not parse", async () => {
    const { loop_breaker: _dropped, ...missing } = await realReport();
    expect(AnalysisReport.safeParse(missing).success).toBe(false);
    const mistyped = { ...(await realReport()), tools: [{ tool: "x", calls: "3" }] };
    expect(AnalysisReport.safeParse(mistyped).success).toBe(false);
  });
});
