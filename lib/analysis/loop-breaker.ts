// docs/analysis.md#loop-breaker loop breaker replay (CLOSED → OPEN → HALF_OPEN) with docs/analysis.md#stagnation-detectors:
// OPEN → HALF_OPEN and the probe's outcome are both stamped at the probe's ts.
// O(1) per iteration. Deliberately does not run the detectors: the caller
// says which detector fired at an iteration, and re-arms them when told the
// breaker closed after a successful probe.
import { formatTimeUs } from "../time";
import { addCost } from "./costs";
import type { IterationView } from "./iteration-context";
import type { LoopBreakerReport, LoopState, LoopTransition } from "./iteration-report-types";

const MINUTE_US = 60e6;

export type LoopBreaker = {
  state: LoopState;
  baseCooldownMin: number;
  cooldownMin: number;
  openedAtUs: number;
  transitions: LoopTransition[];
  savings: { iterations: number; tokens: number; ms: number; cost_usd: number | null };
};

export function createLoopBreaker(cooldownMin: number): LoopBreaker {
  return {
    state: "CLOSED",
    baseCooldownMin: cooldownMin,
    cooldownMin,
    openedAtUs: 0,
    transitions: [],
    savings: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
  };
}

function move(b: LoopBreaker, to: LoopState, v: IterationView, reason: string): void {
  b.transitions.push({ from: b.state, to, at: formatTimeUs(v.it.tsUs), iteration: v.it.n, reason });
  b.state = to;
}

/**
 * Feed one iteration, after the detectors saw it. `fired` is the detector that
 * fired at it (null when none). Returns true when the breaker closed after a
 * successful probe, i.e. when every detector must re-arm with empty history.
 */
export function stepLoopBreaker(b: LoopBreaker, v: IterationView, score: number, fired: string | null): boolean {
  if (b.state === "CLOSED") {
    if (fired !== null) {
      move(b, "OPEN", v, fired);
      b.openedAtUs = v.it.tsUs;
    }
    return false;
  }
  if (v.it.tsUs < b.openedAtUs + b.cooldownMin * MINUTE_US) {
    b.savings.iterations += 1;
    b.savings.tokens += v.it.tokensUsed ?? 0;
    b.savings.ms += v.durationMs;
    b.savings.cost_usd = addCost(b.savings.cost_usd, v.costUsd);
    return false;
  }
  move(b, "HALF_OPEN", v, "cooldown_elapsed");
  if (score > 0) {
    move(b, "CLOSED", v, "probe_passed");
    b.cooldownMin = b.baseCooldownMin;
    return true;
  }
  move(b, "OPEN", v, "probe_failed");
  b.openedAtUs = v.it.tsUs;
  b.cooldownMin *= 2;
  return false;
}

export function loopBreakerReport(b: LoopBreaker): LoopBreakerReport {
  const first = b.transitions.find((t) => t.from === "CLOSED" && t.to === "OPEN");
  return {
    transitions: b.transitions,
    final_state: b.state,
    ...(first ? { would_have_halted_at: { iteration: first.iteration, at: first.at, reason: first.reason } } : {}),
    savings: { ...b.savings, ms: Math.round(b.savings.ms * 1000) / 1000 },
  };
}
