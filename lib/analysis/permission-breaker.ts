// docs/analysis.md#permission-breaker (permission): `permission_denials_in_row` denials without a grant
// between them, or `permission_denials_total` denials in the run → OPEN
// (manual-confirmation mode); after `permission_cooldown_s` HALF_OPEN; then a
// grant → CLOSED, a denial → OPEN again. O(events), O(transitions) memory.
// HALF_OPEN is stamped lazily at opened_at + cooldown when the next
// permission event arrives at or after that time: with no later permission
// event the breaker ends OPEN. Other event kinds are ignored, and a grant or a
// denial while OPEN neither closes it nor extends the cooldown.
import { formatTimeUs } from "../time";
import type { StoredEvent } from "../schemas/records";
import type { AnalysisSettings } from "./settings";

export type BreakerState = "CLOSED" | "OPEN" | "HALF_OPEN";
export type BreakerTransition = { from: BreakerState; to: BreakerState; at: string };

export type PermissionBreakerReport = {
  transitions: BreakerTransition[];
  final_state: BreakerState;
  denials: number;
  grants: number;
};

export type PermissionBreakerSettings = Pick<
  AnalysisSettings,
  "permission_denials_in_row" | "permission_denials_total" | "permission_cooldown_s"
>;

/** Replay the permission breaker over the run's events (ordered by ts). */
export function replayPermissionBreaker(
  events: readonly StoredEvent[],
  s: PermissionBreakerSettings,
): PermissionBreakerReport {
  const cooldownUs = Math.round(s.permission_cooldown_s * 1e6);
  const transitions: BreakerTransition[] = [];
  let state = "CLOSED" as BreakerState; // widened: `move` changes it
  let openedAtUs = 0;
  let inRow = 0;
  let denials = 0;
  let grants = 0;
  const move = (to: BreakerState, atUs: number): void => {
    transitions.push({ from: state, to, at: formatTimeUs(atUs) });
    state = to;
    if (to === "OPEN") openedAtUs = atUs;
  };

  for (const e of events) {
    if (e.kind !== "permission_denied" && e.kind !== "permission_granted") continue;
    if (state === "OPEN" && e.tsUs >= openedAtUs + cooldownUs) move("HALF_OPEN", openedAtUs + cooldownUs);
    if (e.kind === "permission_granted") {
      grants += 1;
      inRow = 0;
      if (state === "HALF_OPEN") move("CLOSED", e.tsUs);
      continue;
    }
    denials += 1;
    inRow += 1;
    const trips = inRow >= s.permission_denials_in_row || denials >= s.permission_denials_total;
    if (state === "HALF_OPEN" || (state === "CLOSED" && trips)) move("OPEN", e.tsUs);
  }
  return { transitions, final_state: state, denials, grants };
}
