// The post-mortem report as Markdown (docs/api.md report.md, docs/dashboard.md Post-mortem):
// what happened, where the breakers would have stopped the run and what that
// would have saved, the bottlenecks, the recommendations and the team's
// comments. Pure: the run summary, the analysis report and comments in, text
// out. The offline CLI prints the same text. Every text from the traces or the
// team is kept on its line and the whole is made safe to open in a Markdown
// viewer: no HTML, no script links (markdown-safety.ts).
import type { AnalysisReport } from "../analysis/analyze";
import type { Backoff429Report } from "../analysis/backoff-429";
import { formatCount, formatDuration, formatPct, formatTimestamp, formatTokens, formatUsd } from "../format";
import { plural, pluralWord } from "../plural";
import type { RunSummary } from "../schemas/api";
import type { ReviewOut } from "../schemas/review";
import { OUTCOME_SOURCE_WORDS, type Outcome } from "../schemas/run-outcome";
import { describeBreakerGroup, groupBreakerEvents, type BreakerEventRow } from "./breaker-groups";
import { commentMarkdownLines, type ReportComment } from "./comments-markdown";
import { oneLine, sanitizeMarkdown } from "./markdown-safety";
import { runCostOf } from "../charts/overview";
import { recommend } from "./recommendations";
import { reviewMarkdownLines } from "./review-markdown";
import {
  describeSaved,
  describeStoppingPoints,
  describeVerdictTrip,
  prepareStoppingPoints,
  stopVerbOf,
  verdictStopOf,
} from "./stopping-points";

/** Breaker events listed in full up to this many; beyond it, the first few (the page has them all). */
const FULL_EVENT_LIST_MAX = 20;
const EVENT_SAMPLE = 5;

export type { ReportComment } from "./comments-markdown";

const table = (head: string[], rows: (string | number)[][]): string[] =>
  rows.length === 0
    ? ["_none_"]
    : [
        `| ${head.join(" | ")} |`,
        `|${head.map(() => "---").join("|")}|`,
        ...rows.map((r) => `| ${r.map((c) => oneLine(String(c)).replace(/\|/g, "\\|")).join(" | ")} |`),
      ];

/** `review` and `runUrl` lead the report when given (the server's export; the offline CLI has neither). */
export type ReportExtras = { review?: ReviewOut | null; runUrl?: string | null };

/** `**failure** (said by its file: LimitsExceeded)`, or `unknown`. */
function outcomeLine(o: Outcome | null): string {
  if (!o || o.status === "unknown") return `unknown${o?.detail ? ` (${oneLine(o.detail)})` : ""}`;
  return `**${o.status}** (said by ${OUTCOME_SOURCE_WORDS[o.source]}${o.score !== null ? `, score ${o.score}` : ""}${o.detail ? `: ${oneLine(o.detail)}` : ""})`;
}

