// docs/analysis.md#human-waits, docs/analysis.md#permission-waits: the time inside an
// iteration that a person held — a question answered (`human_tools`), a permission
// prompt held open (`permission_tools`) — per iteration. It serves the interactive
// lens only (`prompt_waits_excluded`, docs/analysis.md#profiles): iteration-context.ts
// takes it out of the agent's time, and with the setting off no tool waits, so the
// loop, autonomous and spans lenses take out nothing. A call counts at its
// `iteration`, else at the iteration covering its t0 (span-tokens.ts), as its tokens do.
// Calls that overlap — parallel writes, each held on the prompt — are merged: the
// union of their [t0, t1] is the wait, never their sum (a sweep in t0 order adds
// what each call reaches past the latest end before it). A source sums it — the
// database in SQL (db/analysis-totals.ts, held to this rule by
// tests/integration/analysis-sources.test.ts). O(calls · log calls).
// Deliberately does not clip a wait to its iteration's time span, nor count a
// container's call (`container_tools`: a subagent's time is agent time); where a
// wait outlasts the iteration, iteration-context.ts floors the agent's time at 0.
import type { AnalysisSettings } from "./settings";
import { coveringIteration, type IterationBounds } from "./span-tokens";

export type HumanWaitSettings = Pick<AnalysisSettings, "human_tools" | "permission_tools" | "prompt_waits_excluded">;

/** The merged wait of the calls placed at iteration n, in ms (from whole microseconds). */
export type HumanWaitSum = { iteration: number; ms: number };

/** The fields of a call the rule reads. */
export type WaitCall = { name: string; iteration: number | null; t0Us: number; t1Us: number };

/** The tools whose calls are a person's time inside an iteration: none unless prompt_waits_excluded. */
export function humanWaitTools(s: HumanWaitSettings): string[] {
  if (!s.prompt_waits_excluded) return [];
  return [...new Set([...s.human_tools, ...s.permission_tools])].sort();
}

/** Per iteration (in n order), the union of its wait calls' [t0, t1]; a call with t1 before t0 lasts 0. */
export function sumHumanWaits(calls: Iterable<WaitCall>, b: IterationBounds, s: HumanWaitSettings): HumanWaitSum[] {
  const tools = new Set(humanWaitTools(s));
  if (tools.size === 0) return [];
  const byIteration = new Map<number, [number, number][]>();
  for (const c of calls) {
    if (!tools.has(c.name)) continue;
    const n = c.iteration ?? coveringIteration(b, c.t0Us);
    if (n === null) continue;
    const list = byIteration.get(n) ?? [];
    list.push([c.t0Us, Math.max(c.t0Us, c.t1Us)]);
    byIteration.set(n, list);
  }
  return [...byIteration]
    .sort(([a], [b]) => a - b)
    .map(([iteration, intervals]) => ({ iteration, ms: unionUs(intervals) / 1000 }));
}

/** The length of a union of intervals: in t0 order, each adds what it reaches past the latest end before it. */
function unionUs(intervals: [number, number][]): number {
  intervals.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let endUs = -Infinity;
  let total = 0;
  for (const [t0, t1] of intervals) {
    total += Math.max(0, t1 - Math.max(t0, endUs));
    endUs = Math.max(endUs, t1);
  }
  return total;
}
