// docs/analysis.md#429-back-off: the back-off a client owes a 429 ("too many
// requests"), replayed over the API calls (`api_request` and `api_error`
// events) in ts order. In a streak of consecutive 429s, the call after the
// k-th 429 should come at least 2^k s after it (2, 4, 8 s); one that comes
// sooner is an early retry. After four 429s in a row the client should have
// given up: every further call, whatever its outcome, is after give-up (and
// not also an early retry). Any other call ends the streak.
// O(calls) time, O(1) memory. It does not look at the API breaker's state:
// a call the breaker would have failed fast still counts here.

export type Backoff429Report = { max_streak: number; early_retries: number; after_give_up: number };

/** 429s in a row after which the client should stop calling. */
export const GIVE_UP_AFTER_429S = 4;

/** A stepper: feed each API call (its time and whether it was a 429), then read the report. */
export function startBackoff429() {
  let streak = 0;
  let last429Us = 0;
  const report: Backoff429Report = { max_streak: 0, early_retries: 0, after_give_up: 0 };
  return {
    step(tsUs: number, is429: boolean): void {
      if (streak >= GIVE_UP_AFTER_429S) report.after_give_up += 1;
      else if (streak > 0 && tsUs - last429Us < 2 ** streak * 1e6) report.early_retries += 1;
      if (!is429) {
        streak = 0;
        return;
      }
      streak += 1;
      last429Us = tsUs;
      report.max_streak = Math.max(report.max_streak, streak);
    },
    finish(): Backoff429Report {
      return { ...report };
    },
  };
}
