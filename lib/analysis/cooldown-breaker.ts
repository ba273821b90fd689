// The state both event breakers share (docs/analysis.md#permission-breaker,
// docs/analysis.md#api-breaker): CLOSED / OPEN / HALF_OPEN, where OPEN turns
// HALF_OPEN by time, at opened_at + cooldown, whether or not an event comes
// then. The replay advances the clock to each event's time before the event
// acts, and to the run's last record at the end, so a run that ends at or
// after that moment ends HALF_OPEN. O(1) per step.
// It does not decide when to open or close: the breaker that uses it does.
import { formatTimeUs } from "../time";

export type BreakerState = "CLOSED" | "OPEN" | "HALF_OPEN";
export type BreakerTransition = { from: BreakerState; to: BreakerState; at: string };

export function openBreakerClock(cooldownUs: number) {
  const transitions: BreakerTransition[] = [];
  let state: BreakerState = "CLOSED";
  let openedAtUs = 0;
  const move = (to: BreakerState, atUs: number): void => {
    transitions.push({ from: state, to, at: formatTimeUs(atUs) });
    state = to;
    if (to === "OPEN") openedAtUs = atUs;
  };
  return {
    get state(): BreakerState {
      return state;
    },
    transitions,
    move,
    /** Time has reached `tUs`: an OPEN breaker whose cooldown is over is HALF_OPEN, stamped when it ended. */
    advanceTo(tUs: number): void {
      if (state === "OPEN" && tUs >= openedAtUs + cooldownUs) move("HALF_OPEN", openedAtUs + cooldownUs);
    },
  };
}