export function renderMarkdownReport(
  run: RunSummary,
  report: AnalysisReport,
  comments: ReportComment[] = [],
  { review = null, runUrl = null }: ReportExtras = {},
): string {
  const lb = report.loop_breaker;
  const out: string[] = [`# Post-mortem: ${oneLine(run.name ?? run.run_id)}`, ""];
  out.push(
    `Run \`${oneLine(run.run_id).replace(/`/g, "'")}\`${run.agent ? ` · agent ${oneLine(run.agent)}` : ""} · started ${formatTimestamp(run.started_at)} UTC · ${formatDuration(run.duration_ms)}`,
    "",
  );
  out.push(
    `${plural(run.counts.spans, "span")} (${formatCount(run.counts.failures)} failed) · ${plural(run.counts.iterations, "iteration")} · ${plural(run.counts.events, "event")} · ${formatTokens(run.counts.tokens)} ${pluralWord(run.counts.tokens, "token")}${cacheReadText(run.counts.cache_read_tokens)}${costText(runCostOf(report, run.cost_usd))}`,
    "",
    `Shape: ${run.shape} · outcome: ${outcomeLine(run.outcome)}`,
    "",
  );

  out.push(...reviewMarkdownLines(review, runUrl));
  out.push("## Verdict", "");
  const h = verdictStopOf(report);
  if (h) {
    const action = h.breaker === "loop breaker" ? "" : `: ${h.action}`;
    out.push(
      `- **The ${h.breaker} would have ${stopVerbOf(h)} the run at iteration ${h.iteration}** (${h.trigger}, ${formatTimestamp(h.at)} UTC)${action}, saving ${describeSaved(h.saved)}. The loop breaker ends ${lb.final_state}.`,
    );
  } else if (!report.verdict.tripped) {
    out.push(`- **No breaker would have stopped this run** (the loop breaker ends ${lb.final_state}).`);
  } else out.push(`- ${describeVerdictTrip(report) ?? ""} The loop breaker ends ${lb.final_state}.`);
  for (const note of report.verdict.notes) out.push(`- Note: ${oneLine(note)}.`);
  out.push(`- Three-layer breaker: ${report.layers.status}, action ${report.layers.action}.`);
  out.push(
    `- Permission breaker ends ${report.permission_breaker.final_state} (${plural(report.permission_breaker.denials, "denial")}, ${plural(report.permission_breaker.grants, "grant")}); API breaker ends ${report.api_breaker.final_state} (${describeBackoff429(report.api_breaker.backoff_429)}).`,
  );
  out.push(
    `- Context: **${report.context_clear.decision}**${report.context_clear.first_recommended_at ? ` (first recommended at iteration ${report.context_clear.first_recommended_at.iteration})` : ""}.`,
    "",
  );

  const points = describeStoppingPoints(prepareStoppingPoints(report));
  if (points.length) out.push("## Where it would have stopped", "", ...points.map((p) => `- ${oneLine(p)}`), "");

  out.push("## Breaker events", "");
  out.push(...breakerEventLines(report), "");

  out.push("## Bottlenecks", "");
  out.push(
    ...table(
      ["tool", "calls", "failures", "total", "avg", "reasons"],
      report.bottlenecks.map((b) => {
        const t = report.tools.find((x) => x.tool === b.tool);
        return [
          b.tool,
          t?.calls ?? 0,
          t?.failures ?? 0,
          formatDuration(b.total_ms),
          formatDuration(t?.avg_ms),
          b.reasons.map((r) => r.kind).join(", "),
        ];
      }),
    ),
    "",
  );

  out.push("## Identical calls", "");
  out.push(
    ...table(
      ["tool", "input", "calls", "first repeated (UTC)", "iteration"],
      report.repeated_calls.map((r) => [
        r.tool,
        `\`${r.input.replace(/`/g, "'")}\``,
        r.calls,
        formatTimestamp(r.first_at),
        r.iteration ?? "—",
      ]),
    ),
    "",
  );

  out.push("## Stagnation", "");
  out.push(
    ...table(
      ["detector", "first at iteration", "detail"],
      report.stagnation.detections.map((d) => [d.detector, d.at_iteration, d.detail]),
    ),
    "",
  );

  out.push("## Context clear", "");
  out.push(
    ...table(
      ["factor", "value", "threshold", "fired"],
      Object.entries(report.context_clear.factors).map(([name, f]) => [
        name + (f.estimated ? " (estimated)" : ""),
        f.value === null ? "—" : round(f.value),
        round(f.threshold),
        f.fired ? "yes" : "no",
      ]),
    ),
    "",
  );

  out.push("## Recommendations", "");
  const recs = recommend(report);
  out.push(
    ...(recs.length ? recs.map((r) => `- ${oneLine(r)}`) : ["- Nothing stands out: the run looks healthy."]),
    "",
  );

  out.push("## Comments", "");
  out.push(...commentMarkdownLines(comments), "");
  out.push("## Tools", "");
  out.push(
    ...table(
      ["tool", "calls", "failures", "fail rate", "total", "avg", "cost"],
      report.tools.map((t) => [
        t.tool,
        t.calls,
        t.failures,
        formatPct(t.fail_rate),
        formatDuration(t.total_ms),
        formatDuration(t.avg_ms),
        formatUsd(t.cost_usd),
      ]),
    ),
    "",
  );
  if (report.tasks.some((t) => t.cost_usd !== null)) {
    out.push("## Costs by task", "");
    const rows = report.tasks.map((t) => [t.task_id, formatTokens(t.tokens), formatUsd(t.cost_usd)]);
    out.push(...table(["task", "tokens", "cost"], rows), "");
  }
  return sanitizeMarkdown(out.join("\n"));
}

