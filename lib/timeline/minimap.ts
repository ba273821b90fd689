// The minimap's picture of the whole run: per pixel column, how many spans
// were running (a difference array, so a long span costs O(1), not O(its
// columns)) and how many failed spans started there. O(spans + columns),
// computed when data arrives, never per frame. With idle stretches folded
// (time-axis.ts) the columns follow the same axis as the waterfall.
import { xOfMs } from "./layout";
import type { SpanStore } from "./store";
import { LINEAR_AXIS, type TimeAxis } from "./time-axis";

export type MinimapColumns = { running: Float32Array; failures: Uint32Array; peak: number };

export function minimapColumns(
  store: Pick<SpanStore, "count" | "t0" | "t1" | "ok">,
  totalMs: number,
  columns: number,
  axis: TimeAxis = LINEAR_AXIS,
): MinimapColumns {
  const cols = Math.max(1, Math.floor(columns));
  const diff = new Float32Array(cols + 1);
  const failures = new Uint32Array(cols);
  const scale = totalMs > 0 ? cols / totalMs : 0;
  const whole = { startMs: 0, endMs: totalMs };
  const xOf = axis.folds.length === 0 ? (ms: number) => ms * scale : (ms: number) => xOfMs(ms, whole, cols, axis);
  const col = (ms: number) => Math.min(cols - 1, Math.max(0, Math.floor(xOf(ms))));
  for (let i = 0; i < store.count; i++) {
    const a = col(store.t0[i]!);
    const b = col(store.t1[i]!);
    diff[a]! += 1;
    diff[b + 1]! -= 1;
    if (!store.ok[i]) failures[a]!++;
  }
  const running = new Float32Array(cols);
  let acc = 0;
  let peak = 0;
  for (let c = 0; c < cols; c++) {
    acc += diff[c]!;
    running[c] = acc;
    if (acc > peak) peak = acc;
  }
  return { running, failures, peak };
}
