// lib/outcomes-file.ts — docs/import.md#outcomes-from-a-grader: the grader's
// file, in each layout, and how its entries find their runs.
import { describe, expect, test } from "vitest";
import { isOutcomesDocument, matchOutcomes, parseOutcomesFile, type OutcomeEntry } from "@/lib/outcomes-file";

const entries = (doc: unknown) => parseOutcomesFile(doc) as OutcomeEntry[];

describe("parseOutcomesFile", () => {
  test("a list of {run | file, success}: other scalar fields are labels", () => {
    expect(
      entries([
        { run: "a", file: "a.traj.json", success: true },
        { task_id: 3, trial: 0, success: false },
      ]),
    ).toEqual([
      { run: "a", file: "a.traj.json", labels: {}, success: true },
      { labels: { task_id: "3", trial: "0" }, success: false },
    ]);
  });

  test("a SWE-bench per-instance report and its summary", () => {
    expect(entries({ "django__django-1": { resolved: true, patch_applied: true } })).toEqual([
      { run: "django__django-1", labels: {}, success: true },
    ]);
    expect(entries({ resolved_ids: ["a"], unresolved_ids: ["b"], total_instances: 2 })).toEqual([
      { run: "a", labels: {}, success: true },
      { run: "b", labels: {}, success: false },
    ]);
  });

  test.each([
    [[{ run: "a", success: "yes" }], 'entry 1: field "success": expected true or false'],
    [[{ success: true }], "entry 1: names no run"],
    [[1], "entry 1: not a JSON object"],
    [{ a: { resolved: "maybe" } }, '"a": expected {"resolved": true | false}'],
    ["text", "an outcomes file is a JSON list"],
  ])("a bad file names its entry and field: %j", (doc, message) => {
    expect((parseOutcomesFile(doc) as { error: string }).error).toContain(message);
  });
});

describe("isOutcomesDocument", () => {
  test("a list of verdicts or a SWE-bench report is one; runs are not", () => {
    expect(isOutcomesDocument([{ run: "a", success: true }])).toBe(true);
    expect(isOutcomesDocument({ a: { resolved: false } })).toBe(true);
    expect(isOutcomesDocument([{ task_id: 0, reward: 1, traj: [] }])).toBe(false);
    expect(isOutcomesDocument({ info: {}, messages: [] })).toBe(false);
    expect(isOutcomesDocument([])).toBe(false);
  });
});

describe("matchOutcomes", () => {
  const targets = [
    { runId: "r-1", files: ["one.traj.json"], labels: { task_id: "1", trial: "0" } },
    { runId: "r-2", files: ["two.traj.json"], labels: { task_id: "1", trial: "1" } },
  ];

  test("by run id first, then by the file's base name, then by every label", () => {
    const { matched, unmatched } = matchOutcomes(
      [
        { run: "r-1", labels: {}, success: true },
        { file: "some/dir/two.traj.json", labels: {}, success: false },
        { labels: { task_id: "1", trial: "1" }, success: true },
        { labels: { task_id: "1" }, success: false },
        { run: "r-9", labels: { task_id: "1" }, success: true },
      ],
      targets,
      "grader",
    );
    expect(matched.map((m) => [m.runId, m.outcome.status])).toEqual([
      ["r-1", "success"],
      ["r-2", "failure"],
      ["r-2", "success"],
      ["r-1", "failure"],
      ["r-2", "failure"],
    ]);
    // An entry that names a run by id or file never falls back to its labels.
    expect(unmatched).toEqual([{ run: "r-9", labels: { task_id: "1" }, success: true }]);
    expect(matched[0]?.outcome).toEqual({ status: "success", score: 1, detail: "grader" });
  });
});
