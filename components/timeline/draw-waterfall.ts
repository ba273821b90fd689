// Paints the visible part of the waterfall onto one canvas: iteration bands,
// then a bar per visible row (a fold paints each of its members, a turn row
// a quiet band across its turn's extent with a rule on top) — a call
// that waited for a person hatched and outlined, not filled like work — then
// the idle breaks over everything (time-axis.ts). A call the replayed tool
// breaker would have blocked keeps its own bar as it ran; the replay's mark
// is apart from it: a small hollow triangle above its start and a dotted
// line under it, in the replay's colour (its lane says "replay"). Breaker
// states are not shaded here: they have their own lanes above the rows
// (timeline-lanes.tsx). O(visible rows + visible bands + folds) per frame —
// nothing here walks the whole run. Geometry comes from lib/timeline/layout.ts.
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
import { foldsIn, type TimeAxis } from "@/lib/timeline/time-axis";
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
  /** Name indices of the tools whose calls wait for a person: drawn as waits. */
  waitNames: ReadonlySet<number>;
  axis: TimeAxis;
  /** The moment a link points at (ms), marked across the rows; null when none. */
  focusMs: number | null;
  view: ViewRange;
  width: number;
  height: number;
  scrollTop: number;
  selectedSpan: number;
};

type Area = Pick<WaterfallFrame, "view" | "width" | "height" | "axis">;

/** Alternating iteration backgrounds, full height. */
export function drawBackdrop(ctx: CanvasRenderingContext2D, f: Area & Pick<WaterfallFrame, "bands">): void {
  ctx.fillStyle = "rgba(255, 255, 255, 0.035)";
  for (const b of f.bands) {
    if (!b.odd) continue;
    const bar = layoutBar(b.startMs, b.endMs, f.view, f.width, 0, f.axis);
    if (bar) ctx.fillRect(bar.x, 0, bar.w, f.height);
  }
}

const patterns = new WeakMap<CanvasRenderingContext2D, Map<string, CanvasPattern | null>>();

/** Diagonal stripes of one colour on nothing, made once per canvas and colour. */
function hatch(ctx: CanvasRenderingContext2D, color: string): CanvasPattern | string {
  let byColor = patterns.get(ctx);
  if (!byColor) patterns.set(ctx, (byColor = new Map()));
  if (!byColor.has(color)) {
    const tile = document.createElement("canvas");
    tile.width = tile.height = 6;
    const t = tile.getContext("2d");
    if (t) {
      t.strokeStyle = color;
      t.lineWidth = 1.5;
      t.beginPath();
      t.moveTo(-1, 7);
      t.lineTo(7, -1);
      t.stroke();
    }
    byColor.set(color, t ? ctx.createPattern(tile, "repeat") : null);
  }
  return byColor.get(color) ?? color;
}

/** The folded idle stretches, over whatever is under them: dimmed, hatched, edged. */
export function drawFolds(ctx: CanvasRenderingContext2D, f: Area): void {
  for (const fold of foldsIn(f.axis, f.view.startMs, f.view.endMs)) {
    const x0 = xOfMs(fold.startMs, f.view, f.width, f.axis);
    const x1 = xOfMs(fold.endMs, f.view, f.width, f.axis);
    ctx.fillStyle = "rgba(13, 17, 23, 0.72)";
    ctx.fillRect(x0, 0, x1 - x0, f.height);
    ctx.fillStyle = hatch(ctx, "rgba(138, 148, 166, 0.22)");
    ctx.fillRect(x0, 0, x1 - x0, f.height);
    ctx.fillStyle = "rgba(138, 148, 166, 0.5)";
    ctx.fillRect(Math.round(x0), 0, 1, f.height);
    ctx.fillRect(Math.round(x1) - 1, 0, 1, f.height);
  }
}

/** A span's bar colour: by status, else container grey for an agent span, else its tool's colour. */
export function barColor(store: SpanStore, i: number, status: SpanStatus): string {
  if (status === "failed") return FAILURE_COLOR;
  if (status === "short_circuit") return SHORT_CIRCUIT_COLOR;
  return store.kinds[store.kind[i]!] === "agent" ? CONTAINER_COLOR : toolColor(store.names[store.name[i]!]!);
}

