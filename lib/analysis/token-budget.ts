// docs/analysis.md#token-budget token budget tiers per iteration (context fill = context_tokens /
// context_window), their transitions, and two mismatches with the log:
// missed compaction and compaction failures without a fallback snip.
// O(iterations + events + failures · (events + iterations)); compaction
// failures are rare. Deliberately does not estimate a missing fill (the
// 1 %/minute estimate is docs/analysis.md#context-clear's, for the clear recommendation only): an
// iteration without a logged fill has no tier and is skipped by the checks.
import { formatTimeUs } from "../time";
import type { StoredEvent } from "../schemas/records";
import type { IterationView } from "./iteration-context";
import type { Tier, TokenBudgetReport } from "./iteration-report-types";

const TIER_FLOORS: [number, Tier][] = [
  [95, "REJECT"],
  [92, "SNIP_COMPACT"],
  [80, "AUTO_COMPACT"],
  [70, "WARNING"],
  [0, "NORMAL"],
];
const TIER_RANK: Record<Tier, number> = { NORMAL: 0, WARNING: 1, AUTO_COMPACT: 2, SNIP_COMPACT: 3, REJECT: 4 };
const COMPACT_FROM_PCT = 80;
/** Event kinds that count as the fallback snip after a failed compaction. */
const SNIP_KINDS = new Set(["compaction", "context_cleared", "snip", "snip_compaction"]);

export function tierOf(fillPct: number): Tier {
  for (const [floor, tier] of TIER_FLOORS) if (fillPct >= floor) return tier;
  return "NORMAL";
}

/** Logged fill in percent, or null when the iteration does not log both figures. */
export function loggedFillPct(v: IterationView): number | null {
  const { contextTokens, contextWindow } = v.it;
  if (contextTokens === null || contextWindow === null || contextWindow <= 0) return null;
  return (contextTokens / contextWindow) * 100;
}

export function replayTokenBudget(views: IterationView[], events: StoredEvent[]): TokenBudgetReport {
  const fills = views.map(loggedFillPct);
  const iterations = views.map((v, i) => ({
    n: v.it.n,
    fill_pct: fills[i] === null ? null : Math.round((fills[i] as number) * 100) / 100,
    tier: fills[i] === null ? null : tierOf(fills[i] as number),
    tokens: v.it.tokensUsed,
    cost_usd: v.costUsd,
  }));
  const transitions: TokenBudgetReport["transitions"] = [];
  let current: Tier = "NORMAL";
  iterations.forEach((row, i) => {
    if (row.tier === null || row.tier === current) return;
    transitions.push({ iteration: row.n, from: current, to: row.tier, at: formatTimeUs(views[i]!.it.tsUs) });
    current = row.tier;
  });
  return {
    iterations,
    transitions,
    missed_compaction: missedCompactions(views, fills, events),
    no_fallback: countNoFallback(views, fills, events),
  };
}

/**
 * An iteration with fill ≥ 80 % is a missed compaction unless a `compaction`
 * event lies in [its ts, the next iteration's ts] (to the end of the log for
 * the last iteration).
 */
function missedCompactions(views: IterationView[], fills: (number | null)[], events: StoredEvent[]): number[] {
  const compactions = events.filter((e) => e.kind === "compaction").map((e) => e.tsUs);
  const missed: number[] = [];
  views.forEach((v, i) => {
    const fill = fills[i];
    if (fill == null || fill < COMPACT_FROM_PCT) return;
    const from = v.it.tsUs;
    const to = views[i + 1]?.it.tsUs ?? Number.POSITIVE_INFINITY;
    if (!compactions.some((t) => t >= from && t <= to)) missed.push(v.it.n);
  });
  return missed;
}

/**
 * A `compaction_failed` has a fallback when, after it and up to the end of
 * the first iteration ending after it, a snip event follows (a compaction,
 * a context clear, or an event named snip) or that iteration's tier is
 * lower than the last tier logged before the failure.
 */
function countNoFallback(views: IterationView[], fills: (number | null)[], events: StoredEvent[]): number {
  let count = 0;
  for (const failure of events) {
    if (failure.kind !== "compaction_failed") continue;
    const next = views.findIndex((v) => v.it.tsUs > failure.tsUs);
    const endUs = views[next]?.it.tsUs ?? Number.POSITIVE_INFINITY;
    const snipped = events.some((e) => SNIP_KINDS.has(e.kind) && e.tsUs > failure.tsUs && e.tsUs <= endUs);
    if (!snipped && !tierDropped(views, fills, failure.tsUs, next)) count += 1;
  }
  return count;
}

function tierDropped(views: IterationView[], fills: (number | null)[], failureUs: number, next: number): boolean {
  if (next === -1 || fills[next] === null) return false;
  let before: number | null = null;
  views.forEach((v, i) => {
    const fill = fills[i];
    if (v.it.tsUs <= failureUs && fill != null) before = fill;
  });
  if (before === null) return false;
  return TIER_RANK[tierOf(fills[next] as number)] < TIER_RANK[tierOf(before)];
}
