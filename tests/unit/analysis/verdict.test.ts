// lib/analysis/verdict.ts (docs/analysis.md#verdict): of the findings that clear
// the floor, the verdict is the first stop in time — what the live guard, which
// cannot see ahead, would have stopped at — and a breaker that does not stop
// the run is the verdict only when nothing would have stopped it.
import { describe, expect, test } from "vitest";
import { decideVerdict } from "@/lib/analysis/verdict";
import { DEFAULT_SETTINGS, resolveSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { haltOf, runTripOf } from "@/lib/guard/halt";
import { makeReport } from "../../support/analysis-report";

const at = (min: number) => `2026-01-01T00:${String(min).padStart(2, "0")}:00.000000Z`;
const saved = (iterations: number) => ({ iterations, tokens: 5_000 * iterations, ms: 60_000 * iterations });

type Sources = Parameters<typeof decideVerdict>[0];
function sources({ halt, trip, permission }: { halt?: number; trip?: number; permission?: number }): Sources {
  const r = makeReport();
  return {
    loop_breaker: {
      ...r.loop_breaker,
      transitions:
        halt === undefined ? [] : [{ from: "CLOSED", to: "OPEN", at: at(halt), iteration: halt, reason: "same_error" }],
      ...(halt === undefined ? {} : { would_have_halted_at: { iteration: halt, at: at(halt), reason: "same_error" } }),
      savings: { ...saved(4), cost_usd: null },
    },
    layers: {
      ...r.layers,
      events:
        trip === undefined
          ? []
          : [{ layer: "token", kind: "trip", severity: "HIGH", value: 30, limit: 10, iteration: trip, at: at(trip) }],
      after_first_trip: { ...saved(9), cost_usd: null },
    },
    permission_breaker: { transitions: permission === undefined ? [] : [{ to: "OPEN", at: at(permission) }] },
    api_breaker: { transitions: [] },
  };
}

describe("the verdict is the first stop in time", () => {
  test("a three-layer trip before the loop breaker's halt is the verdict, with what stopping there saves", () => {
    expect(decideVerdict(sources({ halt: 11, trip: 2 }), DEFAULT_SETTINGS)).toEqual({
      tripped: true,
      breaker: "layers",
      iteration: 2,
      at: at(2),
      would_save: saved(9),
      notes: [],
    });
  });

  test("a halt before the trip is the verdict", () => {
    expect(decideVerdict(sources({ halt: 3, trip: 7 }), DEFAULT_SETTINGS)).toMatchObject({
      breaker: "loop_breaker",
      iteration: 3,
      would_save: saved(4),
    });
  });

  test("at one time the table's order decides: the loop breaker first", () => {
    expect(decideVerdict(sources({ halt: 5, trip: 5 }), DEFAULT_SETTINGS)).toMatchObject({ breaker: "loop_breaker" });
  });

  test("a permission opening before the halt is not the verdict: it does not stop the run", () => {
    expect(decideVerdict(sources({ halt: 8, permission: 1 }), DEFAULT_SETTINGS)).toMatchObject({
      breaker: "loop_breaker",
      iteration: 8,
    });
  });

  test("with nothing that stops the run, the permission breaker is the verdict where the floor lets it be", () => {
    expect(decideVerdict(sources({ permission: 1 }), DEFAULT_SETTINGS)).toMatchObject({
      tripped: true,
      breaker: "permission_breaker",
      iteration: null,
      at: at(1),
    });
    // In a session the floor asks for something saved: the permission breaker saves nothing known.
    const session = resolveSettings(SHAPE_PROFILES.interactive);
    expect(decideVerdict(sources({ permission: 1 }), session)).toMatchObject({ tripped: false, iteration: null });
  });

  test("an earlier stop below the floor is a note, and the later one that clears it is the verdict", () => {
    const s = { ...DEFAULT_SETTINGS, verdict_min_saved_iterations: 5 };
    const v = decideVerdict(sources({ halt: 2, trip: 6 }), s);
    expect(v).toMatchObject({ breaker: "layers", iteration: 6 });
    expect(v.notes).toHaveLength(1);
    expect(v.notes[0]).toContain("the loop breaker would have halted at iteration 2");
  });
});

describe("the live guard's halt is the verdict's stop", () => {
  const report = (src: Sources) => {
    const base = makeReport();
    const r = { ...base, ...src, permission_breaker: base.permission_breaker, api_breaker: base.api_breaker };
    return { ...r, verdict: decideVerdict(src, DEFAULT_SETTINGS) };
  };

  test("a three-layer verdict halts at its trip with its action and savings", () => {
    const halt = haltOf(report(sources({ halt: 11, trip: 2 })), Date.UTC(2026, 0, 1, 1) * 1000);
    expect(halt).toMatchObject({ breaker: "layers", iteration: 2, would_save: saved(9) });
    expect(halt?.reason).toBe(
      "the three-layer breaker tripped at iteration 2 (token layer 30 / limit 10, HIGH): escalate to a human (BLOCKER_ESCALATION)",
    );
  });

  test("a permission verdict halts nothing: it is a trip", () => {
    const src = sources({ permission: 1 });
    const r = { ...makeReport(), verdict: decideVerdict(src, DEFAULT_SETTINGS) };
    expect(haltOf(r, 0)).toBeNull();
    expect(runTripOf(r)?.breaker).toBe("permission_breaker");
    expect(runTripOf(report(sources({ halt: 3 })))).toBeNull();
  });
});
