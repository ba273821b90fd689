// lib/analysis/human-waits.ts and its reading in iteration-context.ts
// (docs/analysis.md#human-waits, docs/analysis.md#permission-waits): a person's time
// inside a turn — a question answered, a permission prompt held open — is not the
// agent's, and so in no saving of the interactive lens; every other lens keeps it.
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildIterationViews } from "@/lib/analysis/iteration-context";
import { humanWaitTools, sumHumanWaits, type WaitCall } from "@/lib/analysis/human-waits";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { resolveSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { iterationBounds } from "@/lib/analysis/span-tokens";
import type { StoredIteration, StoredRecord } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { blankIteration } from "@/tests/support/records";
import { makeSpan, us } from "./tool-side-factories";

const INTERACTIVE = resolveSettings(SHAPE_PROFILES.interactive);
const AUTONOMOUS = resolveSettings(SHAPE_PROFILES.autonomous);
const LOOP = resolveSettings(SHAPE_PROFILES.loop);

/** Turn n at `endS` seconds, prompted at `promptS` (none: from the previous turn's end). */
const turn = (n: number, endS: number, promptS?: number, over: Partial<StoredIteration> = {}): StoredIteration => ({
  ...blankIteration(n, us(endS)),
  attrs: promptS === undefined ? {} : { started_at: formatTimeUs(us(promptS)) },
  ...over,
});

describe("the wait calls of an iteration (human-waits.ts)", () => {
  // turns end at 100 s, 200 s, 300 s
  const bounds = iterationBounds(us(0), [turn(1, 100), turn(2, 200), turn(3, 300)]);
  const call = (name: string, atS: number, lastS: number, iteration: number | null = null): WaitCall => ({
    name,
    iteration,
    t0Us: us(atS),
    t1Us: us(atS + lastS),
  });

  test.each<[string, WaitCall[], { iteration: number; ms: number }[]]>([
    ["one question: its whole time", [call("AskUserQuestion", 10, 30)], [{ iteration: 1, ms: 30_000 }]],
    [
      // Edit  |10 ───── 40|
      // Write    |20 ──────── 60|      → one wait of 10 s … 60 s
      "two writes held on the prompt at once: their union, never their sum",
      [call("Edit", 10, 30), call("Write", 20, 40)],
      [{ iteration: 1, ms: 50_000 }],
    ],
    [
      "a call inside another adds nothing",
      [call("Write", 10, 60), call("Edit", 20, 5), call("Edit", 10, 60)],
      [{ iteration: 1, ms: 60_000 }],
    ],
    [
      "calls apart add up; calls that touch add up without a gap",
      [call("Edit", 10, 10), call("Edit", 20, 10), call("AskUserQuestion", 50, 5)],
      [{ iteration: 1, ms: 25_000 }],
    ],
    [
      "each iteration its own: the call's iteration wins over its t0; after the last, none",
      [call("Edit", 150, 10), call("AskUserQuestion", 150, 20, 3), call("Edit", 350, 10)],
      [
        { iteration: 2, ms: 10_000 },
        { iteration: 3, ms: 20_000 },
      ],
    ],
    [
      "a subagent's time (container_tools) and a shell's are the agent's",
      [call("Task", 10, 60), call("Bash", 10, 60)],
      [],
    ],
    ["a call whose t1 is before its t0 lasts 0", [call("Edit", 50, -10)], [{ iteration: 1, ms: 0 }]],
  ])("%s", (_name, calls, expected) => {
    expect(sumHumanWaits(calls, bounds, INTERACTIVE)).toEqual(expected);
  });

  test("only the interactive lens names wait tools: the others take out nothing", () => {
    expect(humanWaitTools(INTERACTIVE)).toEqual(expect.arrayContaining(["AskUserQuestion", "ExitPlanMode", "Edit"]));
    expect(humanWaitTools(INTERACTIVE)).not.toContain("Task");
    for (const lens of [AUTONOMOUS, LOOP, resolveSettings(SHAPE_PROFILES.spans)]) {
      expect(humanWaitTools(lens)).toEqual([]);
      expect(sumHumanWaits([call("AskUserQuestion", 10, 30)], bounds, lens)).toEqual([]);
    }
  });
});

describe("an iteration's agent time leaves a person's waits out (iteration-context.ts)", () => {
  const its = [turn(1, 100), turn(2, 200, 150)];
  const durations = (promptWaitsExcluded: boolean, ms: number) =>
    buildIterationViews({
      runStartUs: us(0),
      iterations: its,
      events: [],
      tasks: [],
      spanTokens: [],
      promptWaitsExcluded,
      humanWaits: [{ iteration: 2, ms }],
    }).map((v) => v.durationMs);

  test("from its prompt to its end, less the waits inside it", () => {
    expect(durations(true, 20_000)).toEqual([100_000, 30_000]);
  });

  test("a wait longer than the agent's time takes it to 0, never below", () => {
    expect(durations(true, 80_000)).toEqual([100_000, 0]);
  });

  test("without prompt_waits_excluded nothing is taken out", () => {
    expect(durations(false, 20_000)).toEqual([100_000, 100_000]);
  });
});

// Six turns of ten minutes, each prompted two minutes after the last one ended, all
// failing the same way in task t-1: the loop breaker opens at turn 3 (same_error,
// three in a row) and its 30 min cooldown saves turns 4 and 5; the error layer trips
// at turn 3 and saves turns 4–6.
//   turn 4 (prompt 32 min, ends 40 min): AskUserQuestion answered after 5 min
//   turn 5 (prompt 42 min, ends 50 min): Edit 3 min and Write 4 min held at once; a Task of 6 min
//   turn 6 (prompt 52 min, ends 60 min): nothing a person holds
const FAILURE = "AssertionError: total 1090 != 1000";
const TURNS = [1, 2, 3, 4, 5, 6].map((n) =>
  turn(n, n * 600, n * 600 - 480, { taskId: "t-1", errors: [FAILURE], filesModified: [] }),
);
const WAITS = [
  makeSpan({ name: "AskUserQuestion", at: 2000, ms: 300_000 }),
  makeSpan({ name: "Edit", at: 2600, ms: 180_000 }),
  makeSpan({ name: "Write", at: 2600, ms: 240_000 }),
];
const AGENT_WORK = [makeSpan({ name: "Read", at: 0 }), makeSpan({ name: "Task", at: 2700, ms: 360_000 })];
const trace = (withWaits: boolean): StoredRecord[] => [...TURNS, ...AGENT_WORK, ...(withWaits ? WAITS : [])];

describe("a person's time inside a turn", () => {
  test("in an interactive session a question answered inside a turn is in no saving", async () => {
    const report = await analyzeRun(buildMemoryInput("r", trace(true)), INTERACTIVE);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    // turn 4: 8 min less the 5 min answer; turn 5: 8 min less the writes' 4 min (the Task stays)
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 2, ms: (3 + 4) * 60_000 });
    expect(report.layers.after_first_trip).toMatchObject({ iterations: 3, ms: (3 + 4 + 8) * 60_000 });
    expect(report.verdict.would_save.ms).toBe((3 + 4) * 60_000);
  });

  test("the autonomous and loop lenses are unchanged: a question inside a turn stays in its time", async () => {
    for (const lens of [AUTONOMOUS, LOOP]) {
      const withWaits = await analyzeRun(buildMemoryInput("r", trace(true)), lens);
      const without = await analyzeRun(buildMemoryInput("r", trace(false)), lens);
      expect(withWaits.loop_breaker).toEqual(without.loop_breaker);
      expect(withWaits.layers).toEqual(without.layers);
      expect(withWaits.verdict).toEqual(without.verdict);
      // each saved turn counts its whole ten minutes, from the previous turn's end
      expect(withWaits.loop_breaker.savings).toMatchObject({ iterations: 2, ms: 2 * 600_000 });
      expect(withWaits.layers.after_first_trip).toMatchObject({ iterations: 3, ms: 3 * 600_000 });
    }
  });
});
