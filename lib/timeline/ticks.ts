// Time-axis ticks for a view range: the smallest "nice" step (1, 2, 5 × 10^k
// ms; whole minutes and hours once steps pass a minute) that keeps ticks at
// least minGapPx apart, and labels in ms, s, or m/h that show just the
// precision the step needs. With idle stretches folded (time-axis.ts) the step
// follows the worked time's scale, each unfolded stretch gets the ticks that
// fall in it, and none sits inside a fold or runs its label into one: the
// labels keep reading the time since the run start. Pure; O(ticks + folds).
import { labelWidthPx } from "./iterations";
import { xOfMs, type ViewRange } from "./layout";
import { axisOfMs, foldsIn, LINEAR_AXIS, type TimeAxis } from "./time-axis";

export type Tick = { ms: number; x: number; label: string };

const MINUTE_STEPS_MS = [60e3, 120e3, 300e3, 600e3, 900e3, 1800e3, 3600e3, 7200e3, 10800e3, 21600e3, 43200e3, 86400e3];

export function chooseStepMs(spanMs: number, widthPx: number, minGapPx = 80): number {
  const raw = (spanMs * minGapPx) / Math.max(widthPx, 1);
  if (raw > 30e3) return MINUTE_STEPS_MS.find((s) => s >= raw) ?? Math.ceil(raw / 86400e3) * 86400e3;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw * (1 - 1e-9)) return m * pow;
  return 10 * pow;
}

function decimalsFor(stepUnits: number): number {
  return Math.max(0, Math.min(6, Math.ceil(-Math.log10(stepUnits) - 1e-9)));
}

/** A tick's label: the unit follows the step, the decimals show the step's precision. */
export function formatTick(ms: number, stepMs: number): string {
  if (stepMs < 1000 && Math.abs(ms) < 1000) return `${ms.toFixed(decimalsFor(stepMs))} ms`;
  if (stepMs < 60e3 && Math.abs(ms) < 60e3) return `${(ms / 1000).toFixed(decimalsFor(stepMs / 1000))} s`;
  const neg = ms < 0 ? "-" : "";
  const abs = Math.abs(ms);
  const h = Math.floor(abs / 3600e3);
  const m = Math.floor((abs - h * 3600e3) / 60e3);
  const s = (abs - h * 3600e3 - m * 60e3) / 1000;
  const secs = stepMs >= 60e3 ? "" : ` ${s.toFixed(decimalsFor(stepMs / 1000)).padStart(2, "0")}s`;
  return h > 0 ? `${neg}${h}h ${String(m).padStart(2, "0")}m${secs}` : `${neg}${m}m${secs}`;
}

export function chooseTicks(view: ViewRange, widthPx: number, minGapPx = 80, axis: TimeAxis = LINEAR_AXIS): Tick[] {
  const span = axisOfMs(axis, view.endMs) - axisOfMs(axis, view.startMs);
  if (!(span > 0) || widthPx <= 0) return [];
  const step = chooseStepMs(span, widthPx, minGapPx);
  const folds = foldsIn(axis, view.startMs, view.endMs);
  // The unfolded stretches of the view, each with the x where the next fold begins.
  const pieces: { from: number; to: number; stopX: number }[] = [];
  let from = view.startMs;
  for (const f of folds) {
    if (f.startMs > from) pieces.push({ from, to: f.startMs, stopX: xOfMs(f.startMs, view, widthPx, axis) });
    from = Math.max(from, f.endMs);
  }
  if (from <= view.endMs) pieces.push({ from, to: view.endMs, stopX: Infinity });
  const ticks: Tick[] = [];
  for (const p of pieces) {
    for (let k = Math.ceil(p.from / step - 1e-9); k * step <= p.to + step * 1e-9; k++) {
      const ms = k * step;
      const x = xOfMs(ms, view, widthPx, axis);
      const label = formatTick(ms, step);
      const last = ticks[ticks.length - 1];
      if (folds.length > 0 && (x + labelWidthPx(label) > p.stopX || (last && x - last.x < minGapPx * 0.75))) continue;
      ticks.push({ ms, x, label });
    }
  }
  return ticks;
}
