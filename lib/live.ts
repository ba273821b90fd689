// docs/dashboard.md#live — whether a run is receiving data now: data reached
// it lately (`updated_at`: the last upload, `loopscope watch` send or OTLP
// request that touched it) AND its newest record (`ended_at`: its latest span
// t1, iteration ts or event ts) is itself recent. The first alone would call
// an import of February's files live for two minutes; the second alone, a
// file written a minute ago and never sent again. The run page shows a
// "Live" badge and refreshes itself while this holds. Pure: `now` is an
// argument. A time ahead of now (another clock) counts only within a bound,
// so a skewed clock cannot keep a page refreshing forever. O(1).
import { parseTimeUs } from "./time";

/** Data this recent means the run is still being written. */
export const LIVE_WINDOW_MS = 2 * 60_000;
/** How far the clock that stamped the records may be from the server's. */
export const LIVE_CLOCK_SKEW_MS = 60_000;
/** How often a receiving run's page re-reads it. */
export const LIVE_REFRESH_MS = 5_000;

/** The two times the rule reads, as ISO strings (RunDetail's `updated_at` and `ended_at`). */
export type LiveTimes = { updatedAt: string | null; lastRecordAt: string | null };

/** Whether a run with these times is receiving data at `nowMs` (epoch ms). */
export function isReceiving(
  { updatedAt, lastRecordAt }: LiveTimes,
  nowMs: number,
  windowMs: number = LIVE_WINDOW_MS,
): boolean {
  const written = msOf(updatedAt);
  const recorded = msOf(lastRecordAt);
  if (written === null || recorded === null) return false;
  const writtenLately = Math.abs(nowMs - written) <= windowMs;
  const recordAgeMs = nowMs - recorded;
  const recordedLately = recordAgeMs <= windowMs + LIVE_CLOCK_SKEW_MS && recordAgeMs >= -LIVE_CLOCK_SKEW_MS;
  return writtenLately && recordedLately;
}

function msOf(iso: string | null): number | null {
  const us = iso === null ? null : parseTimeUs(iso);
  return us === null ? null : us / 1000;
}
