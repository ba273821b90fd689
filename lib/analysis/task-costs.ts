// docs/analysis.md#costs: per task, its tokens and what its calls cost. A call
// belongs to the task it names, else to its iteration's current task
// (docs/analysis.md#current-task) — the placing of task tokens
// (iteration-context.ts). Tokens are the task's final total as the token
// layer counts it; a task no iteration works on has its record's tokens_used.
// O(sums + iterations + tasks). Deliberately does not price anything itself:
// costs.ts does.
import type { StoredTask } from "../schemas/records";
import { costsBy, type SpanCostSum } from "./costs";
import { mergeTaskRecords, type IterationView } from "./iteration-context";
import type { TaskCost } from "./iteration-report-types";
import type { Pricer } from "./pricer";

/** Tasks in the order iterations first work on them, then the others by id. */
export function listTaskCosts(
  views: readonly IterationView[],
  tasks: StoredTask[],
  sums: readonly SpanCostSum[],
  pricer: Pricer,
): TaskCost[] {
  const taskOfN = new Map(views.map((v) => [v.it.n, v.taskId]));
  const costs = costsBy(
    sums,
    (s) => s.taskId ?? (s.iteration === null ? null : (taskOfN.get(s.iteration) ?? null)),
    pricer,
  );
  const tokens = new Map<string, number | null>();
  for (const v of views) if (v.taskId !== null) tokens.set(v.taskId, v.taskTokens);
  const records = mergeTaskRecords(tasks);
  const others = [...new Set([...records.keys(), ...costs.keys()])]
    .filter((id): id is string => id !== null && !tokens.has(id))
    .sort();
  for (const id of others) tokens.set(id, records.get(id)?.tokensUsed ?? null);
  return [...tokens].map(([task_id, t]) => ({ task_id, tokens: t, cost_usd: costs.get(task_id) ?? null }));
}
