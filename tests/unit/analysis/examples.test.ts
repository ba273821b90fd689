// The tool-side findings of the repository's examples (examples/README.md),
// with default settings unless a case says otherwise: tools and bottlenecks,
// tool breakers, timeouts, rate limit, permission and API breakers
// (docs/analysis.md). The files come from scripts/examples.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { analyzeRun, breakerTripped, type AnalysisReport } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS, resolveSettings, type AnalysisSettings } from "@/lib/analysis/settings";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { mapLogsRequest } from "@/lib/otlp/logs";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "@/lib/otlp/model";
import { mapTraceRequest } from "@/lib/otlp/traces";
import type { OtlpWireRecord } from "@/lib/otlp/wire";
import type { StoredRecord } from "@/lib/schemas/records";
import { loadSample } from "./tool-side-factories";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");
const analyzeExample = (file: string, runId: string, s: AnalysisSettings = DEFAULT_SETTINGS): Promise<AnalysisReport> =>
  analyzeRun(buildMemoryInput(runId, loadSample(path.join(EXAMPLES, file), runId)), s);
const kinds = (r: AnalysisReport) =>
  Object.fromEntries(r.bottlenecks.map((b) => [b.tool, b.reasons.map((x) => x.kind)]));

describe("harness-spans.jsonl (7 bare spans)", () => {
  // http_get ✗ ✗ ✗ ⊘(熔断中, 0.1 ms) · search · run_shell · search
  const report = () => analyzeExample("harness-spans.jsonl", "h");

  test("tool table by total_ms, with exact averages", async () => {
    const r = await report();
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures, t.avg_ms])).toEqual([
      ["http_get", 4, 4, 187.5],
      ["search", 2, 0, 62.6],
      ["run_shell", 1, 0, 12.7],
    ]);
  });
  test("defaults: only http_get is a bottleneck, failing and not slow (187.5 ms < 3 × 62.6 ms)", async () => {
    expect(kinds(await report())).toEqual({ http_get: ["failing"] });
  });
  test("slow_ratio=1.5: http_get is slow and failing", async () => {
    const r = await analyzeExample("harness-spans.jsonl", "h", resolveSettings({ slow_ratio: 1.5 }));
    expect(kinds(r)).toEqual({ http_get: ["slow", "failing"] });
    expect(r.bottlenecks[0]?.reasons[0]).toMatchObject({ threshold_ms: expect.closeTo(93.9, 6) });
  });
  test("http_get's breaker opens once, when the 3rd failure ends, and blocks the short-circuited 4th call", async () => {
    const r = await report();
    expect(r.tool_breakers).toEqual([
      {
        tool: "http_get",
        opened: [{ at: "2026-02-03T09:00:00.756900Z", until: "2026-02-03T09:01:00.756900Z" }],
        blocked_calls: 1,
        blocked_ms: 0.1,
      },
    ]);
  });
  test("no timeouts, no permission or API activity", async () => {
    const r = await report();
    expect(r.timeouts).toEqual([]);
    expect(r.permission_breaker.final_state).toBe("CLOSED");
    expect(r.api_breaker.final_state).toBe("CLOSED");
  });
});

