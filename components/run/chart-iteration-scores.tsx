"use client";
// Progress score and window score per iteration (docs/analysis.md#stagnation-detectors) with the zero
// line, and a vertical marker where each detector first fired. Nulls are
// gaps (connectNulls off). Data prepared by lib/charts/iteration-series.
import { CartesianGrid, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { DetectorMark, IterationPoint } from "@/lib/charts/iteration-series";
import { ChartIterationFrame } from "./chart-iteration-frame";
import { CHART_COLORS, referenceLabel, SERIES_LINE, TOOLTIP_STYLE } from "./chart-theme";

/** Detector labels cycle through this many rows so neighbouring marks do not overlap. */
const LABEL_ROWS = 4;
/** Beyond this many marks (a long run) labels would pile up: the lines stay, the note under the chart names them. */
const MAX_LABELLED_MARKS = 12;
/** Beyond this many iterations the score's dots merge into a smear: the line alone reads better. */
const MAX_DOTTED_POINTS = 120;

export function ChartIterationScores({ data, marks }: { data: IterationPoint[]; marks: DetectorMark[] }) {
  const labelled = marks.length <= MAX_LABELLED_MARKS;
  return (
    <ChartIterationFrame testId="chart-scores" height={260} data={data}>
      <CartesianGrid stroke={CHART_COLORS.grid} />
      <XAxis dataKey="n" stroke={CHART_COLORS.axis} fontSize={11} />
      <YAxis stroke={CHART_COLORS.axis} fontSize={11} allowDecimals={false} width={36} />
      <Tooltip {...TOOLTIP_STYLE} labelFormatter={(n) => `iteration ${n}`} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <ReferenceLine y={0} stroke={CHART_COLORS.axis} strokeWidth={1.5} />
      {marks.map((m, i) => (
        <ReferenceLine
          key={m.n}
          x={m.n}
          stroke={CHART_COLORS.detector}
          strokeDasharray="4 3"
          label={
            labelled ? { ...referenceLabel(m.label, CHART_COLORS.detector), dy: (i % LABEL_ROWS) * 13 } : undefined
          }
        />
      ))}
      <Line
        {...SERIES_LINE}
        dataKey="score"
        name="score"
        stroke={CHART_COLORS.accent}
        dot={data.length <= MAX_DOTTED_POINTS ? { r: 2 } : false}
      />
      <Line
        {...SERIES_LINE}
        dataKey="window"
        name="window score"
        stroke={CHART_COLORS.window}
        dot={false}
        strokeWidth={2}
      />
    </ChartIterationFrame>
  );
}
