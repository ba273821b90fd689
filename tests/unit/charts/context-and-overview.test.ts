// lib/charts/context-factors and overview: the context card's rows and the
// overview's verdict sentences.
import { describe, expect, test } from "vitest";
import { prepareContextFactors, summariseContext } from "@/lib/charts/context-factors";
import { prepareVerdicts, runCostOf } from "@/lib/charts/overview";
import { makeContext, makeReport, makeToolRow } from "@/tests/support/analysis-report";
import { at, scored } from "./factories";

describe("prepareContextFactors", () => {
  test("every factor in the documented order with value against threshold, fired flags kept", () => {
    const ctx = makeContext({
      decision: "clear",
      factors: { ...makeContext().factors, token_usage: { value: 99.5, threshold: 60, fired: true, estimated: false } },
    });
    const rows = prepareContextFactors(ctx);
    expect(rows.map((r) => r.factor)).toEqual([
      "token_usage",
      "task_complexity",
      "completed_tasks",
      "error_rate",
      "absolute_limit",
    ]);
    expect(rows[0]).toMatchObject({ value: "99.5 %", threshold: "≥ 60 %", fired: true, estimated: false });
    expect(rows[1]).toMatchObject({ value: "3 / 10", threshold: "≥ 6 / 10", fired: false, note: "task t-1" });
    expect(rows[3]?.threshold).toBe("> 30 %"); // error rate fires strictly above
  });

  test("a factor with nothing to measure (no current task, fewer than 5 finished tasks) shows a dash", () => {
    const ctx = makeContext({
      factors: {
        ...makeContext().factors,
        task_complexity: { value: null, threshold: 6, fired: false, task_id: null },
        error_rate: { value: null, threshold: 30, fired: false },
      },
    });
    const rows = prepareContextFactors(ctx);
    expect([rows[1]?.value, rows[1]?.note, rows[3]?.value]).toEqual(["—", null, "—"]);
  });

  test("an estimated fill says so", () => {
    const ctx = makeContext({
      factors: { ...makeContext().factors, token_usage: { value: 42, threshold: 60, fired: false, estimated: true } },
    });
    expect(prepareContextFactors(ctx)[0]?.estimated).toBe(true);
  });

  test("the summary names the fired factors and the first iteration", () => {
    const ctx = makeContext({
      decision: "clear",
      first_recommended_at: { iteration: 12, at: at(0) },
      factors: { ...makeContext().factors, token_usage: { value: 70, threshold: 60, fired: true, estimated: true } },
    });
    expect(summariseContext(ctx)).toBe("clear — token usage (context fill) (estimated), first at iteration 12");
    expect(summariseContext(makeContext())).toBe("keep — no factor fired");
  });
});

describe("prepareVerdicts", () => {
  /** The loop breaker's halt is the run's verdict. */
  const HALT_VERDICT = {
    tripped: true,
    breaker: "loop_breaker" as const,
    iteration: 11,
    at: at(0),
    would_save: { iterations: 18, tokens: 107744, ms: 2_031_245.56 },
    notes: [],
  };

  test("the halt sentence names iteration, reason and the three savings", () => {
    const v = prepareVerdicts(
      makeReport({
        loop_breaker: {
          transitions: [],
          final_state: "OPEN",
          would_have_halted_at: { iteration: 11, at: at(0), reason: "negative_window" },
          savings: { iterations: 18, tokens: 107744, ms: 2_031_245.56, cost_usd: null },
        },
        verdict: HALT_VERDICT,
      }),
    );
    expect(v.halt.text).toBe(
      "Loop breaker would have halted at iteration 11 (negative_window), saving 18 iterations / 107.7k tokens / 33m 51s",
    );
    expect(v.halt.tone).toBe("bad");
  });

  test("the halt sentence names the saved cost when it is known, and leaves it out when not", () => {
    const halted = (cost_usd: number | null) =>
      prepareVerdicts(
        makeReport({
          loop_breaker: {
            transitions: [],
            final_state: "OPEN",
            would_have_halted_at: { iteration: 11, at: at(0), reason: "negative_window" },
            savings: { iterations: 18, tokens: 107744, ms: 2_031_245.56, cost_usd },
          },
          verdict: HALT_VERDICT,
        }),
      ).halt.text;
    expect(halted(4.2)).toContain("107.7k tokens / $4.20 / 33m 51s");
    expect(halted(null)).not.toContain("$");
  });

  test("a run no breaker would have stopped says so", () => {
    expect(prepareVerdicts(makeReport()).halt).toMatchObject({
      text: "No breaker would have stopped this run",
      tone: "ok",
    });
  });

  test("a halt below the verdict floor is a note under 'no breaker would have stopped this run'", () => {
    const report = makeReport({
      loop_breaker: {
        transitions: [
          { from: "CLOSED", to: "OPEN", at: "2026-02-03T10:05:00.000000Z", iteration: 3, reason: "same_error" },
        ],
        final_state: "OPEN",
        would_have_halted_at: { iteration: 3, at: "2026-02-03T10:05:00.000000Z", reason: "same_error" },
        savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
      },
      verdict: { ...makeReport().verdict, notes: ["below the floor"] },
    });
    expect(prepareVerdicts(report).halt).toMatchObject({
      text: "No breaker would have stopped this run",
      tone: "info",
      detail: "Note: below the floor",
    });
  });

  test("stagnation risk now is the last iteration's", () => {
    const v = prepareVerdicts(
      makeReport({ stagnation: { iterations: [scored(1, 1, 1, "HIGH"), scored(2, 1, 1, "MEDIUM")], detections: [] } }),
    );
    expect(v.risk).toMatchObject({ text: "Stagnation risk now MEDIUM (iteration 2)", tone: "warn" });
  });

  test("detections read one entry per detector with its iterations as ranges, however long the run", () => {
    const fired = (detector: "same_error" | "circular", at_iteration: number) => ({
      detector,
      at_iteration,
      detail: "",
    });
    const detections = [
      fired("circular", 12),
      fired("same_error", 13),
      ...[40, 41, 42, 90].map((n) => fired("same_error", n)),
    ];
    const v = prepareVerdicts(makeReport({ stagnation: { iterations: [scored(1, 1, 1, "HIGH")], detections } }));
    expect(v.risk.detail).toBe("circular@12; same_error@13, 40–42, 90");
  });

  test("the three-layer verdict shows status and action, escalation in red", () => {
    const v = prepareVerdicts(
      makeReport({
        layers: {
          status: "TRIGGERED",
          action: "BLOCKER_ESCALATION",
          events: [],
          after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
        },
      }),
    );
    expect(v.layers).toMatchObject({ text: "Three-layer breaker TRIGGERED · action BLOCKER_ESCALATION", tone: "bad" });
  });
});

describe("runCostOf", () => {
  test("the run costs what its costed calls cost, logged or priced; calls without a cost add nothing", () => {
    const r = makeReport({
      tools: [makeToolRow("claude-sonnet-4-5", 3, 0, 900, 0.25), makeToolRow("Bash", 5, 1, 40, null)],
    });
    expect(runCostOf(r, 0)).toBe(0.25);
  });

  test("with no costed call, the run's logged total; with none either, unknown (not $0)", () => {
    const r = makeReport({ tools: [makeToolRow("Bash", 5, 1, 40, null)] });
    expect(runCostOf(r, 1.5)).toBe(1.5);
    expect(runCostOf(r, 0)).toBeNull();
  });
});
