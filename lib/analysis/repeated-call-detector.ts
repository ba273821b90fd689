// docs/analysis.md#identical-calls, docs/analysis.md#stagnation-detectors: the
// repeated_call detector. It holds at an iteration when, at a call inside the
// iteration's time span, some key repeats (repeat_calls times) in the window
// of calls ending there — counting only calls after the detectors last
// started over: its history remembers the first call it may count, so
// re-arming "with empty history" is starting a new one. One step from holding
// when the window ending at the last call up to the iteration's ts holds a
// key repeat_calls − 2 times. O(1) per iteration: repeated-calls.ts has
// already walked the calls and marked, per iteration, from which call on each
// condition holds; this file only compares that with the history's start.
import type { RepeatMark, RepeatSighting } from "./repeated-calls";
import type { DetectorStatus } from "./stagnation-detectors";

export type RepeatHistory = {
  /** The first call that counts: the first call of the first iteration seen since the last start-over. */
  from: number | null;
  mark: RepeatMark | null;
};

export function emptyRepeatHistory(): RepeatHistory {
  return { from: null, mark: null };
}

/** Add one iteration's mark (none when the run has no iterations' marks, e.g. no calls with input). */
export function recordRepeatMark(h: RepeatHistory, mark: RepeatMark | undefined): void {
  h.mark = mark ?? null;
  if (mark) h.from ??= mark.firstCall;
}

/** The sightings that count: those from the first call the history may count on. */
function counted(h: RepeatHistory): { hold: RepeatSighting | null; near: RepeatSighting | null } {
  const from = h.from ?? 0;
  return {
    hold: h.mark?.hold && h.mark.hold.from >= from ? h.mark.hold : null,
    near: h.mark?.near && h.mark.near.from >= from ? h.mark.near : null,
  };
}

export function repeatedCallStatus(h: RepeatHistory): DetectorStatus {
  const { hold, near } = counted(h);
  return { holds: hold !== null, near: near !== null };
}

export function describeRepeatedCall(h: RepeatHistory): string {
  const { hold, near } = counted(h);
  return hold?.detail ?? near?.detail ?? "no tool called again and again with the same input";
}
