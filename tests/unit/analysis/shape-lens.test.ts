// lib/analysis/shape-profiles.ts and the rules it tunes (docs/analysis.md#profiles):
// each rule a session is read with, pinned by name, on small traces.
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS, resolveSettings, type AnalysisSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { replayStagnation } from "@/lib/analysis/stagnation";
import { findBottlenecks, summariseTools } from "@/lib/analysis/tools";
import { clearsFloor, decideVerdict } from "@/lib/analysis/verdict";
import type { StoredRecord } from "@/lib/schemas/records";
import { buildIterationViews } from "@/lib/analysis/iteration-context";
import { formatTimeUs } from "@/lib/time";
import { atMin, iterations, makeIteration, RUN_START_US, views } from "./iteration-factories";
import { makeEvent, makeSpan } from "./tool-side-factories";

const SESSION = resolveSettings(SHAPE_PROFILES.interactive);
const AUTONOMOUS = resolveSettings(SHAPE_PROFILES.autonomous);
const agg = (tool: string, calls: number, totalMs: number, failures = 0, llm = false) => ({
  tool,
  calls,
  failures,
  totalMs,
  llm,
});
const reasonsOf = (rows: ReturnType<typeof agg>[], s: AnalysisSettings, iterationCount = 1) => {
  const llmTools = new Set(rows.filter((r) => r.llm).map((r) => r.tool));
  const found = findBottlenecks(summariseTools(rows), s, [], { llmTools, iterations: iterationCount });
  return Object.fromEntries(found.map((b) => [b.tool, b.reasons.map((r) => r.kind)]));
};

describe("a lens per shape", () => {
  test("the loop profile is the seed defaults exactly", () => {
    expect(resolveSettings(SHAPE_PROFILES.loop)).toEqual(DEFAULT_SETTINGS);
  });

  test("a shape's profile is the lowest layer: project settings and a run's config win over it", () => {
    const resolved = resolveSettings({ same_error_run: 7 }, { max_calls_per_hour: 50 }, SHAPE_PROFILES.interactive);
    expect(resolved).toMatchObject({ same_error_run: 7, max_calls_per_hour: 50, repeat_key: "input_output" });
  });
});

describe("human time is not agent time", () => {
  test("a person answering (AskUserQuestion) or reading a plan (ExitPlanMode) is never slow nor overcalled", () => {
    const rows = [agg("Read", 20, 200), agg("AskUserQuestion", 9, 1_140_000), agg("ExitPlanMode", 1, 300_000)];
    expect(reasonsOf(rows, SESSION)).toEqual({});
    // …in the loop defaults too: a person's wait is nobody's bottleneck.
    expect(reasonsOf(rows, DEFAULT_SETTINGS)).toEqual({ Read: ["overcalled"] });
  });
});

describe("human time is not agent time: a permission prompt", () => {
  test("in an interactive session a file write's time is the person's answer: never slow, never a timeout", async () => {
    const rows = [agg("Read", 20, 2_000), agg("Bash", 10, 30_000), agg("Write", 4, 280_000), agg("Edit", 6, 60_000)];
    expect(reasonsOf(rows, SESSION, 10)).toEqual({});
    const spans = [makeSpan({ name: "Write", at: 0, ms: 300_000 }), makeSpan({ name: "Bash", at: 400, ms: 200_000 })];
    const report = await analyzeRun(buildMemoryInput("r", spans), SESSION);
    expect(report.timeouts.map((t) => t.tool)).toEqual(["Bash"]);
  });

  test("a shell stays timed, and an autonomous run asks nobody: its writes are timed", () => {
    const rows = [agg("Read", 20, 2_000), agg("Grep", 10, 1_000), agg("Write", 4, 280_000)];
    expect(reasonsOf(rows, AUTONOMOUS, 10)).toEqual({ Write: ["slow"] });
    expect(reasonsOf([...rows, agg("Bash", 2, 400_000)], SESSION, 10)).toEqual({ Bash: ["slow"] });
  });

  test("a file write still counts its calls: mostly failing writes are overcalled and failing", () => {
    const rows = [agg("Read", 20, 2_000), agg("Edit", 12, 12_000, 10)];
    expect(reasonsOf(rows, SESSION, 1)).toEqual({ Edit: ["failing", "overcalled"] });
  });
});

