// The strip chart over every iteration of a run (docs/dashboard.md#iterations): the
// progress score, the context fill and the tokens as three small multiples,
// each one SVG path in a box `count` wide and 1 high (iteration i at x = i + ½,
// the series' max at y = 0, its min at y = 1), so the component only scales
// the box to its width. A missing value is a gap in the path, never a zero.
// And the inverse: where a click or a brush lands → the iterations it covers.
// Pure; O(iterations).
import type { IterationPoint } from "./iteration-series";
import { rangeAround, type IterationRange } from "./iteration-page";
import { formatTokens } from "../format";

export type StripSeriesKey = "score" | "fill" | "tokens";

export type StripSeries = {
  key: StripSeriesKey;
  label: string;
  /** The series' smallest and largest values (null: no value at all). */
  min: number | null;
  max: number | null;
  /** SVG path data in the strip's box; empty when the series has no value. */
  path: string;
};

export type IterationStrip = { ns: number[]; series: StripSeries[] };

const LABELS: Record<StripSeriesKey, string> = { score: "score", fill: "context fill %", tokens: "tokens" };

const round = (v: number) => Math.round(v * 1000) / 1000;

/** One series as a path: `M` starts a segment after a gap, `L` continues it; a lone point is a short tick. */
export function stripPath(values: readonly (number | null)[], min: number, max: number): string {
  const span = max - min || 1;
  const parts: string[] = [];
  let open = false;
  values.forEach((v, i) => {
    if (v == null) {
      open = false;
      return;
    }
    const x = i + 0.5;
    const y = round(max === min ? 0.5 : (max - v) / span);
    const next = values[i + 1];
    if (!open && next == null) parts.push(`M${round(x - 0.4)} ${y}L${round(x + 0.4)} ${y}`);
    else parts.push(`${open ? "L" : "M"}${x} ${y}`);
    open = true;
  });
  return parts.join("");
}

export function prepareIterationStrip(points: readonly IterationPoint[]): IterationStrip {
  const keys: StripSeriesKey[] = ["score", "fill", "tokens"];
  const series = keys.map((key): StripSeries => {
    const values = points.map((p) => p[key]);
    const present = values.filter((v): v is number => v != null);
    if (present.length === 0) return { key, label: LABELS[key], min: null, max: null, path: "" };
    const min = Math.min(0, ...present);
    const max = Math.max(...present);
    return { key, label: LABELS[key], min, max, path: stripPath(values, min, max) };
  });
  return { ns: points.map((p) => p.n), series };
}

/**
 * The iterations a gesture on the strip covers; `x0`, `x1` are fractions of
 * its width. A click (a brush under 1 % of the width) is a page of rows
 * centred on the iteration under it; a brush is the iterations it spans.
 */
export function rangeFromStrip(
  ns: readonly number[],
  x0: number,
  x1: number,
  pageSize?: number,
): IterationRange | null {
  if (ns.length === 0) return null;
  const at = (f: number) => ns[Math.min(ns.length - 1, Math.max(0, Math.floor(f * ns.length)))]!;
  const [a, b] = [Math.min(x0, x1), Math.max(x0, x1)];
  if (b - a < 0.01) return rangeAround(at((a + b) / 2), ns[0]!, ns[ns.length - 1]!, pageSize);
  return { from: at(a), to: at(b) };
}

/** A strip value for its hover text: tokens as tokens, score and fill to one decimal, "—" for a gap. */
export function formatStripValue(key: string, v: number | null): string {
  return v == null ? "—" : key === "tokens" ? formatTokens(v) : String(Math.round(v * 10) / 10);
}
