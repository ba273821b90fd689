// lib/charts/iteration-table: the iterations table, absent fields kept absent.
import { expect, test } from "vitest";
import { formatTests, prepareIterationRows, type IterationTableFacts } from "@/lib/charts/iteration-table";
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
    score: -6,
    window: -9,
    risk: "HIGH",
    signals: ["negative_window"],
  });
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
