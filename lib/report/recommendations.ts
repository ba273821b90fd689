// Plain-language recommendations derived from an analysis report: the
// actions a harness owner would take after this post-mortem. Pure.
import type { AnalysisReport } from "../analysis/analyze";
import { formatDuration, formatPct, formatRanges, formatTokens, formatUsd } from "../format";
import { plural, pluralWord } from "../plural";

export function recommend(r: AnalysisReport): string[] {
  const out: string[] = [];
  const halt = r.loop_breaker.would_have_halted_at;
  if (halt) {
    out.push(
      `Enable a loop breaker on \`${halt.reason}\`: it would have stopped the run at iteration ${halt.iteration} and saved ${formatTokens(r.loop_breaker.savings.tokens)} ${pluralWord(r.loop_breaker.savings.tokens, "token")}${r.loop_breaker.savings.cost_usd === null ? "" : `, ${formatUsd(r.loop_breaker.savings.cost_usd)}`} and ${formatDuration(r.loop_breaker.savings.ms)}.`,
    );
  }
  for (const b of r.tool_breakers) {
    out.push(
      `Add a circuit breaker to \`${b.tool}\`: it would have opened ${b.opened.length}× and short-circuited ${plural(b.blocked_calls, "call")} (${formatDuration(b.blocked_ms)}).`,
    );
  }
  for (const t of r.timeouts) {
    out.push(
      `Cut \`${t.tool}\` at ${t.timeout_s} s: ${plural(t.exceeded_calls, "call")} ran over, ${formatDuration(t.excess_ms)} in all.`,
    );
  }
  for (const b of r.bottlenecks) {
    const failing = b.reasons.find((x) => x.kind === "failing");
    if (failing && failing.kind === "failing")
      out.push(
        `Fix or stop retrying \`${b.tool}\`: ${formatPct(failing.fail_rate)} of its ${plural(failing.calls, "call")} failed.`,
      );
  }
  for (const x of r.repeated_calls) {
    const input = (x.input.length > 60 ? `${x.input.slice(0, 60)}…` : x.input).replace(/`/g, "'");
    out.push(
      `Stop \`${x.tool}\` from being called again with the same input (${plural(x.calls, "call")} with \`${input}\`): cache its result, or make the agent change its approach.`,
    );
  }
  const trips = r.layers.events.filter((e) => e.kind === "trip");
  if (trips.length)
    out.push(
      `The three-layer breaker tripped ${trips.length}× (${[...new Set(trips.map((t) => t.layer))].join(", ")}): ${r.layers.action === "BLOCKER_ESCALATION" ? "escalate to a human" : "let the harness recover automatically"}.`,
    );
  if (r.context_clear.decision === "clear") {
    const at = r.context_clear.first_recommended_at;
    out.push(
      `Clear the agent's context${at ? ` from iteration ${at.iteration} on` : ""}: ${r.context_clear.reasons.map((x) => x.message).join("; ")}.`,
    );
  }
  if (r.token_budget.missed_compaction.length)
    out.push(
      `Compact the context when it passes 80 %: missed at iterations ${formatRanges(r.token_budget.missed_compaction)}.`,
    );
  if (r.permission_breaker.final_state !== "CLOSED" || r.permission_breaker.denials >= 3)
    out.push(
      `Review permissions: ${plural(r.permission_breaker.denials, "denial")}; the agent kept asking for what it may not do.`,
    );
  if (r.api_breaker.retries_of_non_retryable > 0)
    out.push(
      `Stop retrying non-retryable API errors (${plural(r.api_breaker.retries_of_non_retryable, "retry", "retries")}).`,
    );
  const b429 = r.api_breaker.backoff_429;
  if (b429.early_retries > 0 || b429.after_give_up > 0)
    out.push(
      `Back off on 429s (2 s, 4 s, 8 s, then give up): ${plural(b429.early_retries, "retry", "retries")} came too soon and ${plural(b429.after_give_up, "call")} came after four 429s in a row.`,
    );
  if (r.rate_limit.waited_calls > 0)
    out.push(
      `Pace model calls: ${plural(r.rate_limit.waited_calls, "call")} would have waited for the hourly limit, the longest ${formatDuration(r.rate_limit.max_wait_ms)}; ${r.rate_limit.extra_duration_ms > 0 ? `the run would have taken ${formatDuration(r.rate_limit.extra_duration_ms)} longer` : "the last call would not have waited"}.`,
    );
  return out;
}
