// docs/analysis.md#permission-breaker: `permission_denials_in_row` denials
// without a grant between them, or `permission_denials_total` denials in the
// run → OPEN (manual-confirmation mode); at opened_at + `permission_cooldown_s`
// HALF_OPEN by time, stamped at that moment whether or not a permission event
// comes later (so a run whose last record is at or after it ends HALF_OPEN);
// then a grant → CLOSED, a denial → OPEN again. O(events), O(transitions)
// memory. Other event kinds are ignored, and a grant or a denial while OPEN
// neither closes it nor extends the cooldown.
import type { StoredEvent } from "../schemas/records";
import type { AnalysisSettings } from "./settings";
import { openBreakerClock, type BreakerState, type BreakerTransition } from "./cooldown-breaker";

export type { BreakerState, BreakerTransition } from "./cooldown-breaker";

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

/**
 * Replay the permission breaker over the run's events (ordered by ts);
 * `endUs` is the time of the run's last record, up to which the cooldown
 * runs by time.
 */
export function replayPermissionBreaker(
  events: readonly StoredEvent[],
  s: PermissionBreakerSettings,
  endUs: number,
): PermissionBreakerReport {
  const breaker = openBreakerClock(Math.round(s.permission_cooldown_s * 1e6));
  let inRow = 0;
  let denials = 0;
  let grants = 0;

  for (const e of events) {
    if (e.kind !== "permission_denied" && e.kind !== "permission_granted") continue;
    breaker.advanceTo(e.tsUs);
    if (e.kind === "permission_granted") {
      grants += 1;
      inRow = 0;
      if (breaker.state === "HALF_OPEN") breaker.move("CLOSED", e.tsUs);
      continue;
    }
    denials += 1;
    inRow += 1;
    const trips = inRow >= s.permission_denials_in_row || denials >= s.permission_denials_total;
    if (breaker.state === "HALF_OPEN" || (breaker.state === "CLOSED" && trips)) breaker.move("OPEN", e.tsUs);
  }
  breaker.advanceTo(endUs);
  return { transitions: breaker.transitions, final_state: breaker.state, denials, grants };
}
