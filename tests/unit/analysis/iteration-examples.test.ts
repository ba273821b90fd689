// The iteration-side findings of the repository's examples (examples/README.md),
// end to end through buildIterationReport with default settings: stagnation,
// the loop breaker, the three-layer breaker, token budget tiers and the
// context-clear recommendation (docs/analysis.md). A tiny local loader
// (JSON.parse + the zod record schemas) stands in for ingest.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { EventRecord, IterationRecord, RunRecord, TaskRecord } from "@/lib/schemas/records";
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { buildIterationReport, type IterationInput } from "@/lib/analysis/iteration-report";
import { iterationBounds, sumSpanTokens, type SpanTokens } from "@/lib/analysis/span-tokens";
import { formatTimeUs, parseTimeUs } from "@/lib/time";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");

function loadExample(file: string): IterationInput {
  const iterations: StoredIteration[] = [];
  const events: StoredEvent[] = [];
  const tasks: StoredTask[] = [];
  const calls: SpanTokens[] = [];
  let runStartUs: number | null = null;
  let earliestUs = Number.POSITIVE_INFINITY;
  readFileSync(path.join(EXAMPLES, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .forEach((line, i) => {
      const raw = JSON.parse(line) as Record<string, unknown>;
      if (raw.type === "run") runStartUs = RunRecord.parse(raw).startedAtUs ?? runStartUs;
      else if (raw.type === "iteration") iterations.push({ ...IterationRecord.parse(raw), runId: "r" });
      else if (raw.type === "event") events.push({ ...EventRecord.parse(raw), runId: "r", eventId: `e${i}` });
      else if (raw.type === "task") tasks.push({ ...TaskRecord.parse(raw), runId: "r" });
      else if (raw.kind === "tool" || raw.kind === "llm") {
        calls.push({
          iteration: typeof raw.iteration === "number" ? raw.iteration : null,
          taskId: typeof raw.task_id === "string" ? raw.task_id : null,
          t0Us: parseTimeUs(raw.t0) ?? Number.NaN,
          tokensIn: typeof raw.tokens_in === "number" ? raw.tokens_in : null,
          tokensOut: typeof raw.tokens_out === "number" ? raw.tokens_out : null,
          meta: null,
        });
      }
    });
  for (const r of [...iterations, ...events]) earliestUs = Math.min(earliestUs, r.tsUs);
  iterations.sort((a, b) => a.n - b.n);
  events.sort((a, b) => a.tsUs - b.tsUs);
  const start = runStartUs ?? earliestUs;
  const spanTokens = sumSpanTokens(calls, iterationBounds(start, iterations));
  return { runStartUs: start, iterations, events, tasks, spanTokens };
}

describe("stuck-loop.jsonl", () => {
  const input = loadExample("stuck-loop.jsonl");
  const report = buildIterationReport(input, DEFAULT_SETTINGS);
  const tsOf = (n: number) => formatTimeUs(input.iterations.find((it) => it.n === n)?.tsUs ?? Number.NaN);
  const riskOf = (n: number) => report.stagnation.iterations.find((r) => r.n === n)?.risk;

  test("each detector fires once, at its iteration; no_progress and output_decline never", () => {
    // progress 1–8 · from 9 the same TypeError, "rewrite handler" (no files) ⇄ "null-check patch", all test_fix
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["negative_window", 11],
      ["circular", 12],
      ["same_error", 13],
      ["test_fix_loop", 13],
      ["permission_denials", 15],
    ]);
  });

  test("risk is LOW until the first detector holds (no streak one step away, window score never 0), then HIGH", () => {
    // 10: window score 2; the same error only twice, work not yet all test_fix — negative_window
    // and circular give nothing before they hold, so 10 is LOW (it was MEDIUM for them)
    for (let n = 1; n <= 10; n++) expect(riskOf(n)).toBe("LOW");
    for (let n = 11; n <= 30; n++) expect(riskOf(n)).toBe("HIGH");
    expect(report.stagnation.iterations.find((r) => r.n === 12)?.signals).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^same_error one step from firing: /),
        expect.stringMatching(/^test_fix_loop one step from firing: /),
      ]),
    );
  });

  test("the loop breaker would have halted at 11 for negative_window (window score −9)", () => {
    expect(report.loop_breaker.would_have_halted_at).toEqual({
      iteration: 11,
      at: tsOf(11),
      reason: "negative_window",
    });
    expect(report.stagnation.iterations.find((r) => r.n === 11)).toMatchObject({ score: -5, window_score: -9 });
  });

  test("the probe at 27 fails, so the breaker ends OPEN with 18 iterations and 141 633 tokens saved", () => {
    // Opened at 11 (10:16:24.639); the 30-minute cooldown ends at 10:46:24.639. Iteration 27
    // (10:46:24.826) is the first at or after it: the probe. It scores −5, so OPEN again for
    // 60 minutes, which saves 28–30 too: 12–26 + 28–30 = 18 iterations.
    const lb = report.loop_breaker;
    expect(lb.final_state).toBe("OPEN");
    expect(lb.transitions.map((t) => [t.from, t.to, t.iteration, t.reason, t.at])).toEqual([
      ["CLOSED", "OPEN", 11, "negative_window", tsOf(11)],
      ["OPEN", "HALF_OPEN", 27, "cooldown_elapsed", tsOf(27)],
      ["HALF_OPEN", "OPEN", 27, "probe_failed", tsOf(27)],
    ]);
    expect(tsOf(26) < "2026-02-03T10:46:24.638605Z" && tsOf(27) >= "2026-02-03T10:46:24.638605Z").toBe(true);
    expect(lb.savings).toEqual({ iterations: 18, tokens: 141633, ms: expect.closeTo(1972302.894, 3), cost_usd: null });
  });

  test("three-layer breaker escalates: token trips reach HIGH for t-1..t-3, error trip MEDIUM for t-3 at 11", () => {
    const { layers } = report;
    expect(layers.status).toBe("TRIGGERED");
    expect(layers.action).toBe("BLOCKER_ESCALATION");
    const tokenTrips = layers.events.filter((e) => e.layer === "token" && e.kind === "trip");
    expect(tokenTrips.map((e) => [e.task_id, e.severity, e.iteration])).toEqual([
      ["t-1", "HIGH", 2],
      ["t-2", "MEDIUM", 5],
      ["t-2", "HIGH", 6],
      ["t-3", "HIGH", 8],
    ]);
    const errorTrips = layers.events.filter((e) => e.layer === "error" && e.kind === "trip");
    expect(errorTrips).toEqual([
      expect.objectContaining({ task_id: "t-3", severity: "MEDIUM", iteration: 11, value: 3, limit: 3 }),
    ]);
    expect(layers.events.some((e) => e.layer === "iteration")).toBe(false);
  });

  test("stopping at the first three-layer trip (iteration 2) would have saved iterations 3-30 and their tokens", () => {
    expect(report.layers.after_first_trip).toEqual({
      iterations: 28,
      tokens: 232047,
      ms: expect.closeTo(2813240.991, 3),
      cost_usd: null,
    });
  });

  test("context clear is recommended, first at 12 for token usage (59.4 % at 11, 65.5 % at 12)", () => {
    const cc = report.context_clear;
    expect(cc.decision).toBe("clear");
    expect(cc.first_recommended_at).toEqual({ iteration: 12, at: tsOf(12) });
    expect(cc.reasons.map((r) => r.factor)).toEqual(["token_usage"]);
    expect(cc.factors.token_usage).toMatchObject({ value: 99.5, threshold: 60, fired: true, estimated: false });
    expect(cc.factors.task_complexity).toMatchObject({ value: 5, fired: false, task_id: "t-3" });
    // only t-1 and t-2 finished: the error rate has no value until 5 have
    expect(cc.factors.error_rate).toEqual({ value: null, threshold: 30, fired: false });
  });

  test("token budget climbs to REJECT; every fill ≥ 80 % misses a compaction; the failed one has no fallback", () => {
    const tb = report.token_budget;
    expect(tb.transitions.map((t) => [t.iteration, t.to])).toEqual([
      [13, "WARNING"],
      [15, "AUTO_COMPACT"],
      [17, "SNIP_COMPACT"],
      [18, "REJECT"],
    ]);
    expect(tb.missed_compaction).toEqual(Array.from({ length: 16 }, (_, i) => i + 15));
    expect(tb.no_fallback).toBe(1);
  });
});

