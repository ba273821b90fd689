// The iteration-side findings of /work/shared/samples/README.md, end to end
// through buildIterationReport with default settings. A tiny local loader
// (JSON.parse + the zod record schemas) stands in for ingest.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { EventRecord, IterationRecord, RunRecord, TaskRecord } from "@/lib/schemas/records";
import type { StoredEvent, StoredIteration, StoredTask } from "@/lib/schemas/records";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { buildIterationReport, type IterationInput } from "@/lib/analysis/iteration-report";
import { formatTimeUs } from "@/lib/time";

const SAMPLES = "/work/shared/samples";

function loadSample(file: string): IterationInput {
  const iterations: StoredIteration[] = [];
  const events: StoredEvent[] = [];
  const tasks: StoredTask[] = [];
  const taskSpanTokens: Record<string, number> = {};
  let runStartUs: number | null = null;
  let earliestUs = Number.POSITIVE_INFINITY;
  readFileSync(`${SAMPLES}/${file}`, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .forEach((line, i) => {
      const raw = JSON.parse(line) as Record<string, unknown>;
      if (raw.type === "run") runStartUs = RunRecord.parse(raw).startedAtUs ?? runStartUs;
      else if (raw.type === "iteration") iterations.push({ ...IterationRecord.parse(raw), runId: "r" });
      else if (raw.type === "event") events.push({ ...EventRecord.parse(raw), runId: "r", eventId: `e${i}` });
      else if (raw.type === "task") tasks.push({ ...TaskRecord.parse(raw), runId: "r" });
      else if (typeof raw.task_id === "string") {
        const spanTokens = Number(raw.tokens_in ?? 0) + Number(raw.tokens_out ?? 0);
        taskSpanTokens[raw.task_id] = (taskSpanTokens[raw.task_id] ?? 0) + spanTokens;
      }
    });
  for (const r of [...iterations, ...events]) earliestUs = Math.min(earliestUs, r.tsUs);
  iterations.sort((a, b) => a.n - b.n);
  events.sort((a, b) => a.tsUs - b.tsUs);
  return { runStartUs: runStartUs ?? earliestUs, iterations, events, tasks, taskSpanTokens };
}

describe("stuck-loop.jsonl", () => {
  const input = loadSample("stuck-loop.jsonl");
  const report = buildIterationReport(input, DEFAULT_SETTINGS);
  const tsOf = (n: number) => formatTimeUs(input.iterations.find((it) => it.n === n)!.tsUs);

  test("each detector fires once, where the README says, and no_progress never", () => {
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["negative_window", 11],
      ["circular", 12],
      ["same_error", 13],
      ["test_fix_loop", 13],
      ["permission_denials", 15],
    ]);
  });

  test("a firing iteration is HIGH risk", () => {
    const risk = (n: number) => report.stagnation.iterations.find((r) => r.n === n)!.risk;
    for (const n of [11, 12, 13, 15]) expect(risk(n)).toBe("HIGH");
    expect(risk(1)).toBe("LOW");
  });

  test("the loop breaker would have halted at 11 for negative_window", () => {
    expect(report.loop_breaker.would_have_halted_at).toEqual({
      iteration: 11,
      at: tsOf(11),
      reason: "negative_window",
    });
  });

  test("the probe fails, so the breaker ends OPEN with 18 iterations and 107 744 tokens saved", () => {
    // Opened at 11 (10:20:33.629); cooldown 30 min ends 10:50:33.629. Iteration 27
    // (10:50:33.816) is the first at/after it: the probe. It scores −5, so OPEN
    // again for 60 min, which saves 28–30 too: 12–26 + 28–30 = 18 iterations.
    // (The README's prose says "the probe at 29"; its figures fit only 27.)
    const lb = report.loop_breaker;
    expect(lb.final_state).toBe("OPEN");
    expect(lb.transitions.map((t) => [t.from, t.to, t.iteration, t.reason])).toEqual([
      ["CLOSED", "OPEN", 11, "negative_window"],
      ["OPEN", "HALF_OPEN", 27, "cooldown_elapsed"],
      ["HALF_OPEN", "OPEN", 27, "probe_failed"],
    ]);
    expect(lb.transitions[1].at).toBe(tsOf(27));
    expect(lb.transitions[2].at).toBe(tsOf(27));
    expect(lb.savings.iterations).toBe(18);
    expect(lb.savings.tokens).toBe(107744);
    expect(lb.savings.ms).toBeGreaterThan(0);
  });

  test("three-layer breaker escalates: token trips rise to HIGH for t-1..t-3, error trip MEDIUM for t-3 at 11", () => {
    const { layers } = report;
    expect(layers.status).toBe("TRIGGERED");
    expect(layers.action).toBe("BLOCKER_ESCALATION");
    for (const task of ["t-1", "t-2", "t-3"]) {
      const trips = layers.events.filter((e) => e.layer === "token" && e.kind === "trip" && e.task_id === task);
      expect(trips.at(-1)?.severity).toBe("HIGH");
    }
    const errorTrips = layers.events.filter((e) => e.layer === "error" && e.kind === "trip");
    expect(errorTrips).toEqual([
      expect.objectContaining({ task_id: "t-3", severity: "MEDIUM", iteration: 11, value: 3, limit: 3 }),
    ]);
    expect(layers.events.some((e) => e.layer === "iteration")).toBe(false);
  });

  test("context clear is recommended, first at 12 for token usage", () => {
    const cc = report.context_clear;
    expect(cc.decision).toBe("clear");
    expect(cc.first_recommended_at).toEqual({ iteration: 12, at: tsOf(12) });
    expect(cc.reasons.map((r) => r.factor)).toEqual(["token_usage"]);
    expect(cc.factors.token_usage).toMatchObject({ value: 99.5, threshold: 60, fired: true, estimated: false });
  });

  test("token budget reaches REJECT and every fill ≥ 80 % without a compaction is missed", () => {
    const tb = report.token_budget;
    expect(tb.transitions.at(-1)?.to).toBe("REJECT");
    expect(tb.missed_compaction).toEqual(Array.from({ length: 16 }, (_, i) => i + 15));
    expect(tb.no_fallback).toBe(0);
  });
});

describe("healthy-run.jsonl", () => {
  const report = buildIterationReport(loadSample("healthy-run.jsonl"), DEFAULT_SETTINGS);

  test("no detections, breaker CLOSED, every iteration LOW risk", () => {
    expect(report.stagnation.detections).toEqual([]);
    expect(report.loop_breaker).toMatchObject({ final_state: "CLOSED", transitions: [] });
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
    expect(report.stagnation.iterations).toHaveLength(13);
    expect(report.stagnation.iterations.every((r) => r.risk === "LOW")).toBe(true);
  });

  test("three-layer NORMAL with action NONE, context keep", () => {
    expect(report.layers).toMatchObject({ status: "NORMAL", action: "NONE" });
    expect(report.context_clear.decision).toBe("keep");
    expect(report.context_clear.reasons).toEqual([]);
    expect(report.context_clear.first_recommended_at).toBeUndefined();
  });
});
