// Paints the visible part of the waterfall onto one canvas: iteration bands,
// then a bar per visible row (a fold paints each of its members), with a
// "blocked" mark on a tool's own calls that started inside that tool
// breaker's OPEN window. Breaker states are not shaded here: they have their
// own lanes above the rows (timeline-lanes.tsx). O(visible rows + visible
// bands) per frame — nothing here walks the whole run. Geometry comes from
// lib/timeline/layout.ts.
import {
  BLOCKED_COLOR,
  CONTAINER_COLOR,
  FAILURE_COLOR,
  FOCUS_COLOR,
  SHORT_CIRCUIT_COLOR,
  toolColor,
} from "@/lib/timeline/colors";
import { isBlockedStart } from "@/lib/timeline/lanes";
import { layoutBar, xOfMs, type ViewRange } from "@/lib/timeline/layout";
import type { IterationBand } from "@/lib/timeline/overlays";
import type { TimelineRow } from "@/lib/timeline/rows";
import { spanStatus, type SpanStatus } from "@/lib/timeline/status";
import type { SpanStore } from "@/lib/timeline/store";
import { ROW_H } from "./constants";

export type WaterfallFrame = {
  store: SpanStore;
  rows: readonly TimelineRow[];
  shortCircuit: Uint8Array;
  bands: readonly IterationBand[];
  /** Each tool's OPEN windows [at, until) in ms, by the tool's name index: its calls starting inside are blocked. */
  toolOpen: ReadonlyMap<number, readonly (readonly [number, number])[]>;
  /** The moment a link points at (ms), marked across the rows; null when none. */
  focusMs: number | null;
  view: ViewRange;
  width: number;
  height: number;
  scrollTop: number;
  selectedSpan: number;
};

/** Alternating iteration backgrounds, full height. */
export function drawBackdrop(
  ctx: CanvasRenderingContext2D,
  f: Pick<WaterfallFrame, "bands" | "view" | "width" | "height">,
): void {
  ctx.fillStyle = "rgba(255, 255, 255, 0.035)";
  for (const b of f.bands) {
    if (!b.odd) continue;
    const bar = layoutBar(b.startMs, b.endMs, f.view, f.width, 0);
    if (bar) ctx.fillRect(bar.x, 0, bar.w, f.height);
  }
}

/** A span's bar colour: by status, else container grey for an agent span, else its tool's colour. */
export function barColor(store: SpanStore, i: number, status: SpanStatus): string {
  if (status === "failed") return FAILURE_COLOR;
  if (status === "short_circuit") return SHORT_CIRCUIT_COLOR;
  return store.kinds[store.kind[i]!] === "agent" ? CONTAINER_COLOR : toolColor(store.names[store.name[i]!]!);
}

const colorOf = (f: WaterfallFrame, i: number): string => barColor(f.store, i, spanStatus(f.store, i, f.shortCircuit));

/** A call its own tool's breaker would have blocked: a dashed box around the bar and a tick at its start. */
function drawBlocked(ctx: CanvasRenderingContext2D, f: WaterfallFrame, i: number, y: number, h: number): void {
  if (!isBlockedStart(f.toolOpen.get(f.store.name[i]!), f.store.t0[i]!)) return;
  const bar = layoutBar(f.store.t0[i]!, f.store.t1[i]!, f.view, f.width, 4);
  if (!bar) return;
  ctx.strokeStyle = BLOCKED_COLOR;
  ctx.setLineDash([3, 2]);
  ctx.strokeRect(bar.x - 1.5, y - 2.5, bar.w + 3, h + 5);
  ctx.setLineDash([]);
  ctx.fillStyle = BLOCKED_COLOR;
  ctx.fillRect(bar.x - 2, y - 3, 2, h + 6);
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
    if (row.kind === "span") {
      if (row.span === f.selectedSpan) {
        ctx.fillStyle = "rgba(90, 169, 255, 0.16)";
        ctx.fillRect(0, y, f.width, ROW_H);
      }
      ctx.globalAlpha = row.context ? 0.4 : 1;
      drawSpan(ctx, f, row.span, y + 5, ROW_H - 10);
      drawBlocked(ctx, f, row.span, y + 5, ROW_H - 10);
      ctx.globalAlpha = 1;
    } else {
      const hull = layoutBar(row.t0, row.t1, f.view, f.width);
      if (hull) {
        ctx.fillStyle = "rgba(90, 169, 255, 0.12)";
        ctx.fillRect(hull.x, y + 3, hull.w, ROW_H - 6);
      }
      for (const i of row.spans) {
        drawSpan(ctx, f, i, y + 6, ROW_H - 12);
        drawBlocked(ctx, f, i, y + 6, ROW_H - 12);
      }
    }
  }
  if (f.focusMs !== null && f.focusMs >= f.view.startMs && f.focusMs <= f.view.endMs) {
    ctx.fillStyle = FOCUS_COLOR;
    ctx.fillRect(Math.round(xOfMs(f.focusMs, f.view, f.width)) - 1, 0, 2, f.height);
  }
}