describe("stuck-loop.jsonl (r-stuck-loop)", () => {
  const report = () => analyzeExample("stuck-loop.jsonl", "r-stuck-loop");

  test("tools by total_ms, the iteration containers not counted", async () => {
    const r = await report();
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ["run_tests", 51, 0],
      ["llm_call", 49, 4],
      ["run_shell", 61, 5],
      ["http_get", 84, 55],
      ["search", 52, 0],
      ["edit_file", 47, 0],
      ["read_file", 50, 0],
    ]);
  });
  test("bottlenecks: run_tests and llm_call slow + overcalled, http_get failing + overcalled, search overcalled + repeated, the rest overcalled", async () => {
    expect(kinds(await report())).toEqual({
      run_tests: ["slow", "overcalled"],
      llm_call: ["slow", "overcalled"],
      run_shell: ["overcalled"],
      http_get: ["failing", "overcalled"],
      search: ["overcalled", "repeated"],
      edit_file: ["overcalled"],
      read_file: ["overcalled"],
    });
  });
  test("identical calls: from the halt on every search is the same query; the 5th comes in 14, where repeated_call fires", async () => {
    const r = await report();
    const input = `{"limit":10,"query":"Cannot read properties of undefined (reading 'id') session.ts"}`;
    expect(r.repeated_calls).toEqual([
      { tool: "search", input, calls: 32, first_at: "2026-02-03T10:21:01.728194Z", iteration: 14 },
    ]);
    expect(r.bottlenecks.find((b) => b.tool === "search")?.reasons.at(-1)).toEqual({
      kind: "repeated",
      calls: 32,
      input,
    });
    expect(r.stagnation.detections.find((d) => d.detector === "repeated_call")).toEqual({
      detector: "repeated_call",
      at_iteration: 14,
      detail: `search called 5 times with the same input among 10 calls: ${input}`,
    });
    // after the halt: the loop breaker's story (OPEN at 11 for negative_window) does not move
    expect(r.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 11, reason: "negative_window" });
    expect(r.stagnation.iterations.find((i) => i.n === 12)?.signals).toContain(
      `repeated_call one step from firing: search called 3 times with the same input among 10 calls: ${input}`,
    );
  });
  test("http_get's breaker opens 8 times and blocks 16 calls; no other tool's opens", async () => {
    const r = await report();
    expect(r.tool_breakers.map((b) => [b.tool, b.opened.length, b.blocked_calls])).toEqual([["http_get", 8, 16]]);
    expect(r.tool_breakers[0]?.opened[0]?.at).toBe("2026-02-03T10:19:02.760645Z");
  });
  test("run_tests exceeds its 15 s default timeout 45 times", async () => {
    const r = await report();
    expect(r.timeouts.map((t) => [t.tool, t.timeout_s, t.exceeded_calls])).toEqual([["run_tests", 15, 45]]);
  });
  test("three denials in a row open the permission breaker; 5 minutes later it goes HALF_OPEN by time and ends HALF_OPEN", async () => {
    // no permission event after the 3rd denial (10:21:27.215): HALF_OPEN by time at 10:26:27.215;
    // the run's last record (10:50:50.157) comes after it
    const r = await report();
    expect(r.permission_breaker).toEqual({
      transitions: [
        { from: "CLOSED", to: "OPEN", at: "2026-02-03T10:21:27.214806Z" },
        { from: "OPEN", to: "HALF_OPEN", at: "2026-02-03T10:26:27.214806Z" },
      ],
      final_state: "HALF_OPEN",
      denials: 3,
      grants: 1,
    });
  });
  test("24 API errors: 16 retryable (529) and 8 backoff (429); the API breaker opens at the 10th and ends OPEN", async () => {
    // the last reopening is at 10:50:34.157; its cooldown would end at 10:51:34.157, after the run's last record (10:50:50.157)
    const r = await report();
    expect(r.api_breaker.counts).toEqual({ success: 0, retryable: 16, backoff: 8, non_retryable: 0 });
    expect(r.api_breaker.transitions.at(-1)).toEqual({
      from: "HALF_OPEN",
      to: "OPEN",
      at: "2026-02-03T10:50:34.156864Z",
    });
    expect(r.api_breaker.transitions[0]).toEqual({ from: "CLOSED", to: "OPEN", at: "2026-02-03T10:29:16.901815Z" });
    expect(r.api_breaker.transitions).toHaveLength(9);
    expect(r.api_breaker.final_state).toBe("OPEN");
  });
  test("429 back-off: each 429 stands alone (two 529s before it, minutes before the next call): no early retry, no call after give-up", async () => {
    expect((await report()).api_breaker.backoff_429).toEqual({ max_streak: 1, early_retries: 0, after_give_up: 0 });
  });
  test("rate limit: 49 llm calls, far from 100 an hour", async () => {
    expect((await report()).rate_limit).toEqual({
      peak_per_hour: 49,
      waited_calls: 0,
      max_wait_ms: 0,
      extra_duration_ms: 0,
    });
  });
});

