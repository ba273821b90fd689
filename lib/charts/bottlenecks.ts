// Which bottlenecks to alarm about (docs/analysis.md#bottlenecks): a tool that
// is slow, failing or called with the same input again and again is worth a
// look; a tool that is only overcalled is not — the rule is absolute, and a
// long healthy run calls its tools often. Overcalled-only tools stay in the
// tools table, with their badge; they are left out of the "N bottlenecks"
// counts and the chart's highlight. Pure; O(bottlenecks · reasons).
import type { BottleneckReason } from "../analysis/tools";
import { plural } from "../plural";

/** The reasons that make a tool a bottleneck worth an alarm. */
export const ALARMING_REASONS: ReadonlySet<BottleneckReason["kind"]> = new Set(["slow", "failing", "repeated"]);

/** A bottleneck, or a tool table row with its reason badges: only the reasons' kinds matter here. */
type WithReasons = { reasons: readonly Pick<BottleneckReason, "kind">[] };

/** True when at least one of the tool's reasons is alarming. */
export function isAlarmingBottleneck(b: WithReasons): boolean {
  return b.reasons.some((r) => ALARMING_REASONS.has(r.kind));
}

export type BottleneckCounts = {
  /** Tools that are slow, failing or repeated: the "N bottlenecks" badge. */
  alarmed: number;
  /** Tools flagged only for being called often: shown, not counted. */
  overcalledOnly: number;
};

/** Count the report's bottlenecks (or the tool rows with reasons) by whether they alarm. */
export function countBottlenecks(bottlenecks: readonly WithReasons[]): BottleneckCounts {
  const flagged = bottlenecks.filter((b) => b.reasons.length > 0);
  const alarmed = flagged.filter(isAlarmingBottleneck).length;
  return { alarmed, overcalledOnly: flagged.length - alarmed };
}

/** "3 bottlenecks", "1 bottleneck". */
export function formatBottleneckCount(n: number): string {
  return plural(n, "bottleneck");
}
