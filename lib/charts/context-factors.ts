// The context card (docs/analysis.md#context-clear): the decision and every factor
// with its value against its threshold, in the documented order, saying which
// fired and where token usage is the 1 %/minute estimate. Pure; O(1).
import type { ContextClearReport, ContextFactorName } from "../analysis/iteration-report-types";
import { CONTEXT_FACTORS } from "../analysis/iteration-report-types";

export type ContextFactorRow = {
  factor: ContextFactorName;
  label: string;
  value: string;
  /** `≥ 60 %` — the comparison that fires the factor, with its threshold. */
  threshold: string;
  fired: boolean;
  estimated: boolean;
  note: string | null;
};

const FACTOR_TEXT: Record<ContextFactorName, { label: string; unit: string; op: "≥" | ">" }> = {
  token_usage: { label: "Token usage (context fill)", unit: " %", op: "≥" },
  task_complexity: { label: "Task complexity", unit: " / 10", op: "≥" },
  completed_tasks: { label: "Completed tasks since last clear", unit: "", op: "≥" },
  error_rate: { label: "Error rate (last 5 finished tasks)", unit: " %", op: ">" },
  absolute_limit: { label: "Absolute task limit", unit: "", op: "≥" },
};

/**
 * What the figures alone do not say: whose complexity, and that the error rate needs a
 * full window. A factor with nothing to measure (no current task, fewer than 5
 * finished tasks) shows its value as "—".
 */
function noteFor(factor: ContextFactorName, taskId: string | null): string | null {
  if (factor === "task_complexity" && taskId) return `task ${taskId}`;
  if (factor === "error_rate") return "fires only once 5 tasks have finished";
  return null;
}

const num = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function prepareContextFactors(ctx: ContextClearReport): ContextFactorRow[] {
  return CONTEXT_FACTORS.map((factor) => {
    const f = ctx.factors[factor];
    const t = FACTOR_TEXT[factor];
    return {
      factor,
      label: t.label,
      value: f && f.value !== null ? `${num(f.value)}${t.unit}` : "—",
      threshold: f ? `${t.op} ${num(f.threshold)}${t.unit}` : "—",
      fired: f?.fired ?? false,
      estimated: f?.estimated ?? false,
      note: noteFor(factor, f?.task_id ?? null),
    };
  });
}

/** The one-line summary the overview strip shows. */
export function summariseContext(ctx: ContextClearReport): string {
  const fired = prepareContextFactors(ctx).filter((f) => f.fired);
  if (ctx.decision === "keep") return "keep — no factor fired";
  const first = ctx.first_recommended_at ? `, first at iteration ${ctx.first_recommended_at.iteration}` : "";
  return `clear — ${fired.map((f) => f.label.toLowerCase() + (f.estimated ? " (estimated)" : "")).join(", ")}${first}`;
}
