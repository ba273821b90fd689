"use client";
// Bar chart of total time by tool. A client leaf: recharts
// measures the DOM. Data arrives prepared (lib/charts/tool-table), in seconds.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ToolTotalBar } from "@/lib/charts/tool-table";
import { formatDuration } from "@/lib/format";
import { CHART_COLORS, TOOLTIP_STYLE } from "./chart-theme";

const ROW_PX = 26;

export function ChartToolTotals({ data }: { data: ToolTotalBar[] }) {
  return (
    <div data-testid="chart-tool-totals" style={{ width: "100%", height: data.length * ROW_PX + 50 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 16, left: 8 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
          <XAxis type="number" stroke={CHART_COLORS.axis} fontSize={11} unit=" s" />
          <YAxis type="category" dataKey="tool" stroke={CHART_COLORS.axis} fontSize={11} width={90} />
          <Tooltip {...TOOLTIP_STYLE} formatter={(v) => [formatDuration(Number(v) * 1000), "total"]} />
          <Bar dataKey="total_s" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.tool} fill={d.bottleneck ? CHART_COLORS.warn : CHART_COLORS.accent} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
