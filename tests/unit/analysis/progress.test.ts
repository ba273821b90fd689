import { describe, expect, test } from "vitest";
import { normalizeError, scoreIteration, windowScores } from "@/lib/analysis/progress";
import type { StoredIteration } from "@/lib/schemas/records";
import { makeEvent, makeIteration, views } from "./iteration-factories";

/** Iteration n = 2 as the scorer sees it (no events unless given). */
const scored = (fields: Partial<StoredIteration>, events = [makeEvent("noop", 0)]) =>
  views([makeIteration({ n: 2, ...fields })], events)[0]!;

describe("progress score (docs/analysis.md#stagnation-detectors)", () => {
  test.each([
    ["newly_passing > 0 scores +3", { newlyPassing: 2 }, 3],
    ["tasks_completed > 0 scores +5", { tasksCompleted: 1 }, 5],
    ["a non-empty files_modified scores +1", { filesModified: ["a"] }, 1],
    ["build_errors_resolved > 0 scores +2", { buildErrorsResolved: 4 }, 2],
    ["an empty files_modified scores −3", { filesModified: [] }, -3],
    ["reverted scores −1", { reverted: true }, -1],
    [
      "each indicator counts at most once however large",
      { newlyPassing: 50, tasksCompleted: 9, filesModified: ["a", "b", "c"] },
      9,
    ],
    ["absent fields count for nothing (docs/analysis.md#absent-and-empty-fields)", {}, 0],
    [
      "zero counts count for nothing",
      { newlyPassing: 0, tasksCompleted: 0, buildErrorsResolved: 0, reverted: false },
      0,
    ],
  ])("%s", (_name, fields, expected) => {
    expect(scoreIteration(scored(fields), null)).toBe(expected);
  });

  test("an error equal to one of the previous iteration's errors scores −2, once", () => {
    const prev = makeIteration({ n: 1, errors: ["E at 0x1f2a", "other"] });
    expect(scoreIteration(scored({ errors: ["  E at 0xdeadbeef ", "other"] }), prev)).toBe(-2);
  });

  test("errors that differ after normalisation do not count", () => {
    const prev = makeIteration({ n: 1, errors: ["E one"] });
    expect(scoreIteration(scored({ errors: ["e one"] }), prev)).toBe(0);
  });

  test.each([
    ["empty", "", ""],
    ["whitespace only", "  ", "\t"],
  ])("an empty error does not repeat — %s", (_name, before, now) => {
    const prev = makeIteration({ n: 1, errors: [before] });
    expect(scoreIteration(scored({ errors: [now] }), prev)).toBe(0);
  });

  test("a task_completed event in the iteration earns the +5, once, without tasks_completed", () => {
    // it2 covers (1 min, 2 min]: two task_completed events inside it
    const done = [makeEvent("task_completed", 1.5), makeEvent("task_completed", 1.8)];
    expect(scoreIteration(scored({}, done), null)).toBe(5);
    expect(scoreIteration(scored({ tasksCompleted: 1 }, done), null)).toBe(5);
  });

  test("window_score sums this and the two previous iterations (fewer at the start)", () => {
    expect(windowScores([4, -3, -5, 1])).toEqual([4, 1, -4, -7]);
  });
});

describe("error normalisation (docs/analysis.md#error-normalisation)", () => {
  test.each([
    ["trims", "  boom  ", "boom"],
    ["masks a UUID", "job 123e4567-e89b-12d3-a456-426614174000 failed", "job <hex> failed"],
    ["masks 0x… ids", "segfault at 0x7ffe", "segfault at <hex>"],
    ["masks hex runs of 6+ with a digit", "commit a1b2c3d not found", "commit <hex> not found"],
    ["keeps hex-looking words without a digit", "decade facade", "decade facade"],
    ["keeps short hex runs with a digit as text plus digits", "id ab12", "id ab<n>"],
    ["masks other digit runs", "src/auth.ts:42:17", "src/auth.ts:<n>:<n>"],
    ["keeps case", "TypeError: Null", "TypeError: Null"],
  ])("%s", (_name, input, expected) => {
    expect(normalizeError(input)).toBe(expected);
  });
});
