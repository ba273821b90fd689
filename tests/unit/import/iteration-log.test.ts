// docs/import.md#loop-breaker-iteration-log: the Markdown status log of a
// loop-breaker harness → iterations, the harness's own readings and its
// breaker events.
//
//   loop-status.md: 10 iterations, 4 minutes apart
//   1–2   progress: files modified, tests 38 → 41 passed
//   3–10  stuck: no files, the same TypeError every time, score −3 then −5
//   circuit (as logged): CLOSED ×5 · OPEN 6–7 · HALF_OPEN 8 · OPEN 9–10
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { iterationLogImporter } from "@/lib/import/iteration-log";
import type { StoredEvent, StoredIteration, StoredRecord, StoredRun } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { analyzeImported, importFixture } from "@/tests/support/import";

const LOG = readFileSync(
  path.resolve(import.meta.dirname, "../../fixtures/import/iteration-log/loop-status.md"),
  "utf8",
);
const ERROR = "TypeError: Cannot read properties of undefined (reading 'id')";

const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const events = (rs: StoredRecord[]) => rs.filter((r): r is StoredEvent => r.type === "event");
const hhmm = (us: number) => formatTimeUs(us).slice(11, 16);
const importLog = (text: string, fileName: string | null = "loop-status.md") =>
  importFixture(iterationLogImporter, text, { fileName });

describe("loop-status.md", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, LOG, { fileName: "loop-status.md" });
  const its = iterations(records);

  test("is detected; its run is the file name without extension, named by the # title", () => {
    expect([format, errors, runs]).toEqual(["iteration-log", [], ["loop-status"]]);
    expect(records.find((r): r is StoredRun => r.type === "run")?.name).toBe("Loop status — fix-auth-module");
  });

  test("each heading is an iteration (n, ts) whose bullets fill tasks, files, tests and errors", () => {
    expect(
      its.map((it) => [it.n, hhmm(it.tsUs), it.tasksCompleted, it.filesModified, it.tests, it.errors]).slice(0, 3),
    ).toEqual([
      [1, "10:00", 1, ["src/auth/session.ts", "src/auth/token.ts"], { passed: 38, failed: 7, skipped: 0 }, []],
      [2, "10:04", 0, ["src/auth/session.ts"], { passed: 41, failed: 4, skipped: 0 }, []],
      [3, "10:09", 0, [], { passed: 41, failed: 4, skipped: 0 }, [ERROR]],
    ]);
    expect(its).toHaveLength(10);
  });

  test("newly_passing is the growth of passed tests (0 when none, absent for the first iteration)", () => {
    expect(its.map((it) => it.newlyPassing)).toEqual([null, 3, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  test("api_calls is the drop in API calls remaining (absent for the first iteration)", () => {
    expect(its.map((it) => it.apiCalls)).toEqual([null, 5, 4, 5, 4, 5, 4, 5, 4, 5]);
  });

  test("the harness's readings land in attrs as logged_progress_score, logged_risk, logged_circuit_state", () => {
    expect(its[5]?.attrs).toMatchObject({
      logged_progress_score: -5,
      logged_risk: "HIGH",
      logged_circuit_state: "OPEN",
      logged_api_calls_remaining: 77,
      source_format: "iteration-log",
    });
    expect(its.map((it) => it.attrs.logged_progress_score)).toEqual([6, 4, -3, -5, -5, -5, -5, -5, -5, -5]);
  });

  test("each change of the logged circuit state is a breaker event at its iteration", () => {
    expect(events(records).map((e) => [e.kind, e.state, e.reason, hhmm(e.tsUs), e.attrs.from])).toEqual([
      ["breaker", "OPEN", "logged by the harness", "10:22", "CLOSED"],
      ["breaker", "HALF_OPEN", "logged by the harness", "10:31", "OPEN"],
      ["breaker", "OPEN", "logged by the harness", "10:36", "HALF_OPEN"],
    ]);
  });

  test("text outside iterations (the title, the intro, a Summary heading) is skipped, not rejected; blank lines are not counted", () => {
    expect(skipped).toBe(3);
  });

  test("the analysis finds the stuck loop: stagnation detectors fire and the loop breaker would have halted it", async () => {
    const report = await analyzeImported(records, "loop-status");
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["negative_window", 4],
      ["no_progress", 5],
      ["same_error", 7],
    ]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 4, reason: "negative_window" });
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 6, ms: 27 * 60_000 });
    expect(report.stagnation.iterations.map((r) => r.risk).slice(3)).toEqual(Array(7).fill("HIGH"));
  });
});

