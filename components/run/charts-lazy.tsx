"use client";
// The run page's charts, each loaded with the tab that draws it. The run page
// is one route, so every client component its tabs import is part of its first
// load; recharts is a third of the timeline tab's script, and that tab draws no
// chart. Still server-rendered: the chart's code arrives before its part of the
// page hydrates (docs/benchmarks.md#ui).
import dynamic from "next/dynamic";

export const ChartToolTotals = dynamic(() => import("./chart-tool-totals").then((m) => m.ChartToolTotals));
export const ChartIterationScores = dynamic(() =>
  import("./chart-iteration-scores").then((m) => m.ChartIterationScores),
);
export const ChartIterationTokens = dynamic(() =>
  import("./chart-iteration-tokens").then((m) => m.ChartIterationTokens),
);
export const ChartContextFill = dynamic(() => import("./chart-context-fill").then((m) => m.ChartContextFill));
