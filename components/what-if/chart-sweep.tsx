"use client";
// docs/dashboard.md#sweep-chart — savings against the swept setting's value:
// iterations saved (left axis) and tokens saved (right axis), one point per
// value. The data is prepared by lib/what-if/sweep-chart.ts.
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, TOOLTIP_STYLE } from "@/components/run/chart-theme";
import { formatTokens } from "@/lib/format";
import type { SweepChart } from "@/lib/what-if/sweep-chart";

type DotProps = { cx?: number; cy?: number; index?: number };

const dot = (color: string, testId?: string) =>
  function SweepDot({ cx, cy, index }: DotProps) {
    if (cx === undefined || cy === undefined) return <g key={index} />;
    return <circle key={index} cx={cx} cy={cy} r={4} fill={color} data-testid={testId} />;
  };

export function ChartSweep({ chart, setting }: { chart: SweepChart; setting: string }) {
  return (
    <div data-testid="chart-sweep" data-points={chart.rows.length} style={{ width: "100%", height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={chart.rows} margin={{ top: 8, right: 8, bottom: 16, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis
            dataKey="x"
            type={chart.numeric ? "number" : "category"}
            domain={chart.numeric ? ["dataMin", "dataMax"] : undefined}
            stroke={CHART_COLORS.axis}
            fontSize={11}
            label={{ value: setting, position: "insideBottom", offset: -8, fill: CHART_COLORS.axis, fontSize: 11 }}
          />
          <YAxis yAxisId="it" stroke={CHART_COLORS.axis} fontSize={11} width={36} allowDecimals={false} />
          <YAxis
            yAxisId="tok"
            orientation="right"
            stroke={CHART_COLORS.axis}
            fontSize={11}
            width={44}
            tickFormatter={(v: number) => formatTokens(v)}
          />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={(x) => `${setting} = ${x}`} />
          <Line
            yAxisId="it"
            dataKey="saved_iterations"
            name="iterations saved"
            stroke={CHART_COLORS.accent}
            isAnimationActive={false}
            dot={dot(CHART_COLORS.accent, "sweep-point")}
          />
          <Line
            yAxisId="tok"
            dataKey="saved_tokens"
            name="tokens saved"
            stroke={CHART_COLORS.window}
            isAnimationActive={false}
            dot={dot(CHART_COLORS.window)}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
