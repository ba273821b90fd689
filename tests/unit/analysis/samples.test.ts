// The tool-side findings of /work/shared/samples/README.md, with default
// settings unless a case says otherwise (SPEC §3.1–§3.3, §3.7, §3.9).
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { analyzeRun, breakerTripped, type AnalysisReport } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS, resolveSettings, type AnalysisSettings } from "@/lib/analysis/settings";
import { loadSample } from "./tool-side-factories";

// shared/ lies beside the repository (locally and in CI's fresh clone).
const SAMPLES =
  [path.resolve(__dirname, "../../../../shared/samples"), "/work/shared/samples"].find((p) => existsSync(p)) ??
  "shared/samples not found beside the repository";
const analyzeSample = (file: string, runId: string, s: AnalysisSettings = DEFAULT_SETTINGS): Promise<AnalysisReport> =>
  analyzeRun(buildMemoryInput(runId, loadSample(`${SAMPLES}/${file}`, runId)), s);
const kinds = (r: AnalysisReport) =>
  Object.fromEntries(r.bottlenecks.map((b) => [b.tool, b.reasons.map((x) => x.kind)]));

describe("harness-spans.jsonl (7 bare spans)", () => {
  test("tool table by total_ms with the README's averages", async () => {
    const r = await analyzeSample("harness-spans.jsonl", "h");
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ["http_get", 4, 4],
      ["search", 2, 0],
      ["run_shell", 1, 0],
    ]);
    expect(r.tools.map((t) => t.avg_ms)).toEqual([
      expect.closeTo(151.06, 2),
      expect.closeTo(50.45, 2),
      expect.closeTo(10.4, 2),
    ]);
  });
  test("defaults: only http_get is a bottleneck, failing and not slow (151.06 < 151.35)", async () => {
    const r = await analyzeSample("harness-spans.jsonl", "h");
    expect(kinds(r)).toEqual({ http_get: ["failing"] });
  });
  test("slow_ratio=1.5: http_get is slow and failing", async () => {
    const r = await analyzeSample("harness-spans.jsonl", "h", resolveSettings({ slow_ratio: 1.5 }));
    expect(kinds(r)).toEqual({ http_get: ["slow", "failing"] });
    expect(r.bottlenecks[0].reasons[0]).toMatchObject({ threshold_ms: expect.closeTo(75.675, 3) });
  });
  test("http_get's breaker opens once, after the 3rd failure, and blocks the short-circuited 4th call", async () => {
    const r = await analyzeSample("harness-spans.jsonl", "h");
    expect(r.tool_breakers).toHaveLength(1);
    expect(r.tool_breakers[0]).toMatchObject({ tool: "http_get", blocked_calls: 1 });
    expect(r.tool_breakers[0].opened).toHaveLength(1);
    expect(r.tool_breakers[0].opened[0].at).toBe("2025-11-30T10:00:00.611700Z");
  });
  test("no timeouts, no permission or API activity", async () => {
    const r = await analyzeSample("harness-spans.jsonl", "h");
    expect(r.timeouts).toEqual([]);
    expect(r.permission_breaker.final_state).toBe("CLOSED");
    expect(r.api_breaker.final_state).toBe("CLOSED");
  });
});

describe("stuck-loop.jsonl (r-stuck-loop)", () => {
  const report = () => analyzeSample("stuck-loop.jsonl", "r-stuck-loop");
  test("tools by total_ms, iteration containers not counted", async () => {
    const r = await report();
    expect(r.tools.map((t) => t.tool)).toEqual([
      "run_tests",
      "llm_call",
      "run_shell",
      "http_get",
      "search",
      "edit_file",
      "read_file",
    ]);
    const byTool = Object.fromEntries(r.tools.map((t) => [t.tool, t]));
    expect(byTool.run_tests.calls).toBe(76);
    expect(byTool.llm_call).toMatchObject({ calls: 52, failures: 4 });
    expect(byTool.http_get).toMatchObject({ calls: 83, failures: 59 });
  });
  test("bottlenecks: run_tests and llm_call slow + overcalled, http_get failing + overcalled, the rest overcalled", async () => {
    expect(kinds(await report())).toEqual({
      run_tests: ["slow", "overcalled"],
      llm_call: ["slow", "overcalled"],
      run_shell: ["overcalled"],
      http_get: ["failing", "overcalled"],
      search: ["overcalled"],
      edit_file: ["overcalled"],
      read_file: ["overcalled"],
    });
  });
  test("http_get's breaker opens 12 times and blocks 23 calls; no other tool's opens", async () => {
    const r = await report();
    expect(r.tool_breakers.map((b) => [b.tool, b.opened.length, b.blocked_calls])).toEqual([["http_get", 12, 23]]);
  });
  test("run_tests exceeds its 15 s default timeout 71 times", async () => {
    const r = await report();
    expect(r.timeouts.map((t) => [t.tool, t.timeout_s, t.exceeded_calls])).toEqual([["run_tests", 15, 71]]);
  });
  test("three permission denials in a row open the permission breaker", async () => {
    const r = await report();
    expect(r.permission_breaker).toMatchObject({ final_state: "OPEN", denials: 3, grants: 0 });
  });
  test("24 API errors: 16 retryable (529) and 8 backoff (429); the API breaker opens at the 10th", async () => {
    const r = await report();
    expect(r.api_breaker.counts).toEqual({ success: 0, retryable: 16, backoff: 8, non_retryable: 0 });
    expect(r.api_breaker.transitions[0]).toEqual({ from: "CLOSED", to: "OPEN", at: "2025-11-30T10:30:23.604850Z" });
    expect(r.api_breaker.final_state).toBe("OPEN");
  });
  test("rate limit: 52 llm calls, far from 100 an hour", async () => {
    expect((await report()).rate_limit).toEqual({ peak_per_hour: 52, waited_calls: 0, total_wait_ms: 0 });
  });
});

describe("healthy-run.jsonl (r-healthy)", () => {
  const report = () => analyzeSample("healthy-run.jsonl", "r-healthy");
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
  test("no tool breaker opens and no permission or API breaker activity", async () => {
    const r = await report();
    expect(r.tool_breakers).toEqual([]);
    expect(r.permission_breaker.transitions).toEqual([]);
    expect(r.api_breaker.transitions).toEqual([]);
  });
});

describe("breakerTripped on the samples (the CLI's exit 3)", () => {
  test.each([
    ["harness-spans.jsonl", "h", false], // only a tool breaker opened: a finding, not a trip
    ["stuck-loop.jsonl", "r-stuck-loop", true],
    ["healthy-run.jsonl", "r-healthy", false],
  ])("%s → %s", async (file, runId, tripped) => {
    expect(breakerTripped(await analyzeSample(file, runId))).toBe(tripped);
  });
});
