// The breakers tab's data step: the breaker log filtered by the URL (`kind=`,
// `subject=`, `state=`), grouped by breaker and subject, with the open group
// and its page (`group=`, `gpage=`).
import type { AnalysisReport } from "@/lib/analysis/analyze";
import {
  breakerFilterOptions,
  filterBreakerLog,
  groupBreakerLog,
  parseBreakerFilter,
} from "@/lib/charts/breaker-groups";
import type { BreakerLogEntry } from "@/lib/charts/breaker-log";
import { parsePageParam } from "@/lib/charts/iteration-page";
import { BreakersTab } from "@/components/run/breakers-tab";

type Props = {
  runId: string;
  report: AnalysisReport;
  log: BreakerLogEntry[];
  query: Record<string, string | undefined>;
};

export function BreakersPanel({ runId, report, log, query }: Props) {
  const filter = parseBreakerFilter(query);
  return (
    <BreakersTab
      runId={runId}
      total={log.length}
      groups={groupBreakerLog(filterBreakerLog(log, filter), report)}
      filter={filter}
      options={breakerFilterOptions(log)}
      openGroup={query.group ?? null}
      groupPage={parsePageParam(query.gpage)}
    />
  );
}
