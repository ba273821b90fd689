// The calls a replayed tool breaker would have blocked (docs/dashboard.md#breaker-lanes):
// each started inside its tool's OPEN window (isBlockedStart) — and ran, as the
// log says. The replay's verdict about a call is drawn on its tool's replay
// lane and in the span panel, never as a "blocked" tag on the call's own row:
// that row shows what the call did. Pure; O(spans · log windows) to find them,
// O(visible calls) to place them.
import { isBlockedStart } from "./lanes";
import { xOfMs } from "./layout";
import type { SpanStore } from "./store";
import { LINEAR_AXIS, type TimeAxis } from "./time-axis";

/** A call the replayed tool breaker would have blocked: it started inside an OPEN window — and ran. */
export type BlockedCall = { span: number; atMs: number };

/**
 * By tool lane id (`tool:<name>`), the calls its replayed breaker would have
 * blocked, in time order; `toolOpen` holds each tool's OPEN windows by name
 * index. O(spans · log windows).
 */
export function blockedCallsByLane(
  store: Pick<SpanStore, "count" | "name" | "names" | "t0">,
  toolOpen: ReadonlyMap<number, readonly (readonly [number, number])[]>,
): Map<string, BlockedCall[]> {
  const out = new Map<string, BlockedCall[]>();
  if (toolOpen.size === 0) return out;
  for (let i = 0; i < store.count; i++) {
    const windows = toolOpen.get(store.name[i]!);
    if (!windows || !isBlockedStart(windows, store.t0[i]!)) continue;
    const id = `tool:${store.names[store.name[i]!]!}`;
    const list = out.get(id) ?? [];
    list.push({ span: i, atMs: store.t0[i]! });
    out.set(id, list);
  }
  return out;
}

export type PlacedBlocked = { x: number; span: number; count: number };

/** The blocked calls inside the view as px, those within minGapPx of the previous mark counted into it. O(calls). */
export function placeBlockedCalls(
  calls: readonly BlockedCall[],
  view: { startMs: number; endMs: number },
  widthPx: number,
  axis: TimeAxis = LINEAR_AXIS,
  minGapPx = 4,
): PlacedBlocked[] {
  const out: PlacedBlocked[] = [];
  for (const c of calls) {
    if (c.atMs < view.startMs || c.atMs > view.endMs) continue;
    const x = xOfMs(c.atMs, view, widthPx, axis);
    const last = out[out.length - 1];
    if (last && x - last.x < minGapPx) last.count++;
    else out.push({ x, span: c.span, count: 1 });
  }
  return out;
}
