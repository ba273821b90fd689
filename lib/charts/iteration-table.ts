// The iterations tab's table (docs/dashboard.md): one row per stored iteration with
// what it touched, its tests and errors, its approach, and the docs/analysis.md#stagnation-detectors score,
// window score and risk beside it. An imported loop-breaker iteration log
// (docs/import.md#loop-breaker-iteration-log) also carries the harness's own
// score, risk and circuit state in the iteration's attrs: those are shown
// beside the replayed ones, never in their place. Pure; O(iterations).
// Absent fields stay null so the table can show "—" rather than a made-up zero.
import type { StoredIteration } from "../schemas/records";
import type { Risk, StagnationIteration } from "../analysis/iteration-report-types";

/** The iteration attrs in which an imported iteration log keeps what the harness itself logged. */
export const LOGGED_ATTRS = ["logged_progress_score", "logged_risk", "logged_circuit_state"] as const;

export type IterationTableFacts = Pick<
  StoredIteration,
  "n" | "taskId" | "filesModified" | "tests" | "errors" | "approach" | "workKind" | "tokensUsed"
> &
  Partial<Pick<StoredIteration, "attrs">>;

/** What the harness logged for an iteration, beside Loopscope's replay; null fields were not logged. */
export type LoggedReadings = { score: number | null; risk: Risk | null; state: string | null };

export type IterationTableRow = {
  n: number;
  task: string | null;
  files: { count: number; list: string } | null;
  tests: string | null;
  errors: { count: number; first: string } | null;
  approach: string | null;
  workKind: string | null;
  tokens: number | null;
  /** The iteration's calls' cost (the analysis's token_budget); null when none is priced or logged. */
  cost: number | null;
  score: number | null;
  window: number | null;
  risk: Risk | null;
  signals: string[];
  /** The harness's own readings, or null when the iteration carries none. */
  logged: LoggedReadings | null;
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

const RISKS: readonly string[] = ["LOW", "MEDIUM", "HIGH"] satisfies Risk[];

/** The logged score, risk and circuit state in an iteration's attrs; a value of the wrong kind counts as not logged. */
export function readLoggedReadings(attrs: Record<string, unknown> | undefined): LoggedReadings | null {
  if (!attrs) return null;
  const score = attrs.logged_progress_score;
  const risk = attrs.logged_risk;
  const state = attrs.logged_circuit_state;
  const logged: LoggedReadings = {
    score: typeof score === "number" && Number.isFinite(score) ? score : null,
    risk: typeof risk === "string" && RISKS.includes(risk) ? (risk as Risk) : null,
    state: typeof state === "string" && state !== "" ? state : null,
  };
  return logged.score === null && logged.risk === null && logged.state === null ? null : logged;
}

/** Whether any row has logged readings: the table shows its "Logged" column only then. */
export function hasLoggedReadings(rows: readonly IterationTableRow[]): boolean {
  return rows.some((r) => r.logged !== null);
}

export function prepareIterationRows(
  facts: readonly IterationTableFacts[],
  stagnation: readonly StagnationIteration[],
  costs: readonly { n: number; cost_usd: number | null }[] = [],
): IterationTableRow[] {
  const scored = new Map(stagnation.map((s) => [s.n, s]));
  const costOf = new Map(costs.map((c) => [c.n, c.cost_usd]));
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
        cost: costOf.get(f.n) ?? null,
        score: s?.score ?? null,
        window: s?.window_score ?? null,
        risk: s?.risk ?? null,
        signals: s?.signals ?? [],
        logged: readLoggedReadings(f.attrs),
      };
    });
}