describe("human time is not agent time: the wait for a prompt", () => {
  // Turn 1 ends at 1 min; the person prompts turn 2 at 50 min; it ends at 52 min.
  const its = [
    makeIteration({ n: 1 }),
    makeIteration({ n: 2, tsUs: atMin(52), attrs: { started_at: formatTimeUs(atMin(50)) } }),
  ];

  test("in an interactive session a turn's time starts at its prompt: the hour the person took is in no saving", () => {
    expect(views(its).map((v) => v.durationMs)).toEqual([60_000, 51 * 60_000]);
    const interactive = buildIterationViews({
      runStartUs: RUN_START_US,
      iterations: its,
      events: [],
      tasks: [],
      spanTokens: [],
      promptWaitsExcluded: SESSION.prompt_waits_excluded,
    });
    expect(interactive.map((v) => v.durationMs)).toEqual([60_000, 2 * 60_000]);
  });
});

describe("containers are not slow tools", () => {
  test("a Task (a subagent's whole run) and TaskOutput are never slow, and not in the median", () => {
    const rows = [
      agg("Task", 2, 600_000),
      agg("TaskOutput", 1, 300_000),
      agg("Bash", 4, 4_000),
      agg("Read", 4, 40),
      agg("Grep", 4, 40),
    ];
    expect(reasonsOf(rows, SESSION)).toEqual({ Bash: ["slow"] });
  });
});

describe("slow compares like with like", () => {
  test("model calls are judged against model calls, tools against tools", () => {
    // The model takes 20 s a call; the tools 50 ms: against all tools' median the model is slow.
    const rows = [agg("claude-opus", 10, 200_000, 0, true), agg("Read", 10, 500), agg("Grep", 10, 500)];
    expect(reasonsOf(rows, DEFAULT_SETTINGS)["claude-opus"]).toContain("slow");
    expect(reasonsOf(rows, SESSION)["claude-opus"]).toBeUndefined();
  });
});

describe("overcalled means abnormal", () => {
  test("many calls of a healthy tool over many turns are not overcalled; far above its baseline per turn are", () => {
    const rows = [agg("Read", 60, 600)];
    expect(reasonsOf(rows, SESSION, 10)).toEqual({});
    expect(reasonsOf(rows, SESSION, 1)).toEqual({ Read: ["overcalled"] });
  });

  test("calls that mostly fail are overcalled whatever the turn count", () => {
    expect(reasonsOf([agg("Bash", 10, 100, 8)], SESSION, 10).Bash).toEqual(["failing", "overcalled"]);
  });
});

describe("the rate limit is replayed only where a limit exists, and each model call counts once", () => {
  const calls: StoredRecord[] = Array.from({ length: 150 }, (_, i) => [
    makeSpan({ name: "claude", kind: "llm", at: i * 10 }),
    makeEvent("api_request", i * 10),
  ]).flat();

  test("a session has no call limit: nothing waits", async () => {
    const report = await analyzeRun(buildMemoryInput("r", calls), SESSION);
    expect(report.rate_limit).toMatchObject({ peak_per_hour: 150, waited_calls: 0 });
  });

  test("with a limit, an llm span and the api_request event of the same call count once", async () => {
    const report = await analyzeRun(buildMemoryInput("r", calls), DEFAULT_SETTINGS);
    expect(report.rate_limit.peak_per_hour).toBe(150);
    expect(report.rate_limit.waited_calls).toBe(50);
  });
});

describe("timeout advice is for tools", () => {
  test("no timeout is advised for a model call, however long", async () => {
    const spans = [
      makeSpan({ name: "claude", kind: "llm", at: 0, ms: 90_000 }),
      makeSpan({ name: "Bash", at: 100, ms: 200_000 }),
    ];
    const report = await analyzeRun(buildMemoryInput("r", spans), SESSION);
    expect(report.timeouts.map((t) => t.tool)).toEqual(["Bash"]);
  });
});

