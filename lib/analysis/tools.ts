// docs/analysis.md#bottlenecks (+ docs/analysis.md#order-ties-and-figures): the tool table and its bottlenecks;
// the `repeated` reason comes from the identical-calls rule (repeated-calls.ts), and with
// team_baselines a tool with a team baseline is `slow` or `overcalled` against it (team-baselines.ts).
// O(tools · log tools). Works on the per-tool aggregates (ToolAggregate),
// never on raw spans: the source (database or memory) has already summed
// them. Figures are not rounded here; rounding is the renderer's business,
// so a threshold comparison and the number shown never disagree.
import type { ToolBaseline, ToolBaselines } from "../schemas/tool-baselines";
import type { AnalysisSettings } from "./settings";
import type { RepeatedCall } from "./repeated-calls";
import { baselineOf, baselineOvercallPerIteration, baselineSlowMs } from "./team-baselines";
import type { ToolAggregate } from "./types";

export type ToolRow = {
  tool: string;
  calls: number;
  failures: number;
  total_ms: number;
  avg_ms: number;
  fail_rate: number;
  /** docs/analysis.md#costs: what its calls cost; null when unknown (no logged cost, no price). */
  cost_usd: number | null;
};

/** With a team baseline (docs/analysis.md#team-baselines), `slow` and `overcalled` name it and the runs it comes from. */
export type BottleneckReason =
  | { kind: "slow"; avg_ms: number; threshold_ms: number; baseline_ms?: number; baseline_runs?: number }
  | { kind: "failing"; fail_rate: number; calls: number }
  | {
      kind: "overcalled";
      calls: number;
      per_iteration?: number;
      baseline_per_iteration?: number;
      baseline_runs?: number;
    }
  | { kind: "repeated"; calls: number; input: string };

export type Bottleneck = { tool: string; reasons: BottleneckReason[]; total_ms: number };

export type BottleneckSettings = Pick<
  AnalysisSettings,
  | "slow_ratio"
  | "fail_rate"
  | "min_slow_ms"
  | "overcall_calls"
  | "slow_compare"
  | "overcall_per_iteration"
  | "human_tools"
  | "container_tools"
  | "permission_tools"
  | "team_baselines"
>;

/**
 * What the rules know of the run beside the tool rows: its model-call tools,
 * its iterations, and the team's baselines of its tools (read with team_baselines).
 */
export type BottleneckContext = {
  llmTools?: ReadonlySet<string>;
  iterations?: number;
  baselines?: Readonly<ToolBaselines>;
};

/** Largest total_ms first; ties break on the tool name (docs/analysis.md#order-ties-and-figures). */
export function byTotalMsThenName(
  a: { tool: string; total_ms: number },
  b: { tool: string; total_ms: number },
): number {
  if (b.total_ms !== a.total_ms) return b.total_ms - a.total_ms;
  return a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0;
}

/** One row per tool with at least one call, ordered by total_ms desc. `costs`: per tool (costs.ts). */
export function summariseTools(
  aggregates: readonly ToolAggregate[],
  costs: ReadonlyMap<string, number | null> = new Map(),
): ToolRow[] {
  return aggregates
    .filter((a) => a.calls > 0)
    .map((a) => {
      const total = Math.max(0, a.totalMs);
      return {
        tool: a.tool,
        calls: a.calls,
        failures: a.failures,
        total_ms: total,
        avg_ms: total / a.calls,
        fail_rate: a.failures / a.calls,
        cost_usd: costs.get(a.tool) ?? null,
      };
    })
    .sort(byTotalMsThenName);
}

