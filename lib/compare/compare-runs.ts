// Compare two runs side by side (docs/dashboard.md Compare): prepares rows of figures
// for run A and run B with the delta B − A and which side is worse, so the
// page only formats and colours. Pure; O(tools · log tools). It does not
// format numbers (the component does) and it does not judge text verdicts
// beyond "they differ".
import type { AnalysisReport } from "../analysis/analyze";
import type { RunSummary } from "../schemas/api";
import { OUTCOME_SOURCE_WORDS } from "../schemas/run-outcome";
import { countBottlenecks } from "../charts/bottlenecks";
import { runCostOf } from "../charts/overview";

export type Unit = "count" | "ms" | "tokens" | "pct" | "usd";
export type Side = "a" | "b";
/** A numeric row; null means "not there" (a tool the run never called), not zero. */
export type FigureRow = {
  key: string;
  label: string;
  unit: Unit;
  a: number | null;
  b: number | null;
  delta: number | null;
  worse: Side | null;
};
export type TextRow = { key: string; label: string; a: string; b: string; differs: boolean };
export type ToolStat = { calls: number; failures: number; total_ms: number; avg_ms: number };
export type ToolCompareRow = {
  tool: string;
  a: ToolStat | null;
  b: ToolStat | null;
  delta: ToolStat | null;
  worse: Side | null;
};
export type ComparedRun = { run: RunSummary; report: AnalysisReport };

export type RunComparison = {
  counts: FigureRow[];
  tools: ToolCompareRow[];
  stagnation: { rows: FigureRow[]; detectors: TextRow[] };
  loopBreaker: { rows: FigureRow[]; verdict: TextRow[] };
  status: TextRow[];
};

/** Lower is better unless `higherIsBetter`; equal values (or a missing side) mark nobody. */
export function figureRow(
  key: string,
  label: string,
  unit: Unit,
  a: number | null,
  b: number | null,
  higherIsBetter = false,
): FigureRow {
  const delta = a == null || b == null ? null : b - a;
  let worse: Side | null = null;
  if (delta != null && delta !== 0) worse = delta > 0 !== higherIsBetter ? "b" : "a";
  return { key, label, unit, a, b, delta, worse };
}

export function textRow(key: string, label: string, a: string, b: string): TextRow {
  return { key, label, a, b, differs: a !== b };
}

/** The union of both runs' tools, largest total time (of either run) first, ties by name. */
export function compareTools(a: AnalysisReport, b: AnalysisReport): ToolCompareRow[] {
  const stat = (r: AnalysisReport, tool: string): ToolStat | null => {
    const t = r.tools.find((x) => x.tool === tool);
    return t ? { calls: t.calls, failures: t.failures, total_ms: t.total_ms, avg_ms: t.avg_ms } : null;
  };
  const names = [...new Set([...a.tools, ...b.tools].map((t) => t.tool))];
  const rows = names.map((tool): ToolCompareRow => {
    const sa = stat(a, tool);
    const sb = stat(b, tool);
    if (!sa || !sb) return { tool, a: sa, b: sb, delta: null, worse: null };
    const delta = {
      calls: sb.calls - sa.calls,
      failures: sb.failures - sa.failures,
      total_ms: sb.total_ms - sa.total_ms,
      avg_ms: sb.avg_ms - sa.avg_ms,
    };
    return { tool, a: sa, b: sb, delta, worse: figureRow(tool, tool, "ms", sa.total_ms, sb.total_ms).worse };
  });
  const size = (r: ToolCompareRow) => Math.max(r.a?.total_ms ?? 0, r.b?.total_ms ?? 0);
  return rows.sort((x, y) => size(y) - size(x) || x.tool.localeCompare(y.tool));
}

const finalRisk = (r: AnalysisReport): string => r.stagnation.iterations.at(-1)?.risk ?? "—";
const detectedAt = (r: AnalysisReport, detector: string): string => {
  const d = r.stagnation.detections.find((x) => x.detector === detector);
  return d ? `iteration ${d.at_iteration}` : "—";
};
const halt = (r: AnalysisReport): string => {
  const h = r.loop_breaker.would_have_halted_at;
  return h ? `halt at iteration ${h.iteration} (${h.reason})` : "never opened";
};

/** One figure row: its key, label, unit, and how to read the figure off a run. */
type Figure = [key: string, label: string, unit: Unit, of: (r: ComparedRun) => number | null];