describe("reading the log", () => {
  test("the run id: the upload's, else the file name without extension, else iteration-log", async () => {
    const one = "## Iteration 1 — 2026-03-04T10:00:00Z\n- Tasks completed: 0\n";
    expect((await importLog(one, "logs/status.md.gz")).runs).toEqual(["status"]);
    expect((await importLog(one, null)).runs).toEqual(["iteration-log"]);
    expect((await importFixture(iterationLogImporter, one, { runId: "r-9", fileName: "x.md" })).runs).toEqual(["r-9"]);
  });

  test.each([
    ["em dash", "## Iteration 3 — 2026-03-04T10:00:00Z"],
    ["en dash", "## Iteration 3 – 2026-03-04T10:00:00Z"],
    ["hyphen", "## Iteration 3 - 2026-03-04T10:00:00+02:00"],
  ])("a heading with an %s is an iteration", async (_dash, heading) => {
    const { records, errors } = await importLog(`${heading}\n- Tasks completed: 2\n`);
    expect(errors).toEqual([]);
    expect(iterations(records).map((it) => [it.n, it.tasksCompleted])).toEqual([[3, 2]]);
  });

  test("sub-bullets add errors and files; fields the format knows beyond the harness's eight are read", async () => {
    const log = [
      "## Iteration 1 — 2026-03-04T10:00:00Z",
      "- **Errors encountered:**",
      "  - ReferenceError: token is not defined",
      "  - build failed",
      "- Files modified: `src/a.ts`",
      "  - src/b.ts",
      "- Tokens used: 12,400",
      "- Work kind: test fix",
      "- Approach: null-check patch",
    ].join("\n");
    const [it] = iterations((await importLog(log)).records);
    expect(it).toMatchObject({
      errors: ["ReferenceError: token is not defined", "build failed"],
      filesModified: ["src/a.ts", "src/b.ts"],
      tokensUsed: 12400,
      workKind: "test_fix",
      approach: "null-check patch",
    });
  });

  test("a bullet that does not fit is rejected with its line; the iteration keeps its other fields", async () => {
    const log = [
      "# Status", //                                        1
      "- Started by cron", //                                2  before any iteration: skipped
      "## Iteration 1 — 2026-03-04T10:00:00Z", //           3
      "- Tasks completed: one", //                           4
      "- Mood: optimistic", //                               5
      "- Circuit state: AJAR", //                            6
      "- Tests: 4 passed, most failed", //                   7
      "- Files modified: src/a.ts", //                       8
      "## Iteration 2 — yesterday", //                       9
      "- Tasks completed: 1", //                            10
      "## Iteration 1 — 2026-03-04T10:05:00Z", //          11
    ].join("\n");
    const { records, errors } = await importLog(log);
    expect(errors).toEqual([
      { line: 4, message: '"Tasks completed" is not a count: "one"' },
      { line: 5, message: 'unknown field "Mood"' },
      { line: 6, message: '"Circuit state" must be one of CLOSED, OPEN, HALF_OPEN: "AJAR"' },
      { line: 7, message: '"Tests" should read "41 passed, 2 failed, 0 skipped": "4 passed, most failed"' },
      { line: 9, message: 'iteration heading: "yesterday" is not an ISO-8601 time with an offset or Z' },
      { line: 10, message: "belongs to the rejected iteration heading on line 9" },
      { line: 11, message: "iteration 1 is already on line 3" },
    ]);
    expect(iterations(records).map((it) => [it.n, it.filesModified, it.tasksCompleted])).toEqual([
      [1, ["src/a.ts"], null],
    ]);
  });

  test("a first logged state other than CLOSED is a change (the harness starts CLOSED); the same state again is none", async () => {
    const log = [
      "## Iteration 1 — 2026-03-04T10:00:00Z",
      "- Circuit state: half-open",
      "## Iteration 2 — 2026-03-04T10:05:00Z",
      "- Circuit state: HALF_OPEN",
    ];
    const { records } = await importLog(log.join("\n"));
    expect(events(records).map((e) => [e.state, e.detail])).toEqual([
      ["HALF_OPEN", "CLOSED → HALF_OPEN at iteration 1"],
    ]);
  });
});

test("importing the same log twice gives identical records", async () => {
  const [first, again] = [await importLog(LOG), await importLog(LOG)];
  expect(again.records).toEqual(first.records);
});