describe("healthy-run.jsonl (r-healthy)", () => {
  const report = () => analyzeExample("healthy-run.jsonl", "r-healthy");

  test("bottlenecks still exist: run_tests and llm_call slow + overcalled, every other tool overcalled", async () => {
    expect(kinds(await report())).toEqual({
      run_tests: ["slow", "overcalled"],
      llm_call: ["slow", "overcalled"],
      run_shell: ["overcalled"],
      http_get: ["overcalled"],
      search: ["overcalled"],
      edit_file: ["overcalled"],
      read_file: ["overcalled"],
    });
  });
  test("no tool breaker opens, no call runs past its timeout, no permission or API breaker activity", async () => {
    const r = await report();
    expect(r.tools.map((t) => t.failures).reduce((a, b) => a + b, 0)).toBe(6);
    expect(r.tool_breakers).toEqual([]);
    expect(r.timeouts).toEqual([]);
    expect(r.permission_breaker.transitions).toEqual([]);
    expect(r.api_breaker.transitions).toEqual([]);
  });
});

/** An OTLP example mapped to records, stored through the ingest pipeline, analysed. */
async function analyzeOtlpExample(file: string, runId: string): Promise<AnalysisReport> {
  const body = JSON.parse(readFileSync(path.join(EXAMPLES, "otlp", file), "utf8")) as unknown;
  const wire: OtlpWireRecord[] =
    file === "traces.json"
      ? mapTraceRequest(ExportTraceServiceRequest.parse(body)).records
      : mapLogsRequest(ExportLogsServiceRequest.parse(body)).records;
  async function* items() {
    for (const [i, value] of wire.entries()) yield { lineNo: i + 1, value };
  }
  const stored: StoredRecord[] = [];
  const result = await ingestItems(items(), { writeBatch: async (batch) => void stored.push(...batch) });
  expect(result.rejected).toBe(0);
  return analyzeRun(buildMemoryInput(runId, stored), DEFAULT_SETTINGS);
}

describe("otlp/ examples, received and analysed", () => {
  test("traces.json: two tool calls under the agent span; run_tests failed and ran 4 ms past its 15 s timeout", async () => {
    const r = await analyzeOtlpExample("traces.json", "conv-example-0001");
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ["run_tests", 1, 1],
      ["read_file", 1, 0],
    ]);
    expect(r.timeouts).toEqual([{ tool: "run_tests", timeout_s: 15, exceeded_calls: 1, excess_ms: 4 }]);
    expect(r.bottlenecks).toEqual([]);
  });
  test("logs-claude-code.json: a failed Bash call 8 ms past 15 s, one denial, one 429", async () => {
    const r = await analyzeOtlpExample("logs-claude-code.json", "5f0c6a1e-3b7d-4e2a-9c81-7d2e4b6a9f30");
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([["Bash", 1, 1]]);
    expect(r.timeouts).toEqual([{ tool: "Bash", timeout_s: 15, exceeded_calls: 1, excess_ms: 8 }]);
    expect(r.permission_breaker).toMatchObject({ final_state: "CLOSED", denials: 1, grants: 0 });
    expect(r.api_breaker.counts).toEqual({ success: 0, retryable: 0, backoff: 1, non_retryable: 0 });
    expect(r.api_breaker.backoff_429).toEqual({ max_streak: 1, early_retries: 0, after_give_up: 0 });
  });
});

describe("breakerTripped on the examples (the CLI's exit 3)", () => {
  test.each([
    ["harness-spans.jsonl", "h", false], // only a tool breaker opened: a finding, not a trip
    ["stuck-loop.jsonl", "r-stuck-loop", true],
    ["healthy-run.jsonl", "r-healthy", false],
  ])("%s → %s", async (file, runId, tripped) => {
    expect(breakerTripped(await analyzeExample(file, runId))).toBe(tripped);
  });
});