describe("healthy-run.jsonl", () => {
  const report = buildIterationReport(loadExample("healthy-run.jsonl"), DEFAULT_SETTINGS);

  test("no detections, breaker CLOSED, every iteration LOW risk", () => {
    expect(report.stagnation.detections).toEqual([]);
    expect(report.loop_breaker).toMatchObject({ final_state: "CLOSED", transitions: [] });
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
    expect(report.stagnation.iterations).toHaveLength(13);
    expect(report.stagnation.iterations.every((r) => r.risk === "LOW" && r.window_score > 0)).toBe(true);
  });

  test("three-layer NORMAL with action NONE and no warning, tokens NORMAL, context keep", () => {
    expect(report.layers).toEqual({
      events: [],
      status: "NORMAL",
      action: "NONE",
      after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    });
    expect(report.token_budget).toMatchObject({ transitions: [], missed_compaction: [], no_fallback: 0 });
    expect(report.context_clear.decision).toBe("keep");
    expect(report.context_clear.reasons).toEqual([]);
    expect(report.context_clear.first_recommended_at).toBeUndefined();
    expect(report.context_clear.factors.completed_tasks).toMatchObject({ value: 4, threshold: 5, fired: false });
    expect(report.context_clear.factors.error_rate.value).toBeNull();
  });
});
