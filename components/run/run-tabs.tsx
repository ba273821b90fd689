// The run page's tabs (docs/dashboard.md): plain links carrying
// ?tab=, server-rendered, with the ARIA tab roles so the active tab is known
// to assistive tech and tests. No client state: the URL is the state. The
// row around them (RunTabRow) scrolls on a narrow screen and fades the side
// that has more tabs.
import Link from "next/link";
import { RunTabRow } from "./run-tab-row";

export const RUN_TABS = ["timeline", "conversation", "tools", "iterations", "breakers", "context"] as const;
export type RunTab = (typeof RUN_TABS)[number];

export const RUN_TAB_LABELS: Record<RunTab, string> = {
  timeline: "Timeline",
  conversation: "Conversation",
  tools: "Tools",
  iterations: "Iterations",
  breakers: "Breakers",
  context: "Context",
};

/** The tab a ?tab= value names; the timeline when absent or unknown. */
export function parseRunTab(value: string | undefined): RunTab {
  return (RUN_TABS as readonly string[]).includes(value ?? "") ? (value as RunTab) : "timeline";
}

export function runTabHref(runId: string, tab: RunTab, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ tab, ...extra });
  return `/runs/${encodeURIComponent(runId)}?${q}`;
}

export function RunTabs({
  runId,
  active,
  counts,
}: {
  runId: string;
  active: RunTab;
  /** Each tab's count badge (RunTabCount), or a Suspense boundary that streams one in. */
  counts: Partial<Record<RunTab, React.ReactNode>>;
}) {
  return (
    <RunTabRow active={active}>
      {RUN_TABS.map((tab) => (
        <Link
          key={tab}
          href={runTabHref(runId, tab)}
          role="tab"
          id={`tab-${tab}`}
          aria-selected={tab === active}
          aria-controls="run-tabpanel"
          className={tab === active ? "run-tab active" : "run-tab"}
          data-testid={`tab-${tab}`}
        >
          {RUN_TAB_LABELS[tab]}
          {counts[tab]}
        </Link>
      ))}
    </RunTabRow>
  );
}

export function RunTabCount({ n }: { n: number }) {
  return <span className="run-tab-count">{n}</span>;
}
