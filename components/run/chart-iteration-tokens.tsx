"use client";
// Tokens used per iteration (docs/format.md tokens_used). An iteration that logged
// no tokens has no bar (null), not a zero-height one that looks measured.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { IterationPoint } from "@/lib/charts/iteration-series";
import { formatTokens } from "@/lib/format";
import { CHART_COLORS, TOOLTIP_STYLE } from "./chart-theme";

export function ChartIterationTokens({ data }: { data: IterationPoint[] }) {
  return (
    <div data-testid="chart-tokens" style={{ width: "100%", height: 220 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="n" stroke={CHART_COLORS.axis} fontSize={11} />
          <YAxis stroke={CHART_COLORS.axis} fontSize={11} width={44} tickFormatter={(v: number) => formatTokens(v)} />
          <Tooltip
            {...TOOLTIP_STYLE}
            labelFormatter={(n) => `iteration ${n}`}
            formatter={(v) => [v == null ? "not logged" : formatTokens(Number(v)), "tokens"]}
          />
          <Bar dataKey="tokens" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.n} fill={CHART_COLORS.accent} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
