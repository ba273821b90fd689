// lib/analysis/session-detectors.ts (docs/analysis.md#session-detectors): what a
// session's steps touched, read as stagnation — edits undone again and again, and
// steps that change nothing and read nothing new.
import { describe, expect, test } from "vitest";
import { replayStagnation } from "@/lib/analysis/stagnation";
import { NO_NEW_FILES_RUN } from "@/lib/analysis/session-detectors";
import type { StoredIteration } from "@/lib/schemas/records";
import { iterations, makeIteration, settings, views } from "./iteration-factories";

const watching = settings({ stagnation_detectors: ["edits_reverted", "no_new_files"] });
const detectionsOf = (its: StoredIteration[]) =>
  replayStagnation(views(its), watching).stagnation.detections.map((d) => [d.detector, d.at_iteration]);
const step = (n: number, read: string[] | null, changed: string[] | null, reverted?: boolean) =>
  makeIteration({
    n,
    filesModified: changed,
    ...(reverted !== undefined ? { reverted } : {}),
    attrs: read === null ? {} : { files_read: read },
  });

describe("edits_reverted: the agent flip-flops between versions of a file", () => {
  test("three steps of six that undo an earlier edit fire edits_reverted at the third", () => {
    // edit, undo, edit again, undo, edit again, undo: A→B, B→A, A→B, …
    const its = iterations(7, (n) => ({ filesModified: ["a.py"], reverted: n % 2 === 0 }));
    expect(detectionsOf(its)).toEqual([["edits_reverted", 6]]);
  });

  test("one undo, or undos far apart, is an agent changing its mind, not stuck", () => {
    const its = iterations(16, (n) => ({ filesModified: ["a.py"], reverted: n === 3 || n === 9 || n === 15 }));
    expect(detectionsOf(its)).toEqual([]);
  });

  test("an iteration that undid several edits at once counts once", () => {
    const its = iterations(4, (n) => ({ filesModified: ["a.py"], attrs: { reverted_edits: n === 2 ? 5 : 0 } }));
    expect(detectionsOf(its)).toEqual([]);
    const r = replayStagnation(views(its), watching);
    expect(r.stagnation.iterations[1]?.signals).toEqual([]);
  });
});

describe("no_new_files: many steps without a new file read or changed", () => {
  test(`${NO_NEW_FILES_RUN} steps in a row that change nothing and re-read what was read fire no_new_files`, () => {
    const its = [
      step(1, ["a.py", "b.py"], []),
      ...Array.from({ length: NO_NEW_FILES_RUN + 1 }, (_, i) => step(i + 2, ["a.py"], [])),
    ];
    expect(detectionsOf(its)).toEqual([["no_new_files", NO_NEW_FILES_RUN + 1]]);
  });

  test("a step that reads a file for the first time, or changes one, starts the count again", () => {
    const quiet = (n: number) => step(n, ["a.py"], []);
    const its = Array.from({ length: 2 * NO_NEW_FILES_RUN }, (_, i) => {
      const n = i + 1;
      if (n === NO_NEW_FILES_RUN - 5) return step(n, ["c.py"], []);
      if (n === 2 * NO_NEW_FILES_RUN - 10) return step(n, [], ["a.py"]);
      return quiet(n);
    });
    expect(detectionsOf(its)).toEqual([]);
  });

  test("a step whose importer cannot tell what it read is never quiet: unknown is not stuck", () => {
    const its = Array.from({ length: 2 * NO_NEW_FILES_RUN }, (_, i) => step(i + 1, i % 10 === 5 ? null : [], []));
    expect(detectionsOf(its)).toEqual([]);
    // …and without files_modified either.
    expect(detectionsOf(Array.from({ length: 2 * NO_NEW_FILES_RUN }, (_, i) => step(i + 1, [], null)))).toEqual([]);
  });

  test("the loop defaults do not watch them: a loop's seed detectors are unchanged", () => {
    const its = iterations(20, (n) => ({ filesModified: ["a.py"], reverted: n % 2 === 0, attrs: { files_read: [] } }));
    const seed = replayStagnation(views(its), settings()).stagnation.detections.map((d) => d.detector);
    expect(seed).not.toContain("edits_reverted");
    expect(seed).not.toContain("no_new_files");
  });
});