const COUNT_FIGURES: Figure[] = [
  ["duration", "Duration", "ms", (r) => r.run.duration_ms],
  ["spans", "Spans", "count", (r) => r.run.counts.spans],
  ["failures", "Failures", "count", (r) => r.run.counts.failures],
  ["iterations", "Iterations", "count", (r) => r.run.counts.iterations],
  ["events", "Events", "count", (r) => r.run.counts.events],
  // docs/analysis.md#tokens: the run's Tokens, and the cache reads they leave out.
  ["tokens", "Tokens", "tokens", (r) => r.run.counts.tokens],
  ["cache_reads", "Cache reads", "tokens", (r) => r.run.counts.cache_read_tokens],
  ["cost", "Cost", "usd", (r) => runCostOf(r.report, r.run.cost_usd)],
  // Slow, failing or repeated tools, as the runs list's badge counts them (overcalled alone is not alarmed).
  ["bottlenecks", "Bottleneck tools", "count", (r) => countBottlenecks(r.report.bottlenecks).alarmed],
  [
    "blocked",
    "Calls a tool breaker would block",
    "count",
    (r) => sum(r.report.tool_breakers.map((t) => t.blocked_calls)),
  ],
  ["timeouts", "Calls over their timeout", "count", (r) => sum(r.report.timeouts.map((t) => t.exceeded_calls))],
];
const STAGNATION_FIGURES: Figure[] = [
  ["detections", "Detections", "count", (r) => r.report.stagnation.detections.length],
  ["high_risk", "HIGH-risk iterations", "count", (r) => countHigh(r.report)],
];
const SAVINGS_FIGURES: Figure[] = [
  ["saved_iterations", "Iterations saved", "count", (r) => r.report.loop_breaker.savings.iterations],
  ["saved_tokens", "Tokens saved", "tokens", (r) => r.report.loop_breaker.savings.tokens],
  ["saved_cost", "Cost saved", "usd", (r) => r.report.loop_breaker.savings.cost_usd],
  ["saved_ms", "Time saved", "ms", (r) => r.report.loop_breaker.savings.ms],
];

const figureRows = (figures: Figure[], a: ComparedRun, b: ComparedRun): FigureRow[] =>
  figures.map(([key, label, unit, of]) => figureRow(key, label, unit, of(a), of(b)));

export function compareRuns(a: ComparedRun, b: ComparedRun): RunComparison {
  const ra = a.report;
  const rb = b.report;
  const detectors = [
    ...new Set([...ra.stagnation.detections, ...rb.stagnation.detections].map((d) => d.detector)),
  ].sort();
  return {
    counts: figureRows(COUNT_FIGURES, a, b),
    tools: compareTools(ra, rb),
    stagnation: {
      rows: figureRows(STAGNATION_FIGURES, a, b),
      detectors: [
        textRow("final_risk", "Final risk", finalRisk(ra), finalRisk(rb)),
        ...detectors.map((d) => textRow(d, d, detectedAt(ra, d), detectedAt(rb, d))),
      ],
    },
    loopBreaker: {
      rows: figureRows(SAVINGS_FIGURES, a, b),
      verdict: [
        textRow("halt", "Loop breaker", halt(ra), halt(rb)),
        textRow("final_state", "Ends", ra.loop_breaker.final_state, rb.loop_breaker.final_state),
      ],
    },
    status: [
      textRow("outcome", "Outcome", outcomeText(a.run), outcomeText(b.run)),
      textRow("shape", "Shape", a.run.shape, b.run.shape),
      textRow(
        "layers",
        "Three-layer breaker",
        `${ra.layers.status} · ${ra.layers.action}`,
        `${rb.layers.status} · ${rb.layers.action}`,
      ),
      textRow("permission", "Permission breaker", ra.permission_breaker.final_state, rb.permission_breaker.final_state),
      textRow("api", "API breaker", ra.api_breaker.final_state, rb.api_breaker.final_state),
      textRow("context", "Context", contextText(ra), contextText(rb)),
    ],
  };
}

/** `success (a grader)`, `failure (its file)`, or `unknown`. */
function outcomeText(run: RunSummary): string {
  const o = run.outcome;
  if (!o || o.status === "unknown") return "unknown";
  return `${o.status} (${OUTCOME_SOURCE_WORDS[o.source]})`;
}

function contextText(r: AnalysisReport): string {
  const at = r.context_clear.first_recommended_at;
  return r.context_clear.decision === "clear" ? `clear${at ? ` (from iteration ${at.iteration})` : ""}` : "keep";
}

const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);
const countHigh = (r: AnalysisReport): number => r.stagnation.iterations.filter((i) => i.risk === "HIGH").length;
