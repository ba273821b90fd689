"use client";
// Progress score and window score per iteration (docs/analysis.md#stagnation-detectors) with the zero
// line, and a vertical marker where each detector first fired. Nulls are
// gaps (connectNulls off). Data prepared by lib/charts/iteration-series.
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { DetectorMark, IterationPoint } from "@/lib/charts/iteration-series";
import { CHART_COLORS, TOOLTIP_STYLE } from "./chart-theme";

/** Detector labels cycle through this many rows so neighbouring marks do not overlap. */
const LABEL_ROWS = 4;

export function ChartIterationScores({ data, marks }: { data: IterationPoint[]; marks: DetectorMark[] }) {
  return (
    <div data-testid="chart-scores" style={{ width: "100%", height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
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
              label={{
                value: m.label,
                position: "insideTopLeft",
                dy: (i % LABEL_ROWS) * 13,
                fill: CHART_COLORS.detector,
                fontSize: 10,
              }}
            />
          ))}
          <Line
            type="linear"
            dataKey="score"
            name="score"
            stroke={CHART_COLORS.accent}
            dot={{ r: 2 }}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            type="linear"
            dataKey="window"
            name="window score"
            stroke={CHART_COLORS.window}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
            connectNulls={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