describe("stagnation in a session", () => {
  test("autonomous steps that change nothing and read nothing new are stuck; a person's turns without a file are not", () => {
    const its = iterations(30, (n) => ({
      filesModified: [],
      errors: [],
      attrs: { files_read: n === 1 ? ["a.py"] : [] },
    }));
    expect(replayStagnation(views(its), AUTONOMOUS).stagnation.detections.map((d) => d.detector)).toEqual([
      "no_new_files",
    ]);
    expect(replayStagnation(views(its), SESSION).stagnation.detections).toEqual([]);
  });

  test("both session shapes watch edits undone again and again", () => {
    const its = iterations(8, (n) => ({ filesModified: ["a.py"], errors: [], reverted: n % 2 === 0 }));
    for (const lens of [AUTONOMOUS, SESSION])
      expect(replayStagnation(views(its), lens).stagnation.detections).toMatchObject([
        { detector: "edits_reverted", at_iteration: 6 },
      ]);
  });

  test("steps that modify no file are not stuck: exploring and answering is progress-neutral", () => {
    const its = iterations(8, () => ({ filesModified: [], errors: [] }));
    const r = replayStagnation(views(its), SESSION);
    expect(r.stagnation.detections).toEqual([]);
    expect(replayStagnation(views(its), DEFAULT_SETTINGS).stagnation.detections.map((d) => d.detector)).toContain(
      "no_progress",
    );
  });

  test("the same error across failing steps, an edit between them, fires same_error at the third failure", () => {
    const failure = "FAILED tests/test_cart.py::test_total - assert 1090 == 1000";
    //  1 fail · 2 edit · 3 fail · 4 edit · 5 fail
    const its = [1, 2, 3, 4, 5].map((n) =>
      makeIteration({ n, errors: n % 2 === 1 ? [failure] : [], filesModified: [] }),
    );
    const r = replayStagnation(views(its), AUTONOMOUS);
    expect(r.stagnation.detections).toMatchObject([{ detector: "same_error", at_iteration: 5 }]);
    // Three clean steps in a row end the run of that error.
    const apart = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      makeIteration({ n, errors: n === 1 || n === 5 || n === 7 ? [failure] : [] }),
    );
    expect(replayStagnation(views(apart), AUTONOMOUS).stagnation.detections).toEqual([]);
  });

  test("identical calls with new results are not repeated calls in a session; with the same result they are", async () => {
    const rerun = (output: (i: number) => string) =>
      Array.from({ length: 6 }, (_, i) =>
        makeSpan({ name: "bash", at: i * 60, input: "python reproduce.py", output: output(i) }),
      );
    const changing = await analyzeRun(
      buildMemoryInput(
        "r",
        rerun((i) => `run ${i}: ${i * 7} rows`),
      ),
      SESSION,
    );
    expect(changing.repeated_calls).toEqual([]);
    const same = await analyzeRun(
      buildMemoryInput(
        "r",
        rerun(() => "ValueError: bad total"),
      ),
      SESSION,
    );
    expect(same.repeated_calls).toMatchObject([{ tool: "bash", calls: 6, input: '"python reproduce.py"' }]);
  });
});

describe("a verdict saves something", () => {
  const halt = (saved: { iterations: number; tokens: number; ms: number }) => ({
    loop_breaker: {
      transitions: [
        {
          from: "CLOSED" as const,
          to: "OPEN" as const,
          at: "2026-01-01T00:03:00Z",
          iteration: 3,
          reason: "same_error",
        },
      ],
      final_state: "OPEN" as const,
      would_have_halted_at: { iteration: 3, at: "2026-01-01T00:03:00Z", reason: "same_error" },
      savings: { ...saved, cost_usd: null },
    },
    layers: {
      events: [],
      status: "NORMAL" as const,
      action: "NONE" as const,
      after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
    },
    permission_breaker: { transitions: [] },
    api_breaker: { transitions: [] },
  });

  test("a halt that would have saved nothing is a note, not a verdict", () => {
    const v = decideVerdict(halt({ iterations: 0, tokens: 0, ms: 0 }), SESSION);
    expect(v).toMatchObject({ tripped: false, breaker: null });
    expect(v.notes[0]).toContain("below the verdict floor");
  });

  test("a halt that saves iterations and tokens is the verdict", () => {
    expect(decideVerdict(halt({ iterations: 9, tokens: 50_000, ms: 600_000 }), SESSION)).toMatchObject({
      tripped: true,
      breaker: "loop_breaker",
      would_save: { iterations: 9, tokens: 50_000 },
      notes: [],
    });
  });

  test("the loop defaults have no floor: every finding is a verdict, as before", () => {
    expect(decideVerdict(halt({ iterations: 0, tokens: 0, ms: 0 }), DEFAULT_SETTINGS).tripped).toBe(true);
  });

  test("a run that logs no tokens is judged by its iterations alone", () => {
    const saved = { iterations: 3, tokens: 0, ms: 5_000 };
    expect(clearsFloor(saved, SESSION)).toBe(false);
    expect(clearsFloor(saved, SESSION, false)).toBe(true);
  });
});
