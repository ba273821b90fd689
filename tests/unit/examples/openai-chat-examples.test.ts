// The OpenAI chat example (examples/README.md): openai-chat/support-runs.json,
// two tau-bench-style airline support runs in one JSON list — built by
// scripts/examples-openai-chat.ts, read through the real import pipeline and
// analysed as the server does, with the autonomous profile
// (lib/analysis/shape-profiles.ts). Like tau-bench, the file logs no token
// usage: a verdict counts the steps stopping saves (lib/analysis/verdict.ts).
//
//   chat-7-0 (reward 0)  update_reservation_flights ✗ ×7 (same args, same error) | reply
//   chat-7-1 (reward 1)  get_reservation · search · reply | update_reservation_flights ✓ | reply
import { describe, expect, test } from "vitest";
import type { StoredIteration, StoredRun } from "@/lib/schemas/records";
import { buildOpenAiChatExamples } from "@/scripts/examples-openai-chat";
import { analyzeImported, importFixture } from "@/tests/support/import";

const FILE = "openai-chat/support-runs.json";
const ENDED_US = Date.UTC(2026, 2, 5, 18, 0) * 1000;
const imported = () => importFixture(null, buildOpenAiChatExamples()[FILE]!, { endedAtUs: ENDED_US });
const ERROR = "Error: flight HAT030 not available on date 2024-05-13";

describe(FILE, () => {
  test("is the only file, and building it twice gives the same text", () => {
    expect(Object.keys(buildOpenAiChatExamples())).toEqual([FILE]);
    expect(buildOpenAiChatExamples()).toEqual(buildOpenAiChatExamples());
  });

  test("is read as openai-chat: two runs with their rewards as outcomes, one step per assistant message", async () => {
    const r = await imported();
    expect([r.format, r.errors, r.runs]).toEqual(["openai-chat", [], ["chat-7-0", "chat-7-1"]]);
    const runs = r.records.filter((x): x is StoredRun => x.type === "run");
    expect(runs.map((run) => [run.runId, run.shape, run.outcome?.status, run.outcome?.score])).toEqual([
      ["chat-7-0", "autonomous", "failure", 0],
      ["chat-7-1", "autonomous", "success", 1],
    ]);
    const steps = (runId: string) =>
      r.records.filter((x): x is StoredIteration => x.type === "iteration" && x.runId === runId).length;
    expect([steps("chat-7-0"), steps("chat-7-1")]).toEqual([8, 5]);
  });

  test("the stuck run: same_error holds at step 3, the verdict halts it there, saving 5 steps; repeated_call at 5", async () => {
    const report = await analyzeImported((await imported()).records, "chat-7-0");
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["same_error", 3],
      ["repeated_call", 5],
    ]);
    expect(report.stagnation.detections[0]?.detail).toContain("in 3 iterations in a row");
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    // No usage logged: no tokens saved, and the steps alone clear the verdict's floor.
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 5, tokens: 0 });
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker", notes: [] });
    expect(report.tool_breakers).toEqual([
      expect.objectContaining({ tool: "update_reservation_flights", blocked_calls: 4 }),
    ]);
    expect(report.repeated_calls).toEqual([
      expect.objectContaining({ tool: "update_reservation_flights", calls: 7, iteration: 5 }),
    ]);
    const update = report.tools.find((t) => t.tool === "update_reservation_flights");
    expect([update?.calls, update?.failures]).toEqual([7, 7]);
    // Without usage the model calls have no tokens to price.
    expect(report.tools.find((t) => t.tool === "gpt-4o-2024-08-06")?.cost_usd).toBeNull();
  });

  test("the solved run: no detection and no verdict, the loop breaker stays CLOSED", async () => {
    // Steps of a support agent modify no files and complete no todo tasks: the autonomous
    // profile reads that as neutral, so nothing fires on a good run.
    const report = await analyzeImported((await imported()).records, "chat-7-1");
    expect(report.verdict.tripped).toBe(false);
    expect(report.stagnation.detections).toEqual([]);
    expect(report.tool_breakers).toEqual([]);
    expect(report.repeated_calls).toEqual([]);
    expect(report.loop_breaker.final_state).toBe("CLOSED");
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
  });

  test("each failed step keeps the tool's error line", async () => {
    const its = (await imported()).records
      .filter((x): x is StoredIteration => x.type === "iteration" && x.runId === "chat-7-0")
      .sort((a, b) => a.n - b.n);
    expect(its.map((it) => it.errors)).toEqual([...Array.from({ length: 7 }, () => [ERROR]), []]);
  });
});
