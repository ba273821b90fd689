"use client";
// Context fill % per iteration over the docs/analysis.md#token-budget tier bands (NORMAL,
// WARNING, AUTO_COMPACT, SNIP_COMPACT, REJECT) and the context-clear
// threshold. Iterations without a logged fill are gaps.
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { TIER_BANDS, type IterationPoint } from "@/lib/charts/iteration-series";
import { CHART_COLORS, TIER_COLORS, TOOLTIP_STYLE } from "./chart-theme";

export function ChartContextFill({ data, clearAtPct }: { data: IterationPoint[]; clearAtPct: number }) {
  return (
    <div data-testid="chart-context-fill" style={{ width: "100%", height: 240 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          {TIER_BANDS.map((b) => (
            <ReferenceArea
              key={b.tier}
              y1={b.from}
              y2={b.to}
              fill={TIER_COLORS[b.tier]}
              fillOpacity={0.13}
              stroke="none"
              ifOverflow="hidden"
              label={{ value: b.tier, position: "insideRight", fill: TIER_COLORS[b.tier], fontSize: 9 }}
            />
          ))}
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="n" stroke={CHART_COLORS.axis} fontSize={11} />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 70, 80, 92, 100]}
            stroke={CHART_COLORS.axis}
            fontSize={11}
            width={36}
            unit="%"
          />
          <Tooltip
            {...TOOLTIP_STYLE}
            labelFormatter={(n) => `iteration ${n}`}
            formatter={(v) => [v == null ? "not logged" : `${Number(v).toFixed(1)} %`, "fill"]}
          />
          <ReferenceLine
            y={clearAtPct}
            stroke={CHART_COLORS.window}
            strokeDasharray="5 4"
            label={{
              value: `clear at ${clearAtPct} %`,
              position: "insideTopLeft",
              fill: CHART_COLORS.window,
              fontSize: 10,
            }}
          />
          <Line
            type="linear"
            dataKey="fill"
            name="context fill"
            stroke={CHART_COLORS.text}
            dot={{ r: 2 }}
            isAnimationActive={false}
            connectNulls={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
