// lib/what-if/fleet.ts — docs/dashboard.md#fleet: per value, runs halted,
// savings on runs marked bad, good runs wrongly halted.
import { describe, expect, test } from "vitest";
import { summarizeFleet, type FleetRun } from "@/lib/what-if/fleet";
import { FLEET_MAX_RUNS, FLEET_MAX_VALUES, parseFleetQuery } from "@/lib/what-if/fleet-query";

const run = (run_id: string, status: FleetRun["review"]["status"], category: FleetRun["review"]["category"]) => ({
  run_id,
  review: { status, category },
});
const halted = (saved: number) => ({
  value: 0,
  halted_at: 3,
  saved_iterations: saved,
  saved_tokens: saved * 10,
  saved_cost_usd: saved / 100,
  trips: 1,
});
const ran = { value: 0, saved_iterations: 0, saved_tokens: 0, saved_cost_usd: null, trips: 0 };

describe("summarizeFleet", () => {
  // value 5: bad halts (saves 4), good halts (wrong), open-review run halts
  // value 60: only the bad run halts (saves 2)
  const runs = [run("bad", "done", "stagnation"), run("good", "done", "none"), run("new", "open", null)];
  const points = new Map([
    ["bad", [halted(4), halted(2)]],
    ["good", [halted(1), ran]],
    ["new", [halted(1), ran]],
  ]);

  test("counts halted runs, sums savings over bad runs only, lists the good runs halted", () => {
    const [five, sixty] = summarizeFleet(runs, [5, 60], points);
    expect(five).toEqual({
      value: 5,
      runs: 3,
      halted: 3,
      bad: { runs: 1, halted: 1, saved_iterations: 4, saved_tokens: 40, saved_cost_usd: 0.04 },
      good: { runs: 1, wrongly_halted: ["good"] },
    });
    expect(sixty).toMatchObject({ halted: 1, bad: { saved_iterations: 2 }, good: { wrongly_halted: [] } });
  });

  test("a run reviewed in progress with category none is not good; a run without points is not halted", () => {
    const rows = summarizeFleet([run("wip", "in review", "none")], [1], new Map());
    expect(rows[0]).toMatchObject({ halted: 0, bad: { runs: 0 }, good: { runs: 0 } });
  });
});

describe("summarizeFleet with outcomes", () => {
  const outcome = (status: "success" | "failure" | "unknown", source: "file" | "api" = "file") => ({
    status,
    score: null,
    source,
    detail: null,
  });
  test("an outcome counts the run as halted success or halted failure, without a review", () => {
    const runs = [
      { ...run("won", "open", null), outcome: outcome("success") },
      { ...run("lost", "open", null), outcome: outcome("failure", "api") },
      { ...run("submitted", "open", null), outcome: outcome("unknown") },
    ];
    const points = new Map([
      ["won", [halted(1)]],
      ["lost", [halted(5)]],
      ["submitted", [halted(2)]],
    ]);
    const [row] = summarizeFleet(runs, [5], points);
    expect(row).toMatchObject({
      halted: 3,
      bad: { runs: 1, halted: 1, saved_iterations: 5 },
      good: { runs: 1, wrongly_halted: ["won"] },
    });
  });

  test("an outcome wins over the review's category", () => {
    const runs = [{ ...run("graded", "in review", "stagnation"), outcome: outcome("success", "api") }];
    const [row] = summarizeFleet(runs, [5], new Map([["graded", [halted(1)]]]));
    expect(row).toMatchObject({ bad: { runs: 0 }, good: { runs: 1, wrongly_halted: ["graded"] } });
  });
});

describe("parseFleetQuery", () => {
  test("defaults to cooldown_min over the newest FLEET_MAX_RUNS runs", () => {
    const q = parseFleetQuery({});
    expect(q.sweep).toEqual({ setting: "cooldown_min", values: [5, 15, 30, 60] });
    expect(q.runs.limit).toBe(FLEET_MAX_RUNS);
    expect(q.errors).toEqual([]);
  });

  test("filters pass to the runs list; more than FLEET_MAX_VALUES values is refused", () => {
    const values = Array.from({ length: FLEET_MAX_VALUES + 1 }, (_, i) => i + 1).join(",");
    const q = parseFleetQuery({ label: "team:core", category: "stagnation", setting: "fail_max", values });
    expect(q.runs).toMatchObject({ label: "team:core", category: "stagnation" });
    expect(q.sweep).toBeNull();
    expect(q.errors[0]).toContain(`at most ${FLEET_MAX_VALUES}`);
  });

  test("a shape filters the runs: the fleet of one kind of run", () => {
    expect(parseFleetQuery({ shape: "autonomous" }).runs).toMatchObject({ shape: "autonomous" });
    expect(parseFleetQuery({ shape: "circle" }).form.shape).toBe("");
  });

  test("an unknown category is dropped, an unknown setting is an error", () => {
    const q = parseFleetQuery({ category: "gremlins", setting: "nope" });
    expect(q.form.category).toBe("");
    expect(q.errors[0]).toContain("unknown");
  });
});
