// The frame the per-iteration line charts share: a full-width box of a given
// height holding a responsive recharts LineChart over the iteration points.
// Grid, axes, series and reference lines are the children, in drawing order.
import type { ReactNode } from "react";
import { LineChart, ResponsiveContainer } from "recharts";
import type { IterationPoint } from "@/lib/charts/iteration-series";

type Props = { testId: string; height: number; data: IterationPoint[]; children: ReactNode };

export function ChartIterationFrame({ testId, height, data, children }: Props) {
  return (
    <div data-testid={testId} style={{ width: "100%", height }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          {children}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
