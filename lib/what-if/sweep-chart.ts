// docs/dashboard.md#sweep-chart — the sweep's points prepared for the chart:
// one row per value, what halting would have saved at that value. Numbers
// are drawn on a numeric axis in ascending order; a choice (`context_preset`)
// keeps the order given, on a category axis. An unknown cost is a gap (null),
// never a zero. O(values · log values).
import type { SweepPoint } from "../schemas/sweep";

export type SweepChartRow = {
  /** The point's value: a number on a numeric axis, else its text. */
  x: number | string;
  label: string;
  saved_iterations: number;
  saved_tokens: number;
  saved_cost_usd: number | null;
  halted_at: number | null;
  trips: number;
};

export type SweepChart = { numeric: boolean; rows: SweepChartRow[] };

export function prepareSweepChart(points: readonly SweepPoint[]): SweepChart {
  const numeric = points.length > 0 && points.every((p) => typeof p.value === "number");
  const rows = points.map((p): SweepChartRow => ({
    x: p.value,
    label: String(p.value),
    saved_iterations: p.saved_iterations,
    saved_tokens: p.saved_tokens,
    saved_cost_usd: p.saved_cost_usd,
    halted_at: p.halted_at ?? null,
    trips: p.trips,
  }));
  if (numeric) rows.sort((a, b) => (a.x as number) - (b.x as number));
  return { numeric, rows };
}
