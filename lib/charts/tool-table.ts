// The tools tab (docs/analysis.md#bottlenecks, docs/analysis.md#timeouts, docs/dashboard.md): the docs/analysis.md#bottlenecks tool rows joined with their
// p95 duration (from SQL), their bottleneck reasons explained in words with
// the figures behind them, the inputs they were called with again and again
// (docs/analysis.md#identical-calls), their per-tool breaker openings and timeouts; then
// sorted by a column. A reason judged against the team's baseline
// (docs/analysis.md#team-baselines) says so: "4× its usual 12.0 s (the team's p95 over 7 runs)". Also the bar series of total time by tool.
// Pure; O(tools · log tools). It does not round: formatting is the renderer's.
import type { AnalysisReport } from "../analysis/analyze";
import type { BottleneckReason } from "../analysis/tools";
import { formatDuration, formatPct } from "../format";
import { plural } from "../plural";
import { isAlarmingBottleneck } from "./bottlenecks";

export const TOOL_SORT_KEYS = [
  "tool",
  "calls",
  "failures",
  "fail_rate",
  "total_ms",
  "avg_ms",
  "p95_ms",
  "cost_usd",
] as const;
export type ToolSortKey = (typeof TOOL_SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";

export type ReasonBadge = { kind: BottleneckReason["kind"]; title: string };

export type ToolTableRow = {
  tool: string;
  calls: number;
  failures: number;
  fail_rate: number;
  total_ms: number;
  avg_ms: number;
  p95_ms: number | null;
  /** docs/analysis.md#costs: null when unknown. */
  cost_usd: number | null;
  reasons: ReasonBadge[];
  /** The tool's repeated_calls entries, in report order (by first_at). */
  repeated: { input: string; calls: number; first_at: string }[];
  breaker: { openings: number; blocked_calls: number; blocked_ms: number } | null;
  timeout: { timeout_s: number; exceeded_calls: number; excess_ms: number } | null;
};

/** Milliseconds with up to two decimals and no trailing zeros: 151.35 ms, 3 609.93 ms. */
export function formatMsExact(ms: number): string {
  return `${Number(ms.toFixed(2)).toLocaleString("en-US")} ms`;
}

/** A figure with up to two decimals and no trailing zeros: 41.5, 1,204. */
const formatFigure = (n: number) => Number(n.toFixed(2)).toLocaleString("en-US");

/** "4× its usual 12.0 s (the team's p95 over 7 runs)": a figure against the team's baseline of it. */
function againstUsual(value: number, usual: number, usualText: string, runs: number | undefined): string {
  const times = usual > 0 ? `${formatFigure(value / usual)}× its usual` : "above its usual";
  return `${times} ${usualText} (the team's p95 over ${runs === undefined ? "? runs" : plural(runs, "run")})`;
}

/** The hover text of a bottleneck badge: the figure against its threshold. */
export function explainReason(r: BottleneckReason, s: AnalysisReport["settings"]): string {
  switch (r.kind) {
    case "slow":
      if (r.baseline_ms !== undefined) {
        const usual = againstUsual(r.avg_ms, r.baseline_ms, formatDuration(r.baseline_ms), r.baseline_runs);
        return `avg ${formatDuration(r.avg_ms)} is ${usual} ≥ threshold ${formatMsExact(r.threshold_ms)} (max(usual × slow_ratio ${s.slow_ratio}, min_slow_ms ${s.min_slow_ms}))`;
      }
      return `avg ${formatMsExact(r.avg_ms)} ≥ threshold ${formatMsExact(r.threshold_ms)} (max(median avg × slow_ratio ${s.slow_ratio}, min_slow_ms ${s.min_slow_ms}))`;
    case "failing":
      return `fail rate ${formatPct(r.fail_rate, 1)} ≥ threshold ${formatPct(s.fail_rate)} over ${plural(r.calls, "call")} (≥ 2)`;
    case "overcalled":
      if (r.per_iteration !== undefined && r.baseline_per_iteration !== undefined) {
        const usual = againstUsual(
          r.per_iteration,
          r.baseline_per_iteration,
          `${formatFigure(r.baseline_per_iteration)} per iteration`,
          r.baseline_runs,
        );
        return `${formatFigure(r.per_iteration)} calls per iteration is ${usual} ≥ slow_ratio ${s.slow_ratio}; ${plural(r.calls, "call")} ≥ overcall_calls ${s.overcall_calls}`;
      }
      return `${plural(r.calls, "call")} ≥ threshold overcall_calls ${s.overcall_calls}`;
    case "repeated":
      return `${plural(r.calls, "call")} with the same input ${r.input} (it came ${plural(s.repeat_calls, "time")} within ${plural(s.repeat_window, "call")})`;
  }
}

export function parseToolSort(
  sort: string | undefined,
  order: string | undefined,
): { sort: ToolSortKey; order: SortOrder } {
  const key = (TOOL_SORT_KEYS as readonly string[]).includes(sort ?? "") ? (sort as ToolSortKey) : "total_ms";
  const dir: SortOrder = order === "asc" || order === "desc" ? order : key === "tool" ? "asc" : "desc";
  return { sort: key, order: dir };
}

export function prepareToolTable(
  report: Pick<AnalysisReport, "tools" | "bottlenecks" | "repeated_calls" | "tool_breakers" | "timeouts" | "settings">,
  p95ByTool: Readonly<Record<string, number>>,
  sort: ToolSortKey = "total_ms",
  order: SortOrder = "desc",
): ToolTableRow[] {
  const reasons = new Map(report.bottlenecks.map((b) => [b.tool, b.reasons]));
  const breakers = new Map(report.tool_breakers.map((b) => [b.tool, b]));
  const timeouts = new Map(report.timeouts.map((t) => [t.tool, t]));
  const repeated = new Map<string, ToolTableRow["repeated"]>();
  for (const r of report.repeated_calls) {
    const list = repeated.get(r.tool) ?? [];
    list.push({ input: r.input, calls: r.calls, first_at: r.first_at });
    repeated.set(r.tool, list);
  }
  const rows: ToolTableRow[] = report.tools.map((t) => {
    const b = breakers.get(t.tool);
    const to = timeouts.get(t.tool);
    return {
      ...t,
      p95_ms: p95ByTool[t.tool] ?? null,
      reasons: (reasons.get(t.tool) ?? []).map((r) => ({ kind: r.kind, title: explainReason(r, report.settings) })),
      repeated: repeated.get(t.tool) ?? [],
      breaker: b ? { openings: b.opened.length, blocked_calls: b.blocked_calls, blocked_ms: b.blocked_ms } : null,
      timeout: to ? { timeout_s: to.timeout_s, exceeded_calls: to.exceeded_calls, excess_ms: to.excess_ms } : null,
    };
  });
  return rows.sort((a, b) => compareRows(a, b, sort, order));
}

/** Sort by the key (nulls always last), ties on the tool name ascending (docs/analysis.md#order-ties-and-figures). */
function compareRows(a: ToolTableRow, b: ToolTableRow, key: ToolSortKey, order: SortOrder): number {
  const byName = a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0;
  if (key === "tool") return order === "asc" ? byName : -byName;
  const x = a[key];
  const y = b[key];
  if (x === y) return byName;
  if (x == null) return 1;
  if (y == null) return -1;
  return order === "asc" ? x - y : y - x;
}

export type ToolTotalBar = { tool: string; total_s: number; bottleneck: boolean };

/** Total time by tool in seconds, largest first, for the bar chart; alarming bottlenecks flagged (lib/charts/bottlenecks). */
export function prepareToolTotals(report: Pick<AnalysisReport, "tools" | "bottlenecks">): ToolTotalBar[] {
  const flagged = new Set(report.bottlenecks.filter(isAlarmingBottleneck).map((b) => b.tool));
  return report.tools
    .map((t) => ({ tool: t.tool, total_s: t.total_ms / 1000, bottleneck: flagged.has(t.tool) }))
    .sort((a, b) => b.total_s - a.total_s || (a.tool < b.tool ? -1 : 1));
}
