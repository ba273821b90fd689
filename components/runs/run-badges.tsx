// Status badges of a run (docs/dashboard.md Runs): breaker tripped / would have
// tripped, stagnation risk, bottleneck count — from the cached default
// analysis (the verdict) — failures, which the run's counts always know, and
// where the team's review stands once someone started it.
// Each badge links to the glossary entry that explains it (lib/glossary.ts).
import { formatBottleneckCount } from "@/lib/charts/bottlenecks";
import { GLOSSARY } from "@/lib/glossary";
import type { RunSummary } from "@/lib/schemas/api";
import { REVIEW_CATEGORY_LABELS } from "@/lib/schemas/review";
import { Term } from "@/components/shared/glossary-term";

const RISK_TONE = { LOW: "ok", MEDIUM: "warn", HIGH: "bad" } as const;

export function RunBadges({ run }: { run: RunSummary }) {
  const v = run.verdict;
  const failures = run.counts.failures;
  return (
    <span data-testid="run-badges" className="run-badges">
      {v?.tripped &&
        (v.halted_at_iteration != null ? (
          <Term kind="badge" name="would_halt" className="badge bad" testId="badge-breaker">
            would halt @{v.halted_at_iteration}
          </Term>
        ) : (
          <Term kind="badge" name="breaker_would_trip" className="badge bad" testId="badge-breaker">
            breaker would trip
          </Term>
        ))}
      {v && !v.tripped && (
        <Term kind="badge" name="no_breaker" className="badge ok" testId="badge-breaker">
          no breaker
        </Term>
      )}
      {v?.stagnation_risk && (
        <Term
          kind="badge"
          name="stagnation"
          className={`badge ${RISK_TONE[v.stagnation_risk]}`}
          note={GLOSSARY.risk[v.stagnation_risk].short}
          testId="badge-stagnation"
        >
          stagnation {v.stagnation_risk}
        </Term>
      )}
      {v && v.bottlenecks > 0 && (
        <Term kind="badge" name="bottlenecks" className="badge info" testId="badge-bottlenecks">
          {formatBottleneckCount(v.bottlenecks)}
        </Term>
      )}
      {failures > 0 && (
        <Term kind="badge" name="failed" className="badge warn" testId="badge-failures">
          {failures.toLocaleString("en-US")} failed
        </Term>
      )}
      {(run.review.status !== "open" || run.review.category) && (
        <Term kind="badge" name="review" className="badge" testId="badge-review">
          review {run.review.status}
          {run.review.category && ` · ${REVIEW_CATEGORY_LABELS[run.review.category]}`}
        </Term>
      )}
      {!v && (
        <Term kind="badge" name="not_analysed" className="badge" testId="badge-unanalysed">
          not analysed
        </Term>
      )}
    </span>
  );
}
