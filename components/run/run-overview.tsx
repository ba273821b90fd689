// The overview strip on top of every run page: a notice when the run's
// times were estimated on import, the run's figures, then the four
// verdicts, each a link to the tab that explains it.
// Render only: the verdict sentences come from lib/charts/overview.
import Link from "next/link";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { prepareVerdicts, runCostOf, type Verdict } from "@/lib/charts/overview";
import { formatCount, formatDuration, formatTimestamp, formatTokens, formatUsd } from "@/lib/format";
import type { RunDetail } from "@/lib/schemas/api";
import { ContextCardCompact } from "./context-card";
import { runTabHref, type RunTab } from "./run-tabs";
import { hasEstimatedTimes, RunTimingNotice } from "./run-timing-notice";

function VerdictLink({
  v,
  href,
  testId,
  children,
}: {
  v: Verdict;
  href: string;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <Link href={href} className={`run-verdict tone-${v.tone}`} data-testid={testId}>
      {v.text && <span className="run-verdict-text">{v.text}</span>}
      {v.detail && <span className="run-verdict-detail">{v.detail}</span>}
      {children}
    </Link>
  );
}

export function RunOverview({ run, report }: { run: RunDetail; report: AnalysisReport }) {
  const v = prepareVerdicts(report);
  const tab = (t: RunTab) => runTabHref(run.run_id, t);
  const figures: [string, string, string][] = [
    ["Started (UTC)", formatTimestamp(run.started_at), "started"],
    ["Duration", formatDuration(run.duration_ms), "duration"],
    ["Spans", formatCount(run.counts.spans), "spans"],
    ["Failures", formatCount(run.counts.failures), "failures"],
    ["Iterations", formatCount(run.counts.iterations), "iterations"],
    ["Events", formatCount(run.counts.events), "events"],
    ["Tokens", formatTokens(run.counts.tokens), "tokens"],
    ["Cost", formatUsd(runCostOf(report, run.cost_usd)), "cost"],
  ];
  return (
    <section className="overview" data-testid="overview" aria-label="Overview">
      {hasEstimatedTimes(run.labels) && <RunTimingNotice />}
      <div className="figures">
        {figures.map(([label, value, id]) => (
          <div className="figure" key={id} data-testid={`figure-${id}`}>
            <div className="label">{label}</div>
            <div className="value">{value}</div>
          </div>
        ))}
      </div>
      <div className="run-verdicts">
        <VerdictLink v={v.halt} href={tab("breakers")} testId="verdict-halt" />
        <VerdictLink v={v.layers} href={tab("breakers")} testId="verdict-layers" />
        <VerdictLink v={v.risk} href={tab("iterations")} testId="verdict-risk" />
        <VerdictLink v={{ ...v.context, text: "" }} href={tab("context")} testId="verdict-context">
          <ContextCardCompact ctx={report.context_clear} />
        </VerdictLink>
      </div>
    </section>
  );
}
