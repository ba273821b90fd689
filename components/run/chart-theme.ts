// Colours and tooltip style shared by the run page's recharts leaves, taken
// from the dark theme's CSS variables (app/globals.css) so charts match.
export const CHART_COLORS = {
  grid: "#2a313c",
  axis: "#8a94a6",
  text: "#d8dee9",
  accent: "#5aa9ff",
  window: "#d2a8ff",
  ok: "#3fb950",
  warn: "#d29922",
  bad: "#f85149",
  detector: "#ff7b72",
} as const;

export const TIER_COLORS = {
  NORMAL: "#3fb950",
  WARNING: "#d29922",
  AUTO_COMPACT: "#f0883e",
  SNIP_COMPACT: "#f85149",
  REJECT: "#8b1e1e",
} as const;

export const TOOLTIP_STYLE = {
  contentStyle: { background: "#1c212a", border: "1px solid #2a313c", fontSize: 12 },
  labelStyle: { color: "#d8dee9" },
  itemStyle: { color: "#d8dee9" },
} as const;

/** A per-iteration series: straight, unanimated, and a missing value stays a gap (connectNulls off), never a zero. */
export const SERIES_LINE = { type: "linear", isAnimationActive: false, connectNulls: false } as const;

/** The label of a reference line, written at its top left in the line's colour. */
export function referenceLabel(value: string, fill: string) {
  return { value, position: "insideTopLeft", fill, fontSize: 10 } as const;
}
