// Status badges of a run (docs/dashboard.md Runs): breaker tripped / would have
// tripped, stagnation risk, bottleneck count — from the cached default
// analysis (the verdict) — and failures, which the run's counts always know.
import type { RunSummary } from "@/lib/schemas/api";

const RISK_TONE = { LOW: "ok", MEDIUM: "warn", HIGH: "bad" } as const;

export function RunBadges({ run }: { run: RunSummary }) {
  const v = run.verdict;
  const failures = run.counts.failures;
  return (
    <span data-testid="run-badges" className="run-badges">
      {v?.tripped && (
        <span
          className="badge bad"
          data-testid="badge-breaker"
          title="replaying the breakers over this run: a breaker would have tripped"
        >
          {v.halted_at_iteration != null ? `would halt @${v.halted_at_iteration}` : "breaker would trip"}
        </span>
      )}
      {v && !v.tripped && (
        <span className="badge ok" data-testid="badge-breaker" title="no breaker would have tripped">
          no breaker
        </span>
      )}
      {v?.stagnation_risk && (
        <span
          className={`badge ${RISK_TONE[v.stagnation_risk]}`}
          data-testid="badge-stagnation"
          title="stagnation risk at the last iteration"
        >
          stagnation {v.stagnation_risk}
        </span>
      )}
      {v && v.bottlenecks > 0 && (
        <span className="badge info" data-testid="badge-bottlenecks" title="tools that are slow, failing or overcalled">
          {v.bottlenecks} bottleneck{v.bottlenecks > 1 ? "s" : ""}
        </span>
      )}
      {failures > 0 && (
        <span className="badge warn" data-testid="badge-failures">
          {failures.toLocaleString("en-US")} failed
        </span>
      )}
      {!v && (
        <span
          className="badge"
          data-testid="badge-unanalysed"
          title="too large to analyse on the list: open the run to analyse it"
        >
          not analysed
        </span>
      )}
    </span>
  );
}