/** The 429 back-off replay in one line (docs/analysis.md#429-back-off). */
export function describeBackoff429(b: Backoff429Report): string {
  if (b.max_streak === 0) return "no 429";
  return `429 back-off: longest streak ${b.max_streak}, ${plural(b.early_retries, "early retry", "early retries")}, ${plural(b.after_give_up, "call")} after give-up`;
}

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** Breaker events in Markdown: one line per breaker and event, then the rows (all, or the first few of many). */
function breakerEventLines(report: AnalysisReport): string[] {
  const events = breakerEvents(report);
  if (events.length === 0) return ["_none_"];
  const lines = groupBreakerEvents(events, report).map((g) => `- ${oneLine(describeBreakerGroup(g))}`);
  const shown = events.length > FULL_EVENT_LIST_MAX ? events.slice(0, EVENT_SAMPLE) : events;
  const head = ["at (UTC)", "breaker", "event", "reason / severity"];
  lines.push("", ...table(head, shown.map(formatEventRow)));
  if (shown.length < events.length)
    lines.push(
      "",
      `_First ${shown.length} of ${plural(events.length, "event")}; the post-mortem page lists them all._`,
    );
  return lines;
}

const formatEventRow = (e: BreakerEventRow): string[] => [formatTimestamp(e.at), e.breaker, e.event, e.reason];

/** Every transition and trip of every breaker, in time order, formatted for a table. */
export function breakerRows(report: AnalysisReport): string[][] {
  return breakerEvents(report).map(formatEventRow);
}

/** Every transition and trip of every breaker, in time order (`at` ISO). */
export function breakerEvents(report: AnalysisReport): BreakerEventRow[] {
  const rows: [string, string, string, string][] = [];
  for (const e of report.layers.events)
    rows.push([
      e.at,
      `layer:${e.layer}`,
      e.kind,
      `${e.severity} ${e.value}/${e.limit}${e.task_id ? ` ${e.task_id}` : ""}`,
    ]);
  for (const t of report.loop_breaker.transitions)
    rows.push([t.at, "loop", `${t.from}→${t.to} @${t.iteration}`, t.reason]);
  for (const b of report.tool_breakers)
    for (const o of b.opened) rows.push([o.at, `tool:${b.tool}`, "OPEN", `until ${formatTimestamp(o.until)}`]);
  // A HALF_OPEN comes by time, with no event of its own: say so.
  const byTime = (to: string, cooldownS: number) => (to === "HALF_OPEN" ? `cooldown over (${cooldownS} s)` : "");
  for (const t of report.permission_breaker.transitions)
    rows.push([t.at, "permission", `${t.from}→${t.to}`, byTime(t.to, report.settings.permission_cooldown_s)]);
  for (const t of report.api_breaker.transitions)
    rows.push([t.at, "api", `${t.from}→${t.to}`, byTime(t.to, report.settings.api_cooldown_s)]);
  if (report.rate_limit.pause_at)
    rows.push([
      report.rate_limit.pause_at,
      "rate",
      "pause",
      `${plural(report.rate_limit.waited_calls, "call")} waited`,
    ]);
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1].localeCompare(b[1])));
  return rows.map(([at, breaker, event, reason]) => ({ at, breaker, event, reason }));
}

/** " (+ 180.0k cache reads)" beside the tokens (docs/analysis.md#tokens: never in them), nothing without any. */
const cacheReadText = (n: number): string => (n > 0 ? ` (+ ${formatTokens(n)} cache ${pluralWord(n, "read")})` : "");

/** " · $1.23" beside the tokens, nothing when the run has no cost. */
const costText = (usd: number | null): string => (usd === null ? "" : ` · ${formatUsd(usd)}`);
