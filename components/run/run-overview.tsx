// The overview strip on top of every run page: a notice when the run's
// times were estimated on import, the run's figures, then the four
// verdicts, each a link to the tab that explains it, their terms linked to
// the glossary; and their stand-in while the analysis runs, of the same shape.
// "Tokens" and the "cache reads" beside them are the run's counts
// (docs/analysis.md#tokens), each label a link to that definition.
// Render only: the verdict sentences come from lib/charts/overview.
import Link from "next/link";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { groupDetections, prepareVerdicts, runCostOf, type Verdict } from "@/lib/charts/overview";
import { formatCount, formatDuration, formatTimestamp, formatTokens, formatUsd } from "@/lib/format";
import type { GlossaryKind } from "@/lib/glossary";
import type { RunDetail } from "@/lib/schemas/api";
import { momentQueryOf } from "@/lib/timeline/halt-lines";
import { verdictStopOf } from "@/lib/report/stopping-points";
import { SHAPE_PROFILE_WHY } from "@/lib/analysis/shape-profiles";
import { Term, TermText } from "@/components/shared/glossary-term";
import { ContextCardCompact } from "./context-card";
import { RunDetectionLinks } from "./run-detection-links";
import { RUN_TAB_LABELS, runTabHref, type RunTab } from "./run-tabs";
import { hasEstimatedTimes, RunTimingNotice } from "./run-timing-notice";

type VerdictProps = {
  v: Verdict;
  /** The terms to explain in the verdict's sentence and in its detail line. */
  kinds: [text: GlossaryKind[], detail: GlossaryKind[]];
  tab: { href: string; label: string };
  testId: string;
  children?: React.ReactNode;
};

/**
 * One verdict card. The whole card opens its tab (the tab link stretches over
 * it), while the terms in its sentence sit above that and open the glossary:
 * two links cannot nest, so the card is not itself a link.
 */
function VerdictCard({ v, kinds, tab, testId, children }: VerdictProps) {
  return (
    <div className={`run-verdict tone-${v.tone}`} data-testid={testId}>
      {v.text && (
        <span className="run-verdict-text">
          <TermText text={v.text} kinds={kinds[0]} />
        </span>
      )}
      {v.detail && (
        <span className="run-verdict-detail">
          <TermText text={v.detail} kinds={kinds[1]} />
        </span>
      )}
      {children}
      <Link href={tab.href} className="run-verdict-open">
        {tab.label} tab →
      </Link>
    </div>
  );
}

/**
 * The overview's frame: the timing notice and the figures, which need only the
 * run, so the page sends them at once. The cost (the analysis prices the calls)
 * and the verdicts come in as `cost` and `children`: the page streams them in
 * their own Suspense boundaries, so nothing here is ever sent twice.
 */
export function RunOverview({
  run,
  cost,
  children,
}: {
  run: RunDetail;
  cost: React.ReactNode;
  children: React.ReactNode;
}) {
  const figures: [React.ReactNode, React.ReactNode, string][] = [
    ["Started (UTC)", formatTimestamp(run.started_at), "started"],
    ["Duration", formatDuration(run.duration_ms), "duration"],
    ["Spans", formatCount(run.counts.spans), "spans"],
    ["Failures", formatCount(run.counts.failures), "failures"],
    ["Iterations", formatCount(run.counts.iterations), "iterations"],
    ["Events", formatCount(run.counts.events), "events"],
    [
      <Term kind="figure" name="tokens" key="t">
        Tokens
      </Term>,
      formatTokens(run.counts.tokens),
      "tokens",
    ],
    [
      <Term kind="figure" name="cache_reads" key="c">
        cache reads
      </Term>,
      formatTokens(run.counts.cache_read_tokens),
      "cache",
    ],
    ["Cost", cost, "cost"],
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
      {children}
    </section>
  );
}

/** The run's cost: its calls priced by the analysis, else as logged. */
export const formatRunCost = (run: RunDetail, report: AnalysisReport): string =>
  formatUsd(runCostOf(report, run.cost_usd));

type VerdictsProps = {
  run: RunDetail;
  report: AnalysisReport;
  /** The timeline link of each iteration a detection names (from the iterations' times). */
  iterationHrefs?: Record<number, string>;
};

export function RunVerdicts({ run, report, iterationHrefs }: VerdictsProps) {
  const v = prepareVerdicts(report);
  const detections = groupDetections(report.stagnation.detections);
  const tab = (t: RunTab) => ({ href: runTabHref(run.run_id, t), label: RUN_TAB_LABELS[t] });
  return (
    <>
      <p className="muted run-profile" data-testid="run-profile">
        Read as {run.shape === "autonomous" || run.shape === "interactive" ? "an" : "a"}{" "}
        <Term kind="badge" name="shape">
          {run.shape}
        </Term>{" "}
        run: {SHAPE_PROFILE_WHY[run.shape]}.{" "}
        <Link href={`/runs/${encodeURIComponent(run.run_id)}/what-if`}>Read it with another lens…</Link>
      </p>
      <div className="run-verdicts">
        <VerdictCard v={v.halt} kinds={[["detector"], ["state", "action"]]} tab={tab("breakers")} testId="verdict-halt">
          <HaltTimelineLink run={run} report={report} />
        </VerdictCard>
        <VerdictCard v={v.layers} kinds={[["status", "action"], []]} tab={tab("breakers")} testId="verdict-layers" />
        <VerdictCard
          v={iterationHrefs && detections.length ? { ...v.risk, detail: null } : v.risk}
          kinds={[["risk"], ["detector"]]}
          tab={tab("iterations")}
          testId="verdict-risk"
        >
          {iterationHrefs && detections.length > 0 && <RunDetectionLinks groups={detections} hrefOf={iterationHrefs} />}
        </VerdictCard>
        <VerdictCard v={{ ...v.context, text: "" }} kinds={[[], []]} tab={tab("context")} testId="verdict-context">
          <ContextCardCompact ctx={report.context_clear} />
        </VerdictCard>
      </div>
    </>
  );
}

const PENDING_VERDICTS = ["Loop breaker", "Three-layer breaker", "Stagnation risk", "Context"];

/**
 * The verdicts' place while the analysis runs: four cards of about a verdict's
 * height, so the tabs and the timeline below stay where they are when the
 * verdicts arrive (a run of 100 000 spans takes a few seconds).
 */
export function RunVerdictsPending() {
  return (
    <div className="run-verdicts" role="status" aria-busy="true" data-testid="verdicts-pending">
      {PENDING_VERDICTS.map((name) => (
        <div className="run-verdict run-verdict-pending tone-info" key={name}>
          <span className="run-verdict-text">{name}</span>
          <span className="run-verdict-detail">Analysing the run…</span>
        </div>
      ))}
    </div>
  );
}

/**
 * "Show on the timeline": the verdict's stop (else the loop breaker's halt, a note), zoomed to ±5 % of
 * the run around it, on the timeline tab.
 */
function HaltTimelineLink({ run, report }: { run: RunDetail; report: AnalysisReport }) {
  const halt = verdictStopOf(report) ?? report.loop_breaker.would_have_halted_at;
  const query = halt ? momentQueryOf(halt.at, run.started_at, run.duration_ms ?? 0) : null;
  if (!halt || query === null) return null;
  return (
    <Link
      href={`/runs/${encodeURIComponent(run.run_id)}?${query}`}
      data-testid="verdict-halt-timeline"
      style={{ position: "relative", zIndex: 1, fontSize: 12, alignSelf: "flex-start" }}
    >
      show iteration {halt.iteration} on the timeline
    </Link>
  );
}