const colorOf = (f: WaterfallFrame, i: number): string => barColor(f.store, i, spanStatus(f.store, i, f.shortCircuit));

/**
 * The replay's mark on a call its tool's replayed breaker would have blocked,
 * apart from the bar (which shows what the call did): a hollow triangle above
 * its start and a dotted line under the bar.
 */
function drawReplayBlocked(ctx: CanvasRenderingContext2D, f: WaterfallFrame, i: number, y: number, h: number): void {
  if (!isBlockedStart(f.toolOpen.get(f.store.name[i]!), f.store.t0[i]!)) return;
  const bar = layoutBar(f.store.t0[i]!, f.store.t1[i]!, f.view, f.width, 4, f.axis);
  if (!bar) return;
  ctx.strokeStyle = BLOCKED_COLOR;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(bar.x - 3, y - 4.5);
  ctx.lineTo(bar.x + 3, y - 4.5);
  ctx.lineTo(bar.x, y - 0.5);
  ctx.closePath();
  ctx.stroke();
  ctx.setLineDash([1, 2]);
  ctx.beginPath();
  ctx.moveTo(bar.x, y + h + 2.5);
  ctx.lineTo(bar.x + Math.max(bar.w, 6), y + h + 2.5);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawSpan(ctx: CanvasRenderingContext2D, f: WaterfallFrame, i: number, y: number, h: number): void {
  // Failures stay visible however short they were.
  const bar = layoutBar(f.store.t0[i]!, f.store.t1[i]!, f.view, f.width, f.store.ok[i] ? 1 : 4, f.axis);
  if (!bar) return;
  const color = colorOf(f, i);
  if (f.waitNames.has(f.store.name[i]!)) {
    // A person's time: stripes in an outline, never a solid bar of work.
    ctx.fillStyle = hatch(ctx, color);
    ctx.fillRect(bar.x, y, bar.w, h);
    ctx.strokeStyle = color;
    ctx.strokeRect(bar.x + 0.5, y + 0.5, Math.max(0, bar.w - 1), h - 1);
    return;
  }
  ctx.fillStyle = color;
  ctx.fillRect(bar.x, y, bar.w, h);
  if (!f.store.ok[i] && bar.w >= 3) {
    ctx.strokeStyle = "#ffb4ae";
    ctx.strokeRect(bar.x + 0.5, y + 0.5, bar.w - 1, h - 1);
  }
}

/** A turn's band: its whole extent, dim, under a brighter rule, so it reads as a heading and not a call. */
function drawTurn(ctx: CanvasRenderingContext2D, f: WaterfallFrame, t0: number, t1: number, y: number): void {
  const band = layoutBar(t0, t1, f.view, f.width, 2, f.axis);
  if (!band) return;
  ctx.fillStyle = "rgba(107, 118, 134, 0.28)";
  ctx.fillRect(band.x, y + 4, band.w, ROW_H - 8);
  ctx.fillStyle = CONTAINER_COLOR;
  ctx.fillRect(band.x, y + 4, band.w, 2);
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
      drawReplayBlocked(ctx, f, row.span, y + 5, ROW_H - 10);
      ctx.globalAlpha = 1;
    } else if (row.kind === "turn") {
      drawTurn(ctx, f, row.t0, row.t1, y);
    } else {
      const hull = layoutBar(row.t0, row.t1, f.view, f.width, 1, f.axis);
      if (hull) {
        ctx.fillStyle = "rgba(90, 169, 255, 0.12)";
        ctx.fillRect(hull.x, y + 3, hull.w, ROW_H - 6);
      }
      for (const i of row.spans) {
        drawSpan(ctx, f, i, y + 6, ROW_H - 12);
        drawReplayBlocked(ctx, f, i, y + 6, ROW_H - 12);
      }
    }
  }
  drawFolds(ctx, f);
  if (f.focusMs !== null && f.focusMs >= f.view.startMs && f.focusMs <= f.view.endMs) {
    ctx.fillStyle = FOCUS_COLOR;
    ctx.fillRect(Math.round(xOfMs(f.focusMs, f.view, f.width, f.axis)) - 1, 0, 2, f.height);
  }
}
