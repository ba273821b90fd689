// The iteration strips of the compare page (docs/dashboard.md#compare): each
// run's progress score, context fill and tokens as thin rows on the shared
// iteration axis. Each series is one SVG path in a box as wide as the axis
// has cells and 1 high (iteration n at x = n − first + ½), on a scale shared
// by both runs so their heights compare: the larger max of the two at y = 0,
// the smaller min (or 0) at y = 1. A missing value, or a hole in the
// numbering, is a gap in the path, never a zero. Pure; O(iterations).
import type { IterationPoint } from "../charts/iteration-series";
import type { StripSeriesKey } from "../charts/iteration-strip";
import type { IterationAxis } from "./iteration-axis";

export type CompareSeries = { key: StripSeriesKey; label: string; path: string };
/** Per series key, the scale both runs share (null: neither run has a value). */
export type CompareScale = { key: StripSeriesKey; label: string; min: number | null; max: number | null };
export type CompareStrips = { scales: CompareScale[]; a: CompareSeries[]; b: CompareSeries[] };

const KEYS: StripSeriesKey[] = ["score", "fill", "tokens"];
const LABELS: Record<StripSeriesKey, string> = { score: "score", fill: "context fill %", tokens: "tokens" };
/** Half the width of the tick a lone value (no neighbour to join) is drawn as. */
const LONE_HALF = 0.4;

const round = (v: number) => Math.round(v * 1000) / 1000;
const maxOf = (m: number, v: number) => Math.max(m, v);

/** `M` starts a run of consecutive iterations with values, `L` continues it; a lone value is a short tick. */
export function seriesPath(
  points: readonly { n: number; v: number | null }[],
  axis: IterationAxis,
  min: number,
  max: number,
): string {
  const span = max - min || 1;
  const present = points.filter((p): p is { n: number; v: number } => p.v != null).sort((a, b) => a.n - b.n);
  const parts: string[] = [];
  present.forEach((p, i) => {
    const x = p.n - axis.first + 0.5;
    const y = round(max === min ? 0.5 : (max - p.v) / span);
    const joined = i > 0 && present[i - 1]!.n === p.n - 1;
    const lone = !joined && present[i + 1]?.n !== p.n + 1;
    if (lone) parts.push(`M${round(x - LONE_HALF)} ${y}L${round(x + LONE_HALF)} ${y}`);
    else parts.push(`${joined ? "L" : "M"}${x} ${y}`);
  });
  return parts.join("");
}

export function prepareCompareStrips(
  a: readonly IterationPoint[],
  b: readonly IterationPoint[],
  axis: IterationAxis,
): CompareStrips {
  const scales = KEYS.map((key): CompareScale => {
    const values = [...a, ...b].map((p) => p[key]).filter((v): v is number => v != null);
    if (values.length === 0) return { key, label: LABELS[key], min: null, max: null };
    return { key, label: LABELS[key], min: values.reduce((m, v) => Math.min(m, v), 0), max: values.reduce(maxOf) };
  });
  const side = (points: readonly IterationPoint[]): CompareSeries[] =>
    scales.map(({ key, label, min, max }) => ({
      key,
      label,
      path:
        min === null || max === null
          ? ""
          : seriesPath(
              points.map((p) => ({ n: p.n, v: p[key] })),
              axis,
              min,
              max,
            ),
    }));
  return { scales, a: side(a), b: side(b) };
}
