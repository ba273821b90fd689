// lib/charts/iteration-table: the iterations table, absent fields kept absent.
import { expect, test } from "vitest";
import {
  formatTests,
  hasLoggedReadings,
  prepareIterationRows,
  readLoggedReadings,
  type IterationTableFacts,
} from "@/lib/charts/iteration-table";
import { makeIterationFacts } from "@/tests/support/records";
import { scored } from "./factories";

const it = (n: number, patch: Partial<IterationTableFacts> = {}): IterationTableFacts => ({
  ...makeIterationFacts(n),
  ...patch,
});

test("a row carries the iteration's facts beside its score, window and risk", () => {
  const [row] = prepareIterationRows(
    [
      it(11, {
        taskId: "t-3",
        filesModified: ["a.ts", "b.ts"],
        tests: { passed: 120, failed: 3 },
        errors: ["TypeError: x", "E2"],
        approach: "null-check patch",
        workKind: "test_fix",
      }),
    ],
    [{ ...scored(11, -6, -9, "HIGH"), signals: ["negative_window"] }],
    [{ n: 11, cost_usd: 0.0421 }],
  );
  expect(row).toEqual({
    n: 11,
    task: "t-3",
    files: { count: 2, list: "a.ts\nb.ts" },
    tests: "120 ✓ 3 ✗",
    errors: { count: 2, first: "TypeError: x" },
    approach: "null-check patch",
    workKind: "test_fix",
    tokens: null,
    cost: 0.0421,
    score: -6,
    window: -9,
    risk: "HIGH",
    signals: ["negative_window"],
    logged: null,
  });
});

test("an iteration the analysis has no cost for shows none (a gap, not $0)", () => {
  expect(prepareIterationRows([it(1), it(2)], [], [{ n: 1, cost_usd: null }]).map((r) => r.cost)).toEqual([null, null]);
});

test("an empty files list is 0 files; an absent one is null (docs/analysis.md#absent-and-empty-fields)", () => {
  const rows = prepareIterationRows([it(1, { filesModified: [] }), it(2)], []);
  expect(rows.map((r) => r.files)).toEqual([{ count: 0, list: "" }, null]);
});

test("an iteration the analysis did not score has null score, window and risk", () => {
  expect(prepareIterationRows([it(1)], [])[0]).toMatchObject({ score: null, window: null, risk: null });
});

test("formatTests shows skipped only when some were", () => {
  expect(formatTests({ passed: 1, failed: 0, skipped: 0 })).toBe("1 ✓ 0 ✗");
  expect(formatTests({ passed: 1, failed: 0, skipped: 2 })).toBe("1 ✓ 0 ✗ 2 skipped");
  expect(formatTests(null)).toBeNull();
  expect(formatTests({})).toBeNull();
});

test("an imported iteration log's own score, risk and state sit beside the replayed ones", () => {
  const attrs = { logged_progress_score: 4, logged_risk: "LOW", logged_circuit_state: "CLOSED", source_id: "x" };
  const [row] = prepareIterationRows([it(7, { attrs })], [scored(7, 2, 5, "MEDIUM")]);
  expect(row).toMatchObject({ score: 2, risk: "MEDIUM", logged: { score: 4, risk: "LOW", state: "CLOSED" } });
});

test("the Logged column appears only when some iteration carries a logged reading", () => {
  const plain = prepareIterationRows([it(1), it(2, { attrs: { source_key: "s#1" } })], []);
  expect(hasLoggedReadings(plain)).toBe(false);
  const mixed = prepareIterationRows([it(1), it(2, { attrs: { logged_risk: "HIGH" } })], []);
  expect(hasLoggedReadings(mixed)).toBe(true);
  expect(mixed.map((r) => r.logged)).toEqual([null, { score: null, risk: "HIGH", state: null }]);
});

test.each([
  [{ logged_progress_score: -3 }, { score: -3, risk: null, state: null }],
  [{ logged_progress_score: "4" }, null],
  [{ logged_risk: "SEVERE" }, null],
  [{ logged_circuit_state: "" }, null],
  [{ logged_circuit_state: "HALF_OPEN" }, { score: null, risk: null, state: "HALF_OPEN" }],
  [{}, null],
])("a logged reading of the wrong kind counts as not logged: %o", (attrs, logged) => {
  expect(readLoggedReadings(attrs)).toEqual(logged);
});
