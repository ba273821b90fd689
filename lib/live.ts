// docs/import.md#watching-a-live-session — whether a run is receiving data:
// its last write (`updated_at`: any upload, `loopscope watch` send or OTLP
// request that touched it) lies within the window around now. The run page
// shows a "Live" badge and refreshes itself while this holds. Pure: `now` is
// an argument; a time ahead of now (another clock) counts only within the
// window too, so a skewed clock cannot keep a page refreshing forever. O(1).
import { parseTimeUs } from "./time";

/** Data this recent means the run is still being written. */
export const LIVE_WINDOW_MS = 2 * 60_000;
/** How often a receiving run's page re-reads it. */
export const LIVE_REFRESH_MS = 5_000;

/** Whether a run last written at `updatedAt` (ISO time) is receiving data at `nowMs` (epoch ms). */
export function isReceiving(updatedAt: string | null, nowMs: number, windowMs: number = LIVE_WINDOW_MS): boolean {
  const us = updatedAt === null ? null : parseTimeUs(updatedAt);
  if (us === null) return false;
  return Math.abs(nowMs - us / 1000) <= windowMs;
}
