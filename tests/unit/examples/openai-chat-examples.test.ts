// The OpenAI chat example (examples/README.md): openai-chat/support-runs.json,
// two tau-bench-style airline support runs in one JSON list — built by
// scripts/examples-openai-chat.ts, read through the real import pipeline and
// analysed with the default settings. What the analysis finds is pinned as it
// is today, false alarms included.
//
//   chat-7-0 (reward 0)  get_reservation · search · reply | update_reservation_flights ✗ ×8 (same args, same error) | reply
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
    expect([steps("chat-7-0"), steps("chat-7-1")]).toEqual([12, 5]);
  });

  test("the stuck run: same_error and repeated_call at step 8, the tool breaker opens, the loop breaker halts at 3", async () => {
    const report = await analyzeImported((await imported()).records, "chat-7-0");
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["negative_window", 3],
      ["no_progress", 3],
      ["same_error", 8],
      ["repeated_call", 8],
    ]);
    expect(report.stagnation.detections[2]?.detail).toContain("in 5 iterations in a row");
    expect(report.tool_breakers).toEqual([expect.objectContaining({ tool: "update_reservation_flights", blocked_calls: 5 })]);
    expect(report.repeated_calls).toEqual([
      expect.objectContaining({ tool: "update_reservation_flights", calls: 8, iteration: 8 }),
    ]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
    expect(report.loop_breaker.savings.iterations).toBe(9);
    const update = report.tools.find((t) => t.tool === "update_reservation_flights");
    expect([update?.calls, update?.failures]).toEqual([8, 8]);
    // gpt-4o has a default price: the model calls are priced from their usage
    expect(report.tools.find((t) => t.tool === "gpt-4o-2024-08-06")?.cost_usd).toBeGreaterThan(0);
  });

  test("the solved run: no tool breaker, no same_error — but no_progress and negative_window still fire at step 3", async () => {
    // Steps of a support agent modify no files and complete no todo tasks, which the
    // seed detectors read as no progress: a false alarm on a good run, pinned as it is.
    const report = await analyzeImported((await imported()).records, "chat-7-1");
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["negative_window", 3],
      ["no_progress", 3],
    ]);
    expect(report.tool_breakers).toEqual([]);
    expect(report.repeated_calls).toEqual([]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
  });

  test("each failed step keeps the tool's error line", async () => {
    const its = (await imported()).records
      .filter((x): x is StoredIteration => x.type === "iteration" && x.runId === "chat-7-0")
      .sort((a, b) => a.n - b.n);
    expect(its.map((it) => it.errors)).toEqual([[], [], [], ...Array.from({ length: 8 }, () => [ERROR]), []]);
  });
});
