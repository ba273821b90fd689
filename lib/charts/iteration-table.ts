// The iterations tab's table (docs/dashboard.md): one row per stored iteration with
// what it touched, its tests and errors, its approach, and the docs/analysis.md#stagnation-detectors score,
// window score and risk beside it. Pure; O(iterations). Absent fields stay
// null so the table can show "—" rather than a made-up zero.
import type { StoredIteration } from "../schemas/records";
import type { Risk, StagnationIteration } from "../analysis/iteration-report-types";

export type IterationTableFacts = Pick<
  StoredIteration,
  "n" | "taskId" | "filesModified" | "tests" | "errors" | "approach" | "workKind" | "tokensUsed"
>;

export type IterationTableRow = {
  n: number;
  task: string | null;
  files: { count: number; list: string } | null;
  tests: string | null;
  errors: { count: number; first: string } | null;
  approach: string | null;
  workKind: string | null;
  tokens: number | null;
  score: number | null;
  window: number | null;
  risk: Risk | null;
  signals: string[];
};

/** `121 ✓ 1 ✗ 1 skipped` from the test counts; null when none were logged. */
export function formatTests(tests: IterationTableFacts["tests"]): string | null {
  if (!tests) return null;
  const parts: string[] = [];
  if (tests.passed != null) parts.push(`${tests.passed} ✓`);
  if (tests.failed != null) parts.push(`${tests.failed} ✗`);
  if (tests.skipped) parts.push(`${tests.skipped} skipped`);
  return parts.length ? parts.join(" ") : null;
}

export function prepareIterationRows(
  facts: readonly IterationTableFacts[],
  stagnation: readonly StagnationIteration[],
): IterationTableRow[] {
  const scored = new Map(stagnation.map((s) => [s.n, s]));
  return [...facts]
    .sort((a, b) => a.n - b.n)
    .map((f) => {
      const s = scored.get(f.n);
      return {
        n: f.n,
        task: f.taskId ?? null,
        files: f.filesModified ? { count: f.filesModified.length, list: f.filesModified.join("\n") } : null,
        tests: formatTests(f.tests),
        errors: f.errors ? { count: f.errors.length, first: f.errors[0] ?? "" } : null,
        approach: f.approach ?? null,
        workKind: f.workKind ?? null,
        tokens: f.tokensUsed ?? null,
        score: s?.score ?? null,
        window: s?.window_score ?? null,
        risk: s?.risk ?? null,
        signals: s?.signals ?? [],
      };
    });
}
