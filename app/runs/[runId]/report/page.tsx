// Post-mortem (docs/dashboard.md): a printable report of one run — the team's
// review (verdict and action items) first, then what happened,
// where the breakers would have stopped it and what that would have saved,
// the bottlenecks, the recommendations, the team's comments. The same
// content as report.md, as HTML sections; "Export Markdown" downloads that.
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { listComments, listMentionNames } from "@/db/comments";
import { getReview } from "@/db/reviews";
import { getRun } from "@/db/runs";
import { getAnalysis } from "@/app/_server/analysis";
import { RunComments } from "@/components/comments/run-comments";
import { ReviewSummary } from "@/components/review/review-summary";
import { formatTimestamp } from "@/lib/format";
import { recommend } from "@/lib/report/recommendations";
import { PrintButton } from "./print-button";
import {
  BottlenecksSection,
  BreakersSection,
  StagnationSection,
  ContextSection,
  InlineCode,
} from "./postmortem-sections";
import { WhatHappenedSection } from "./postmortem-summary";
import { requirePageUser } from "@/app/_server/session";

export const dynamic = "force-dynamic";

export default async function PostMortemPage({ params }: { params: Promise<{ runId: string }> }) {
  await requirePageUser();
  const runId = decodeURIComponent((await params).runId);
  const { db } = await getDb();
  const run = await getRun(db, runId);
  if (!run) notFound();
  const report = await getAnalysis(db, runId);
  const recs = recommend(report);
  const [comments, review, mentionNames] = await Promise.all([
    listComments(db, runId),
    getReview(db, runId),
    listMentionNames(db),
  ]);
  const href = `/api/v1/runs/${encodeURIComponent(runId)}`;
  return (
    <article className="postmortem" data-testid="postmortem">
      <header className="row postmortem-head">
        <div>
          <div className="muted print-only">Loopscope post-mortem</div>
          <h1 data-testid="postmortem-title">Post-mortem: {run.name ?? run.run_id}</h1>
          <div className="muted">
            <span className="mono">{run.run_id}</span>
            {run.agent && <> · agent {run.agent}</>} · started {formatTimestamp(run.started_at)} UTC
          </div>
        </div>
        <span className="spacer" />
        <div className="row no-print">
          <Link className="btn" href={`/runs/${encodeURIComponent(runId)}`}>
            Back to run
          </Link>
          <a className="btn primary" href={`${href}/report.md`} download data-testid="export-markdown">
            Export Markdown
          </a>
          <PrintButton />
        </div>
      </header>
      <ReviewSummary review={review} />
      <WhatHappenedSection run={run} report={report} />
      <BreakersSection report={report} />
      <BottlenecksSection report={report} />
      <StagnationSection report={report} />
      <ContextSection report={report} />
      <section className="pm-section" data-testid="postmortem-recommendations">
        <h2>Recommendations</h2>
        {recs.length === 0 ? (
          <p>Nothing stands out: the run looks healthy.</p>
        ) : (
          <ol className="recommendations">
            {recs.map((r) => (
              <li key={r}>
                <InlineCode text={r} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <RunComments runId={runId} comments={comments} mentionNames={mentionNames} />
    </article>
  );
}
