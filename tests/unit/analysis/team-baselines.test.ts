// docs/analysis.md#team-baselines: with team_baselines (the session lens), a
// tool with a team baseline is slow against its own usual time and overcalled
// against its usual calls per iteration; without one — or with fewer than three
// runs of history, or in a loop — the run's own peers and counts decide.
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS, resolveSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { baselineOf } from "@/lib/analysis/team-baselines";
import { findBottlenecks, summariseTools } from "@/lib/analysis/tools";
import type { ToolAggregate } from "@/lib/analysis/types";
import type { ToolBaselines } from "@/lib/schemas/tool-baselines";
import { makeIteration } from "./iteration-factories";
import { makeSpan } from "./tool-side-factories";

const agg = (tool: string, calls: number, totalMs: number): ToolAggregate => ({
  tool,
  calls,
  failures: 0,
  totalMs,
  llm: false,
});
// The session lens: slow_ratio 3, min_slow_ms 50, slow_compare kind, overcall_per_iteration 40, team_baselines.
const SESSION = resolveSettings(SHAPE_PROFILES.interactive);
const usual = (p95_ms: number, runs = 7, calls_per_iteration_p95: number | null = null): ToolBaselines[string] => ({
  p95_ms,
  calls_per_iteration_p95,
  runs,
});

describe("slow against the team's usual time", () => {
  // Read 20 ms, Grep 30 ms, Glob 40 ms: the peers' upper median is 40 ms → slow from 120 ms.
  const run = (bashAvgMs: number) =>
    summariseTools([agg("Bash", 2, 2 * bashAvgMs), agg("Read", 1, 20), agg("Grep", 1, 30), agg("Glob", 1, 40)]);
  const slowOf = (bashAvgMs: number, baselines: ToolBaselines, s = SESSION) =>
    findBottlenecks(run(bashAvgMs), s, [], { baselines, iterations: 10 })
      .find((b) => b.tool === "Bash")
      ?.reasons.find((r) => r.kind === "slow");

  test.each([
    { avg: 48_000, slow: true }, // 4× its usual 12 s
    { avg: 36_000, slow: true }, // = 3 × 12 s
    { avg: 35_999, slow: false }, // 120× the peers' median, but under 3× its own p95
  ])("with team history, Bash is slow only against its own usual time: avg $avg → $slow", ({ avg, slow }) => {
    expect(slowOf(avg, { Bash: usual(12_000) }) !== undefined).toBe(slow);
  });

  test("the slow reason names the team's p95 and the runs it comes from", () => {
    expect(slowOf(48_000, { Bash: usual(12_000, 7) })).toEqual({
      kind: "slow",
      avg_ms: 48_000,
      threshold_ms: 36_000,
      baseline_ms: 12_000,
      baseline_runs: 7,
    });
  });

  test("a tool slow against its own usual time though not against its peers", () => {
    const rows = summariseTools([agg("Read", 1, 90), agg("Grep", 1, 30), agg("Glob", 1, 40), agg("Bash", 1, 5000)]);
    const b = findBottlenecks(rows, SESSION, [], { baselines: { Read: usual(10, 5) } });
    expect(b.find((x) => x.tool === "Read")?.reasons).toEqual([
      { kind: "slow", avg_ms: 90, threshold_ms: 50, baseline_ms: 10, baseline_runs: 5 },
    ]);
  });

  test("without three runs of history, the run's own peers decide", () => {
    expect(slowOf(35_999, { Bash: usual(12_000, 2) })).toEqual({ kind: "slow", avg_ms: 35_999, threshold_ms: 120 });
    expect(slowOf(35_999, {})).toEqual({ kind: "slow", avg_ms: 35_999, threshold_ms: 120 });
    expect(baselineOf("Bash", { Bash: usual(12_000, 2) }, SESSION)).toBeUndefined();
  });

  test("the loop lens reads no baseline: its findings stay the run's own", () => {
    const rows = run(35_999);
    const baselines = { Bash: usual(12_000), Read: usual(1) };
    expect(findBottlenecks(rows, DEFAULT_SETTINGS, [], { baselines })).toEqual(findBottlenecks(rows, DEFAULT_SETTINGS));
  });

  test("a person's wait and a container are never slow, whatever their history", () => {
    const rows = summariseTools([agg("AskUserQuestion", 1, 600_000), agg("Task", 1, 600_000), agg("Read", 1, 20)]);
    const baselines = { AskUserQuestion: usual(1000), Task: usual(1000) };
    expect(findBottlenecks(rows, SESSION, [], { baselines })).toEqual([]);
  });
});

describe("overcalled against the team's calls per iteration", () => {
  // Read: 300 calls over 10 steps = 30 a step, under the lens's 40; its calls neither fail nor repeat.
  const overcalledOf = (baselines: ToolBaselines, iterations = 10) =>
    findBottlenecks(summariseTools([agg("Read", 300, 3000)]), SESSION, [], { baselines, iterations })
      .find((b) => b.tool === "Read")
      ?.reasons.find((r) => r.kind === "overcalled");

  test.each([
    { usualPerStep: 10, overcalled: true }, // 30 = 3 × 10
    { usualPerStep: 8, overcalled: true }, // 3.75 × 8
    { usualPerStep: 10.5, overcalled: false }, // 30 < 31.5
  ])(
    "overcalled against the team's calls per step: usual $usualPerStep → $overcalled",
    ({ usualPerStep, overcalled }) => {
      expect(overcalledOf({ Read: usual(10, 5, usualPerStep) }) !== undefined).toBe(overcalled);
    },
  );

  test("the overcalled reason names the run's rate, the team's p95 of it and its runs", () => {
    expect(overcalledOf({ Read: usual(10, 5, 8) })).toEqual({
      kind: "overcalled",
      calls: 300,
      per_iteration: 30,
      baseline_per_iteration: 8,
      baseline_runs: 5,
    });
  });

  test("no rate in the history, or no iterations in the run: the lens's 40 a step decides", () => {
    expect(overcalledOf({ Read: usual(10, 5, null) })).toBeUndefined();
    expect(overcalledOf({ Read: usual(10, 5, 1) }, 0)).toEqual({ kind: "overcalled", calls: 300 }); // 300 a step ≥ 40
  });

  test("below overcall_calls a tool is never overcalled, however far above its usual rate", () => {
    const rows = summariseTools([agg("Read", 7, 70)]);
    expect(findBottlenecks(rows, SESSION, [], { baselines: { Read: usual(10, 5, 0.1) }, iterations: 1 })).toEqual([]);
  });
});

test("analyzeRun passes the baselines to the bottlenecks; the report echoes team_baselines", async () => {
  const records = [
    makeIteration({ n: 1 }),
    makeSpan({ name: "Bash", at: 1, ms: 48_000 }),
    makeSpan({ name: "Read", at: 50, ms: 20 }),
  ];
  const report = await analyzeRun(buildMemoryInput("r", records), SESSION, { Bash: usual(12_000) });
  expect(report.settings.team_baselines).toBe(true);
  expect(report.bottlenecks).toEqual([
    {
      tool: "Bash",
      reasons: [{ kind: "slow", avg_ms: 48_000, threshold_ms: 36_000, baseline_ms: 12_000, baseline_runs: 7 }],
      total_ms: 48_000,
    },
  ]);
});
