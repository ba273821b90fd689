// Paints the visible part of the waterfall onto one canvas: iteration bands,
// breaker OPEN windows, then a bar per visible row (a fold paints each of its
// members). O(visible rows + visible bands/windows) per frame — nothing here
// walks the whole run. Geometry comes from lib/timeline/layout.ts.
import { BREAKER_FILL, CONTAINER_COLOR, FAILURE_COLOR, SHORT_CIRCUIT_COLOR, toolColor } from "@/lib/timeline/colors";
import { layoutBar, type ViewRange } from "@/lib/timeline/layout";
import type { BreakerWindow, IterationBand } from "@/lib/timeline/overlays";
import type { TimelineRow } from "@/lib/timeline/rows";
import { spanStatus } from "@/lib/timeline/status";
import type { SpanStore } from "@/lib/timeline/store";
import { ROW_H } from "./constants";

export type WaterfallFrame = {
  store: SpanStore;
  rows: readonly TimelineRow[];
  shortCircuit: Uint8Array;
  bands: readonly IterationBand[];
  /** Run-wide breaker windows (loop, permission, API): shaded across every row. */
  windows: readonly BreakerWindow[];
  /** Tool breaker windows by tool name index: shaded on that tool's rows only. */
  toolWindows: ReadonlyMap<number, readonly BreakerWindow[]>;
  view: ViewRange;
  width: number;
  height: number;
  scrollTop: number;
  selectedSpan: number;
};

/** Alternating iteration backgrounds and shaded breaker windows, full height. */
export function drawBackdrop(
  ctx: CanvasRenderingContext2D,
  f: Pick<WaterfallFrame, "bands" | "windows" | "view" | "width" | "height">,
): void {
  ctx.fillStyle = "rgba(255, 255, 255, 0.035)";
  for (const b of f.bands) {
    if (!b.odd) continue;
    const bar = layoutBar(b.startMs, b.endMs, f.view, f.width, 0);
    if (bar) ctx.fillRect(bar.x, 0, bar.w, f.height);
  }
  for (const w of f.windows) {
    const bar = layoutBar(w.startMs, w.endMs, f.view, f.width, 1);
    if (!bar) continue;
    ctx.fillStyle = BREAKER_FILL[w.source];
    ctx.fillRect(bar.x, 0, bar.w, f.height);
  }
}

function colorOf(f: WaterfallFrame, i: number): string {
  const s = spanStatus(f.store, i, f.shortCircuit);
  if (s === "failed") return FAILURE_COLOR;
  if (s === "short_circuit") return SHORT_CIRCUIT_COLOR;
  return f.store.kinds[f.store.kind[i]!] === "agent" ? CONTAINER_COLOR : toolColor(f.store.names[f.store.name[i]!]!);
}

/** A tool's OPEN windows behind one row. */
function drawToolWindows(ctx: CanvasRenderingContext2D, f: WaterfallFrame, nameIdx: number, y: number): void {
  const ws = f.toolWindows.get(nameIdx);
  if (!ws) return;
  ctx.fillStyle = "rgba(248, 81, 73, 0.22)";
  for (const w of ws) {
    const bar = layoutBar(w.startMs, w.endMs, f.view, f.width, 1);
    if (bar) ctx.fillRect(bar.x, y, bar.w, ROW_H);
  }
}

function drawSpan(ctx: CanvasRenderingContext2D, f: WaterfallFrame, i: number, y: number, h: number): void {
  // Failures stay visible however short they were.
  const bar = layoutBar(f.store.t0[i]!, f.store.t1[i]!, f.view, f.width, f.store.ok[i] ? 1 : 4);
  if (!bar) return;
  ctx.fillStyle = colorOf(f, i);
  ctx.fillRect(bar.x, y, bar.w, h);
  if (!f.store.ok[i] && bar.w >= 3) {
    ctx.strokeStyle = "#ffb4ae";
    ctx.strokeRect(bar.x + 0.5, y + 0.5, bar.w - 1, h - 1);
  }
}

export function drawWaterfall(ctx: CanvasRenderingContext2D, f: WaterfallFrame): void {
  ctx.clearRect(0, 0, f.width, f.height);
  drawBackdrop(ctx, f);
  const first = Math.max(0, Math.floor(f.scrollTop / ROW_H));
  const last = Math.min(f.rows.length - 1, Math.ceil((f.scrollTop + f.height) / ROW_H));
  for (let r = first; r <= last; r++) {
    const row = f.rows[r]!;
    const y = r * ROW_H - f.scrollTop;
    drawToolWindows(ctx, f, row.kind === "span" ? f.store.name[row.span]! : row.name, y);
    if (row.kind === "span") {
      if (row.span === f.selectedSpan) {
        ctx.fillStyle = "rgba(90, 169, 255, 0.16)";
        ctx.fillRect(0, y, f.width, ROW_H);
      }
      ctx.globalAlpha = row.context ? 0.4 : 1;
      drawSpan(ctx, f, row.span, y + 5, ROW_H - 10);
      ctx.globalAlpha = 1;
    } else {
      const hull = layoutBar(row.t0, row.t1, f.view, f.width);
      if (hull) {
        ctx.fillStyle = "rgba(90, 169, 255, 0.12)";
        ctx.fillRect(hull.x, y + 3, hull.w, ROW_H - 6);
      }
      for (const i of row.spans) drawSpan(ctx, f, i, y + 6, ROW_H - 12);
    }
  }
}
