// "Prepare, then visualise" (STYLE README.md#configuration) for the iterations tab: one row per
// iteration number with the progress score, window score, tokens and context
// fill, for recharts to map onto lines and bars. Missing data is a gap: an
// iteration the analysis did not score, or whose log lacks a field, gets
// null (a break in the line), never 0. Holes in the numbering (1, 2, 5) are
// filled with all-null rows so the x axis stays linear. O(iterations).
// It does not choose colours or sizes; components do.
import type { StoredIteration } from "../schemas/records";
import type { Detection, StagnationIteration, Tier, TokenBudgetReport } from "../analysis/iteration-report-types";

/** The iteration fields the charts read (a subset of the stored row). */
export type IterationChartFacts = Pick<StoredIteration, "n" | "tokensUsed">;

export type IterationPoint = {
  n: number;
  score: number | null;
  window: number | null;
  tokens: number | null;
  fill: number | null;
  tier: Tier | null;
};

/** Beyond this many missing numbers the holes are not filled (a sparse, huge numbering). */
export const MAX_FILLED_HOLES = 10_000;

export function prepareIterationSeries(
  facts: readonly IterationChartFacts[],
  stagnation: readonly StagnationIteration[],
  budget: TokenBudgetReport["iterations"],
): IterationPoint[] {
  const byN = new Map<number, IterationPoint>();
  const row = (n: number): IterationPoint => {
    let p = byN.get(n);
    if (!p) {
      p = { n, score: null, window: null, tokens: null, fill: null, tier: null };
      byN.set(n, p);
    }
    return p;
  };
  for (const f of facts) row(f.n).tokens = f.tokensUsed ?? null;
  for (const s of stagnation) Object.assign(row(s.n), { score: s.score, window: s.window_score });
  for (const b of budget) Object.assign(row(b.n), { fill: b.fill_pct, tier: b.tier });
  if (byN.size === 0) return [];
  const ns = [...byN.keys()].sort((a, b) => a - b);
  const first = ns[0]!;
  const last = ns[ns.length - 1]!;
  if (last - first + 1 - ns.length <= MAX_FILLED_HOLES) {
    for (let n = first; n <= last; n++) row(n);
  }
  return [...byN.values()].sort((a, b) => a.n - b.n);
}

export type DetectorMark = { n: number; label: string };

/** One mark per iteration where detectors fired, their names joined. */
export function prepareDetectorMarks(detections: readonly Detection[]): DetectorMark[] {
  const byN = new Map<number, string[]>();
  for (const d of detections) byN.set(d.at_iteration, [...(byN.get(d.at_iteration) ?? []), d.detector]);
  return [...byN.entries()].sort((a, b) => a[0] - b[0]).map(([n, names]) => ({ n, label: names.join(", ") }));
}

export type TierBand = { tier: Tier; from: number; to: number };

/** docs/analysis.md#token-budget context-fill tiers, in percent. */
export const TIER_BANDS: readonly TierBand[] = [
  { tier: "NORMAL", from: 0, to: 70 },
  { tier: "WARNING", from: 70, to: 80 },
  { tier: "AUTO_COMPACT", from: 80, to: 92 },
  { tier: "SNIP_COMPACT", from: 92, to: 95 },
  { tier: "REJECT", from: 95, to: 100 },
];

/** Whether any point carries a value for the key (a chart with none shows "no data"). */
export function hasSeries(points: readonly IterationPoint[], key: "score" | "tokens" | "fill"): boolean {
  return points.some((p) => p[key] != null);
}
