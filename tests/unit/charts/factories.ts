// Tiny factories for the chart preparers' tests: scored iterations and ISO
// times from the run start. The empty report is tests/support/analysis-report.ts.
import type { StagnationIteration } from "@/lib/analysis/iteration-report-types";

export const scored = (
  n: number,
  score: number,
  window_score: number,
  risk: StagnationIteration["risk"] = "LOW",
): StagnationIteration => ({ n, score, window_score, risk, signals: [] });

/** ISO time `s` seconds after 2025-11-30T10:00:00Z. */
export const at = (s: number): string => new Date(Date.UTC(2025, 10, 30, 10, 0, 0) + s * 1000).toISOString();
export const RUN_START = at(0);
