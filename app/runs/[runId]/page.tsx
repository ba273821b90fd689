// Run (docs/dashboard.md): the overview strip with the verdicts on top, then
// one tab at a time (?tab=timeline|conversation|tools|iterations|breakers|context). The
// page reads the run and renders its header and tabs at once; the analysis
// (cached, or being computed for a fresh run) arrives in Suspense boundaries
// (run-sections.tsx); the timeline draws its spans before it, and the
// conversation tab, read with the page, needs none of it. The tabs'
// data is prepared with lib/charts; components only render. While data is
// still arriving (lib/live.ts, docs/dashboard.md#live) the page re-reads
// itself (RunLiveBadge).
import Link from "next/link";
import { RunOutcome, RunShapeTerm } from "@/components/runs/run-outcome";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { getDb } from "@/db/client";
import { listComments, listMentionNames } from "@/db/comments";
import { getReview } from "@/db/reviews";
import { listEventsOfKind } from "@/db/events";
import { getRun } from "@/db/runs";
import { getTimelinePage } from "@/db/timeline";
import { getConversation } from "@/db/conversation";
import { TIMELINE_FIRST_PAGE } from "@/lib/timeline/wire";
import { getAnalysis } from "@/app/_server/analysis";
import { prepareBreakerLog } from "@/lib/charts/breaker-log";
import { RunLiveBadge } from "@/components/run/run-live-badge";
import { RunOverview, RunVerdictsPending } from "@/components/run/run-overview";
import { parseRunTab, RunTabCount, RunTabs } from "@/components/run/run-tabs";
import { TimelineTab } from "@/components/timeline/timeline-tab";
import { RunComments } from "@/components/comments/run-comments";
import { RunReview } from "@/components/review/run-review";
import { RunGuard } from "@/components/run/run-guard";
import { readGuardLog } from "@/db/guard";
import { prepareGuardPanel } from "@/lib/guard/guard-panel";
import { ConversationPanel } from "./conversation-panel";
import { isReceivingNow } from "./live";
import {
  analysisFailure,
  AnalysisPending,
  RunCostSection,
  RunVerdictsSection,
  RunTabSection,
  RunTabCountSection,
  type RunAnalysis,
} from "./run-sections";
import { requirePageUser } from "@/app/_server/session";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ runId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function RunPage({ params, searchParams }: Props) {
  await requirePageUser();
  const { runId: rawId } = await params;
  const runId = decodeURIComponent(rawId);
  const query = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  const { db } = await getDb();
  const run = await getRun(db, runId);
  if (!run) notFound();
  // Not awaited here: what needs the report renders in Suspense boundaries, so
  // the header, the tabs and the timeline's spans come first (run-sections.tsx).
  const analysis: Promise<RunAnalysis> = Promise.all([
    getAnalysis(db, runId),
    listEventsOfKind(db, runId, ["breaker"]),
  ]).then(
    ([report, harnessBreakers]) => ({
      report,
      breakerLog: prepareBreakerLog(report, run.started_at, run.duration_ms ?? 0, harnessBreakers),
    }),
    (err: unknown) => ({ error: analysisFailure(err) }),
  );
  const tab = parseRunTab(query.tab);
  const [comments, review, mentionNames, firstPage, conversation, guard] = await Promise.all([
    listComments(db, runId),
    getReview(db, runId),
    listMentionNames(db),
    // The timeline's first span page comes with the page: its first rows are in the HTML.
    tab === "timeline" ? getTimelinePage(db, runId, { limit: TIMELINE_FIRST_PAGE }) : null,
    // So does the conversation: a link to #turn-3 or #span-… finds its anchor in the HTML.
    tab === "conversation" ? getConversation(db, runId) : null,
    // The live guard's log, for a run that has a guard (docs/guard.md#dry-run-first).
    readGuardLog(db, runId).then((log) => (log ? prepareGuardPanel(log) : null)),
  ]);
  const receiving = isReceivingNow(run);

  return (
    <>
      <div className="row" style={{ marginBottom: 12 }}>
        <h1 style={{ margin: 0 }} data-testid="run-title">
          {run.name ?? run.run_id}
        </h1>
        <span className="muted mono">{run.run_id}</span>
        <RunLiveBadge receiving={receiving} />
        {run.agent && <span className="badge info">{run.agent}</span>}
        <RunShapeTerm shape={run.shape} />
        <RunOutcome outcome={run.outcome} />
        {Object.entries(run.labels).map(([k, v]) => (
          <span key={k} className="badge">
            {k}: {v}
          </span>
        ))}
        <span className="spacer" />
        <Link className="btn" href={`/runs/${encodeURIComponent(run.run_id)}/report`} data-testid="open-postmortem">
          Post-mortem
        </Link>
        <Link className="btn" href={`/runs/${encodeURIComponent(run.run_id)}/what-if`} data-testid="open-what-if">
          What if…
        </Link>
        <Link className="btn" href={`/compare?a=${encodeURIComponent(run.run_id)}`}>
          Compare…
        </Link>
        <Link className="btn" href="/runs">
          All runs
        </Link>
      </div>
      <RunOverview
        run={run}
        cost={
          <Suspense fallback="…">
            <RunCostSection run={run} analysis={analysis} />
          </Suspense>
        }
      >
        <Suspense fallback={<RunVerdictsPending />}>
          <RunVerdictsSection db={db} run={run} analysis={analysis} />
        </Suspense>
      </RunOverview>
      <RunTabs
        runId={run.run_id}
        active={tab}
        counts={{
          tools: (
            <Suspense fallback={null}>
              <RunTabCountSection tab="tools" analysis={analysis} />
            </Suspense>
          ),
          iterations: <RunTabCount n={run.counts.iterations} />,
          breakers: (
            <Suspense fallback={null}>
              <RunTabCountSection tab="breakers" analysis={analysis} />
            </Suspense>
          ),
        }}
      />
      <div
        role="tabpanel"
        id="run-tabpanel"
        aria-labelledby={`tab-${tab}`}
        className="run-tabpanel"
        data-testid={`tabpanel-${tab}`}
      >
        {tab === "timeline" ? (
          // The timeline fetches its spans itself: new data (a new data_version) mounts it afresh;
          // its view and selected span are in the URL, so they stay.
          <TimelineTab
            key={`${run.run_id}@${run.data_version}`}
            runId={run.run_id}
            firstPage={firstPage}
            analysis={analysis}
            searchParams={query}
            comments={comments}
            mentionNames={mentionNames}
          />
        ) : tab === "conversation" ? (
          <ConversationPanel runId={run.run_id} source={conversation} q={query.q} />
        ) : (
          <Suspense fallback={<AnalysisPending what="This tab's figures" />}>
            <RunTabSection db={db} run={run} tab={tab} analysis={analysis} query={query} comments={comments} />
          </Suspense>
        )}
      </div>
      <div style={{ marginTop: 16 }}>
        {guard && <RunGuard panel={guard} />}
        <RunReview runId={run.run_id} review={review} />
        <RunComments runId={run.run_id} comments={comments} mentionNames={mentionNames} />
      </div>
    </>
  );
}
