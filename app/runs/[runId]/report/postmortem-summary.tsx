// Post-mortem, first section: what happened (the run's figures) and the
// verdict — where the first breaker would have stopped the run and what that
// would have saved, and how every other breaker ended.
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { formatCount, formatDuration, formatTimestamp, formatTokens, formatUsd } from "@/lib/format";
import { plural, pluralWord } from "@/lib/plural";
import { runCostOf } from "@/lib/charts/overview";
import { describeBackoff429 } from "@/lib/report/markdown";
import {
  describeStoppingPoints,
  describeVerdictTrip,
  prepareStoppingPoints,
  stopVerbOf,
  verdictStopOf,
} from "@/lib/report/stopping-points";
import { momentQueryOf } from "@/lib/timeline/halt-lines";
import type { RunSummary } from "@/lib/schemas/api";
import { outcomeNote } from "@/components/runs/run-outcome";
import { Term } from "@/components/shared/glossary-term";

/** A figure's label linked to its definition (docs/analysis.md#tokens). */
function FigureTerm({ name, label }: { name: "tokens" | "cache_reads"; label: string }) {
  return (
    <Term kind="figure" name={name}>
      {label}
    </Term>
  );
}

export function WhatHappenedSection({ run, report }: { run: RunSummary; report: AnalysisReport }) {
  const lb = report.loop_breaker;
  // The stop leads only when it is the run's verdict (docs/analysis.md#verdict); else it is a note.
  const halt = verdictStopOf(report);
  const figures: [React.ReactNode, string, string][] = [
    ["Duration", formatDuration(run.duration_ms), "duration"],
    ["Iterations", formatCount(run.counts.iterations), "iterations"],
    ["Spans", formatCount(run.counts.spans), "spans"],
    ["Failures", formatCount(run.counts.failures), "failures"],
    ["Events", formatCount(run.counts.events), "events"],
    [<FigureTerm key="t" name="tokens" label="Tokens" />, formatTokens(run.counts.tokens), "tokens"],
    [
      <FigureTerm key="c" name="cache_reads" label="cache reads" />,
      formatTokens(run.counts.cache_read_tokens),
      "cache",
    ],
    ["Cost", formatUsd(runCostOf(report, run.cost_usd)), "cost"],
    ["Shape", run.shape, "shape"],
    ["Outcome", run.outcome?.status ?? "unknown", "outcome"],
  ];
  const ctx = report.context_clear;
  const points = describeStoppingPoints(prepareStoppingPoints(report));
  return (
    <section className="pm-section">
      <h2>What happened</h2>
      <div className="figures">
        {figures.map(([label, value, id]) => (
          <div className="figure" key={id} data-testid={`pm-figure-${id}`}>
            <div className="label">{label}</div>
            <div className="value">{value}</div>
          </div>
        ))}
      </div>
      <div className={`verdict ${halt ? "verdict-bad" : "verdict-ok"}`} data-testid="postmortem-verdict">
        {halt ? (
          <p className="verdict-lead">
            The {halt.breaker} would have {stopVerbOf(halt)} the run at <strong>iteration {halt.iteration}</strong> (
            {halt.trigger}, {formatTimestamp(halt.at)} UTC)
            {halt.breaker === "loop breaker" ? "" : ` to ${halt.action}`}, saving{" "}
            <strong>{plural(halt.saved.iterations, "iteration")}</strong>,{" "}
            <strong>
              {formatTokens(halt.saved.tokens)} {pluralWord(halt.saved.tokens, "token")}
            </strong>
            {halt.saved.cost_usd !== null && (
              <>
                , <strong data-testid="postmortem-saved-cost">{formatUsd(halt.saved.cost_usd)}</strong>
              </>
            )}{" "}
            and <strong>{formatDuration(halt.saved.ms)}</strong>. <HaltLink run={run} at={halt.at} />
          </p>
        ) : !report.verdict.tripped ? (
          <p className="verdict-lead">No breaker would have stopped this run.</p>
        ) : (
          <p className="verdict-lead">{describeVerdictTrip(report)}</p>
        )}
        {report.verdict.notes.map((note) => (
          <p className="muted" key={note} data-testid="postmortem-note">
            Note: {note}.
          </p>
        ))}
        <ul>
          {run.outcome && run.outcome.status !== "unknown" && (
            <li data-testid="postmortem-outcome">
              The run&apos;s outcome: <strong>{run.outcome.status}</strong>, {outcomeNote(run.outcome)}.
            </li>
          )}
          <li>
            Loop breaker ends <Badge state={lb.final_state} />.
          </li>
          <li>
            Three-layer breaker: <Badge state={report.layers.status} />, action {report.layers.action}.
          </li>
          <li>
            Permission breaker ends <Badge state={report.permission_breaker.final_state} /> (
            {plural(report.permission_breaker.denials, "denial")}, {plural(report.permission_breaker.grants, "grant")});
            API breaker ends <Badge state={report.api_breaker.final_state} /> (
            <span data-testid="postmortem-backoff-429">{describeBackoff429(report.api_breaker.backoff_429)}</span>).
          </li>
          <li>
            Context: <strong>{ctx.decision}</strong>
            {ctx.first_recommended_at && <> (first recommended at iteration {ctx.first_recommended_at.iteration})</>}.
          </li>
        </ul>
      </div>
      {points.length > 0 && (
        <div data-testid="postmortem-stopping-points">
          <h3>Where it would have stopped</h3>
          <ul>
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

const GOOD = new Set(["CLOSED", "NORMAL", "NONE"]);

export function Badge({ state }: { state: string }) {
  return <span className={`badge ${GOOD.has(state) ? "ok" : "bad"}`}>{state}</span>;
}

/** The halt on the run's timeline, zoomed to it; left out of the printed page. */
function HaltLink({ run, at }: { run: RunSummary; at: string }) {
  const query = momentQueryOf(at, run.started_at, run.duration_ms ?? 0);
  if (query === null) return null;
  return (
    <a
      className="no-print"
      href={`/runs/${encodeURIComponent(run.run_id)}?${query}`}
      data-testid="postmortem-halt-timeline"
    >
      Show it on the timeline →
    </a>
  );
}
