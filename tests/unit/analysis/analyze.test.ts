// docs/api.md: the assembled report — exactly the contract's keys, ISO times,
// the spans read once by tool and once by time — and breakerTripped (the CLI's exit 3).
import { describe, expect, test } from "vitest";
import { analyzeRun, breakerTripped, type AnalysisReport } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { decideVerdict } from "@/lib/analysis/verdict";
import { DEFAULT_SETTINGS, resolveSettings } from "@/lib/analysis/settings";
import type { AnalysisInput } from "@/lib/analysis/types";
import { makeReport, REPORT_KEYS } from "@/tests/support/analysis-report";
import { iso, makeEvent, makeSpan } from "./tool-side-factories";

function sampleInput(): AnalysisInput {
  return buildMemoryInput("r", [
    ...[0, 1, 2, 3].map((at) => makeSpan({ name: "http_get", at, ms: 200, error: "refused" })),
    makeSpan({ name: "run_tests", at: 10, ms: 20_000 }),
    makeEvent("permission_denied", 30),
    makeEvent("api_request", 31),
  ]);
}

describe("analyzeRun", () => {
  test("the report has exactly the docs/api.md keys, in the contract's order", async () => {
    const report = await analyzeRun(sampleInput(), DEFAULT_SETTINGS);
    expect(Object.keys(report)).toEqual(REPORT_KEYS);
    expect(report.run_id).toBe("r");
  });
  test("tool-side findings land under their keys with ISO times and ms durations", async () => {
    const report = await analyzeRun(sampleInput(), DEFAULT_SETTINGS);
    expect(report.tools.map((t) => t.tool)).toEqual(["run_tests", "http_get"]);
    expect(report.tool_breakers).toEqual([
      { tool: "http_get", opened: [{ at: iso(2.2), until: iso(62.2) }], blocked_calls: 1, blocked_ms: 200 },
    ]);
    expect(report.timeouts).toEqual([{ tool: "run_tests", timeout_s: 15, exceeded_calls: 1, excess_ms: 5000 }]);
    expect(report.rate_limit.peak_per_hour).toBe(6); // 5 tool calls + 1 api_request
    expect(report.permission_breaker.denials).toBe(1);
    expect(report.api_breaker.counts.success).toBe(1);
  });
  test("the report echoes the settings actually used", async () => {
    const settings = resolveSettings({ slow_ratio: 1.5 });
    expect((await analyzeRun(sampleInput(), settings)).settings).toEqual(settings);
  });
  test("the spans are read once by tool and once by time, the aggregates once", async () => {
    const input = sampleInput();
    const reads: string[] = [];
    const counted: AnalysisInput = {
      ...input,
      callTotals: (q) => (reads.push("totals"), input.callTotals(q)),
      toolSpans: (hint) => (reads.push("by tool"), input.toolSpans(hint)),
      timedCalls: (rate) => (reads.push("by time"), input.timedCalls(rate)),
    };
    await analyzeRun(counted, DEFAULT_SETTINGS);
    expect([...reads].sort()).toEqual(["by time", "by tool", "totals"]);
  });
  test("an empty run gives an empty, well-formed report", async () => {
    const report = await analyzeRun(buildMemoryInput("empty", []), DEFAULT_SETTINGS);
    expect(report).toMatchObject({
      tools: [],
      bottlenecks: [],
      tool_breakers: [],
      timeouts: [],
      rate_limit: { peak_per_hour: 0, waited_calls: 0, max_wait_ms: 0, extra_duration_ms: 0 },
      permission_breaker: { final_state: "CLOSED" },
      api_breaker: { final_state: "CLOSED" },
    });
  });
});

describe("decideVerdict with the loop defaults (no floor): every finding is the verdict", () => {
  type Trippable = Pick<AnalysisReport, "loop_breaker" | "layers" | "permission_breaker" | "api_breaker">;
  const open = [{ from: "CLOSED" as const, to: "OPEN" as const, at: iso(0) }];
  const calm = (): Trippable => {
    const { loop_breaker, layers, permission_breaker, api_breaker } = makeReport();
    return { loop_breaker, layers, permission_breaker, api_breaker };
  };
  const layerEvent = (kind: "warning" | "trip") => ({
    layer: "iteration" as const,
    kind,
    severity: "MEDIUM" as const,
    value: 100,
    limit: 100,
    at: iso(0),
  });
  test.each<{ name: string; change: (r: Trippable) => void; tripped: boolean }>([
    { name: "nothing happened", change: () => {}, tripped: false },
    { name: "only a layer warning", change: (r) => r.layers.events.push(layerEvent("warning")), tripped: false },
    { name: "a three-layer trip", change: (r) => r.layers.events.push(layerEvent("trip")), tripped: true },
    {
      name: "the loop breaker opened",
      change: (r) => r.loop_breaker.transitions.push({ ...open[0]!, iteration: 3, reason: "same_error" }),
      tripped: true,
    },
    {
      name: "the permission breaker opened",
      change: (r) => r.permission_breaker.transitions.push(...open),
      tripped: true,
    },
    { name: "the API breaker opened", change: (r) => r.api_breaker.transitions.push(...open), tripped: true },
  ])("$name → $tripped", ({ change, tripped }) => {
    const r = calm();
    change(r);
    expect(decideVerdict(r, DEFAULT_SETTINGS).tripped).toBe(tripped);
    expect(breakerTripped({ verdict: decideVerdict(r, DEFAULT_SETTINGS) })).toBe(tripped);
  });
});
