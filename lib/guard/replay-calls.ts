// docs/guard.md#what-it-decides — the per-call rules of the live guard replayed
// over a recorded run, as an observing guard would have met it: before each
// tool call (by t0) it is judged, then it runs and moves the rules. What the
// findings benchmark counts on real runs: how many calls a guard in enforce
// mode would have refused, and which rule said so. Pure; O(calls × repeat_window).
import type { SpanRecord, StoredRecord } from "../schemas/records";
import { judgeCall, recordCall, type CallRuleSettings, type Finding } from "./call-rules";
import { emptyGuardState } from "./step-guard";

export type CallReplay = { refusals: Finding[]; trips: Finding[] };

export function replayCallRules(records: readonly (StoredRecord | SpanRecord)[], s: CallRuleSettings): CallReplay {
  const calls = records
    .flatMap((r) => (r.type === "span" && r.kind === "tool" ? [r] : []))
    .sort((a, b) => a.t0Us - b.t0Us);
  const state = emptyGuardState();
  const refusals: Finding[] = [];
  const trips: Finding[] = [];
  for (const c of calls) {
    const refused = judgeCall(state, c.name, c.input, c.t0Us, s);
    if (refused) refusals.push(refused);
    trips.push(...recordCall(state, c, s));
  }
  return { refusals, trips };
}