/** The upper median: sort ascending, take index ⌊count/2⌋. 0 for no values. */
export function upperMedian(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The avg_ms from which a tool is `slow`: max(median × slow_ratio, min_slow_ms). */
export function slowThresholdMs(
  rows: readonly ToolRow[],
  s: Pick<BottleneckSettings, "slow_ratio" | "min_slow_ms">,
): number {
  return Math.max(upperMedian(rows.map((r) => r.avg_ms)) * s.slow_ratio, s.min_slow_ms);
}

/** docs/analysis.md#human-waits, #containers: the tools whose calls are a person's or other agents' work — never overcalled. */
export function notTheAgentsTools(s: Pick<AnalysisSettings, "human_tools" | "container_tools">): ReadonlySet<string> {
  return new Set([...s.human_tools, ...s.container_tools]);
}

/**
 * docs/analysis.md#human-waits, #permission-waits, #containers: the tools whose
 * time is not their own — a person's answer, a permission prompt held open, a
 * container's children — never slow, timed out or part of a median.
 */
export function untimedTools(
  s: Pick<AnalysisSettings, "human_tools" | "container_tools" | "permission_tools">,
): ReadonlySet<string> {
  return new Set([...notTheAgentsTools(s), ...s.permission_tools]);
}

/**
 * docs/analysis.md#bottlenecks, like with like: the rows a tool's speed is
 * judged against — every timed row (`all`), or with `kind` the rows of its own
 * kind (model calls with model calls, tools with tools). A person's wait and a
 * container (human_tools, container_tools) are never judged nor part of a median.
 */
function peersOf(
  rows: readonly ToolRow[],
  s: BottleneckSettings,
  llm: ReadonlySet<string>,
  untimed: ReadonlySet<string>,
) {
  const timed = rows.filter((r) => !untimed.has(r.tool));
  if (s.slow_compare === "all") return (_row: ToolRow) => timed;
  const models = timed.filter((r) => llm.has(r.tool));
  const tools = timed.filter((r) => !llm.has(r.tool));
  return (row: ToolRow) => (llm.has(row.tool) ? models : tools);
}

/**
 * Per tool, its identical calls with the most calls (the first to repeat on a
 * tie): the `repeated` reason (docs/analysis.md#identical-calls). One reason a
 * tool, like the others; repeated_calls lists every key.
 */
function repeatedByTool(repeated: readonly RepeatedCall[]): Map<string, RepeatedCall> {
  const out = new Map<string, RepeatedCall>();
  for (const r of repeated) {
    const best = out.get(r.tool);
    if (!best || r.calls > best.calls) out.set(r.tool, r);
  }
  return out;
}

/** A row's bars: its slow threshold (null: never slow), its team baseline, whether its calls are a person's or a container's. */
type Bars = { slowMs: number | null; baseline: ToolBaseline | undefined; notTheAgents: boolean };

function reasonsFor(
  row: ToolRow,
  { slowMs, baseline, notTheAgents }: Bars,
  s: BottleneckSettings,
  repeated: RepeatedCall | undefined,
  iterations: number,
): BottleneckReason[] {
  const reasons: BottleneckReason[] = [];
  if (slowMs !== null && row.avg_ms >= slowMs) {
    const usual = baseline ? { baseline_ms: baseline.p95_ms, baseline_runs: baseline.runs } : {};
    reasons.push({ kind: "slow", avg_ms: row.avg_ms, threshold_ms: slowMs, ...usual });
  }
  const failing = row.fail_rate >= s.fail_rate && row.calls >= 2;
  if (failing) reasons.push({ kind: "failing", fail_rate: row.fail_rate, calls: row.calls });
  const mostlyBad = failing || (repeated !== undefined && repeated.calls * 2 >= row.calls);
  const overcalled = overcalledReason(row, s, mostlyBad, iterations, baseline, notTheAgents);
  if (overcalled) reasons.push(overcalled);
  if (repeated) reasons.push({ kind: "repeated", calls: repeated.calls, input: repeated.input });
  return reasons;
}

/**
 * docs/analysis.md#bottlenecks: at least overcall_calls calls and, with
 * overcall_per_iteration set, abnormal too — that many calls per iteration on
 * average, slow_ratio × the team's usual calls per iteration of the tool
 * (docs/analysis.md#team-baselines), or calls that mostly fail or mostly
 * repeat one input. A container or a person's wait never is.
 */
function overcalledReason(
  row: ToolRow,
  s: BottleneckSettings,
  mostlyBad: boolean,
  iterations: number,
  baseline: ToolBaseline | undefined,
  notTheAgents: boolean,
): BottleneckReason | null {
  if (row.calls < s.overcall_calls || notTheAgents) return null;
  const plain = { kind: "overcalled" as const, calls: row.calls };
  if (s.overcall_per_iteration === 0) return plain;
  const perIteration = row.calls / Math.max(1, iterations);
  const usualBar = baseline ? baselineOvercallPerIteration(baseline, iterations, s) : null;
  if (baseline && usualBar !== null && perIteration >= usualBar) {
    const usual = baseline.calls_per_iteration_p95 ?? 0;
    return { ...plain, per_iteration: perIteration, baseline_per_iteration: usual, baseline_runs: baseline.runs };
  }
  return mostlyBad || perIteration >= s.overcall_per_iteration ? plain : null;
}

/** Every tool with at least one reason, largest total_ms first. `repeated`: the run's repeated_calls. */
export function findBottlenecks(
  rows: readonly ToolRow[],
  s: BottleneckSettings,
  repeated: readonly RepeatedCall[] = [],
  ctx: BottleneckContext = {},
): Bottleneck[] {
  if (rows.length === 0) return [];
  const untimed = untimedTools(s);
  const others = notTheAgentsTools(s);
  const peers = peersOf(rows, s, ctx.llmTools ?? new Set(), untimed);
  const thresholds = new Map<readonly ToolRow[], number>();
  // A tool with a team baseline is slow against its own usual time, any other against its peers.
  const barsOf = (row: ToolRow): Bars => {
    const baseline = baselineOf(row.tool, ctx.baselines ?? {}, s);
    if (untimed.has(row.tool)) return { slowMs: null, baseline, notTheAgents: others.has(row.tool) };
    if (baseline) return { slowMs: baselineSlowMs(baseline, s), baseline, notTheAgents: false };
    const group = peers(row);
    if (!thresholds.has(group)) thresholds.set(group, slowThresholdMs(group, s));
    return { slowMs: thresholds.get(group) ?? null, baseline, notTheAgents: false };
  };
  const repeats = repeatedByTool(repeated);
  return rows
    .map((row) => ({
      tool: row.tool,
      reasons: reasonsFor(row, barsOf(row), s, repeats.get(row.tool), ctx.iterations ?? 0),
      total_ms: row.total_ms,
    }))
    .filter((b) => b.reasons.length > 0)
    .sort(byTotalMsThenName);
}
