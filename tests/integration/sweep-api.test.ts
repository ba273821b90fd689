// GET /api/v1/runs/{id}/sweep (docs/api.md#what-if-sweep) on PGlite and
// Postgres: one point per value, in order; a lower repeated-call threshold
// makes the loop breaker halt earlier and save more; a threshold the run never
// reaches halts nothing; the project's settings still apply under the swept
// one; bad input is a 400 naming the setting or the value.
import { describe, expect, test } from "vitest";
import { GET as sweepRoute } from "@/app/api/v1/runs/[runId]/sweep/route";
import { saveProjectSettings } from "@/db/settings";
import type { SweepResponse } from "@/lib/schemas/sweep";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const RUN = "r-sweep";
const T0 = 1_767_225_600;

// 12 iterations a minute apart, each making progress (a file modified), and
// each calling search {"q":"same"} twice inside it: identical calls 1-2 in
// iteration 1, 3-4 in iteration 2, 5-6 in iteration 3 … 24 in all.
function sweepRun(): string {
  const lines: object[] = [];
  for (let n = 1; n <= 12; n++) {
    const ts = T0 + n * 60;
    for (const k of [0, 1]) {
      const t0 = ts - 40 + k * 10;
      lines.push({ run_id: RUN, span_id: `s${n}-${k}`, name: "search", t0, t1: t0 + 1, input: { q: "same" } });
    }
    lines.push({ type: "iteration", run_id: RUN, n, ts, files_modified: ["a.ts"], tokens_used: 1000 });
  }
  return lines.map((l) => JSON.stringify(l)).join("\n");
}

describe.each(targets)("GET /api/v1/runs/{id}/sweep on $name", (target) => {
  const h = serveDatabase(target, (db) => ingestText(db, sweepRun()));
  const sweep = async (query: string, runId = RUN) => {
    const res = await call(sweepRoute, `/api/v1/runs/${runId}/sweep?${query}`, { runId });
    return res as { status: number; body: SweepResponse & { error?: { code: string; message: string } } };
  };

  test("one point per value, in the order given; a lower repeat threshold halts earlier", async () => {
    const { status, body } = await sweep("setting=repeat_calls&values=3,5,8,50");
    expect(status).toBe(200);
    expect(body.setting).toBe("repeat_calls");
    expect(body.points.map((p) => p.value)).toEqual([3, 5, 8, 50]);
    const [three, five, eight, fifty] = body.points;
    expect(three!.halted_at).toBeDefined();
    expect(three!.halted_at!).toBeLessThan(five!.halted_at!);
    expect(five!.halted_at!).toBeLessThan(eight!.halted_at!);
    expect(three!.saved_iterations).toBeGreaterThan(eight!.saved_iterations);
    expect(three!.saved_tokens).toBe(three!.saved_iterations * 1000);
    expect(three!.trips).toBeGreaterThanOrEqual(1);
    // 24 identical calls never reach 50: nothing halts, nothing is saved.
    expect(fifty).toEqual({ value: 50, saved_iterations: 0, saved_tokens: 0, saved_cost_usd: null, trips: 0 });
  });

  test("each point is the analysis with that one setting over the project's settings", async () => {
    await saveProjectSettings(h.db, { repeat_calls: 3 });
    try {
      const { body } = await sweep("setting=cooldown_min&values=0,600");
      const [none, long] = body.points;
      // The project's repeat_calls 3 applies to both; only the cooldown differs.
      expect(none!.halted_at).toBe(long!.halted_at);
      expect(long!.saved_iterations).toBeGreaterThan(none!.saved_iterations);
    } finally {
      await saveProjectSettings(h.db, {});
    }
  });

  test.each([
    ["setting=loop_threshold&values=1", /setting "loop_threshold" is unknown/],
    ["setting=repeat_calls&values=3,x", /values\[1\] "x" is not a valid repeat_calls/],
    ["setting=repeat_calls&values=1", /values\[0\] "1" is not a valid repeat_calls: must be/],
    [`setting=repeat_calls&values=${Array.from({ length: 21 }, (_, i) => i + 2).join(",")}`, /at most 20/],
    ["setting=repeat_calls", /values is required/],
  ])("%s → 400 naming what is wrong", async (query, message) => {
    const { status, body } = await sweep(query);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "invalid_parameter", message: expect.stringMatching(message) });
  });

  test("an unknown run is a 404", async () => {
    expect((await sweep("setting=repeat_calls&values=3", "r-nope")).status).toBe(404);
  });
});
