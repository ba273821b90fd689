"use client";
// Context fill % per iteration over the docs/analysis.md#token-budget tier bands (NORMAL,
// WARNING, AUTO_COMPACT, SNIP_COMPACT, REJECT) and the context-clear
// threshold. Iterations without a logged fill are gaps.
import { CartesianGrid, Line, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { TIER_BANDS, type IterationPoint } from "@/lib/charts/iteration-series";
import { ChartIterationFrame } from "./chart-iteration-frame";
import { CHART_COLORS, referenceLabel, SERIES_LINE, TIER_COLORS, TOOLTIP_STYLE } from "./chart-theme";

export function ChartContextFill({ data, clearAtPct }: { data: IterationPoint[]; clearAtPct: number }) {
  return (
    <ChartIterationFrame testId="chart-context-fill" height={240} data={data}>
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
        label={referenceLabel(`clear at ${clearAtPct} %`, CHART_COLORS.window)}
      />
      <Line {...SERIES_LINE} dataKey="fill" name="context fill" stroke={CHART_COLORS.text} dot={{ r: 2 }} />
    </ChartIterationFrame>
  );
}
