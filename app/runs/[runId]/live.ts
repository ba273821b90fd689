// The run page's clock for lib/live.ts: whether the run is receiving data at
// the time of this render (docs/dashboard.md#live). Kept out of the page
// component, which must render the same for the same props.
import { isReceiving } from "@/lib/live";
import type { RunDetail } from "@/lib/schemas/api";

export function isReceivingNow(run: Pick<RunDetail, "updated_at" | "ended_at">): boolean {
  return isReceiving({ updatedAt: run.updated_at, lastRecordAt: run.ended_at }, Date.now());
}
