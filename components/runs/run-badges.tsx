// Status badges of a run: failures always; breaker, stagnation and
// bottlenecks once the run has been analysed (the verdict is cached).
import type { RunSummary } from "@/lib/schemas/api";

export function RunBadges({ run }: { run: RunSummary }) {
  const v = run.verdict;
  return (
    <span data-testid="run-badges">
      {v?.tripped && (
        <span className="badge bad" title="a breaker tripped or would have tripped">
          {v.halted_at_iteration != null ? `would halt @${v.halted_at_iteration}` : "breaker tripped"}
        </span>
      )}
      {v && !v.tripped && <span className="badge ok">no breaker</span>}
      {v?.stagnation_risk && v.stagnation_risk !== "LOW" && (
        <span className={`badge ${v.stagnation_risk === "HIGH" ? "bad" : "warn"}`}>stagnation {v.stagnation_risk}</span>
      )}
      {v && v.bottlenecks > 0 && <span className="badge info">{v.bottlenecks} bottleneck{v.bottlenecks > 1 ? "s" : ""}</span>}
      {run.counts.failures > 0 && <span className="badge warn">{run.counts.failures} failed</span>}
      {!v && <span className="badge" title="open the run to analyse it">not analysed</span>}
    </span>
  );
}
