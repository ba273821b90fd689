// docs/analysis.md#stagnation-detectors detectors with the docs/analysis.md#windows window minimums. Each detector reads
// only the history kept since it was last armed, so re-arming "with empty
// history" (docs/analysis.md#stagnation-detectors) is replacing the state. O(window) per iteration.
// Deliberately does not decide firing, risk or the loop breaker: it reports,
// per detector, whether the condition holds and whether it is one step away.
import { DETECTORS, type DetectorName } from "./iteration-report-types";
import type { IterationView } from "./iteration-context";
import { normalizedErrors } from "./progress";

export type DetectorStatus = { holds: boolean; near: boolean; detail: string };
export type DetectorStatuses = Record<DetectorName, DetectorStatus>;

export type DetectorHistory = {
  scores: number[];
  noProgressRun: number;
  errorRuns: Map<string, number>;
  outputs: (number | null)[];
  denialRun: number;
  workKinds: (string | null)[];
  approaches: (string | null)[];
  completed: boolean[];
};

export function emptyHistory(): DetectorHistory {
  return {
    scores: [],
    noProgressRun: 0,
    errorRuns: new Map(),
    outputs: [],
    denialRun: 0,
    workKinds: [],
    approaches: [],
    completed: [],
  };
}

const NEGATIVE_WINDOW = 3;
const NO_PROGRESS_RUN = 3;
const SAME_ERROR_RUN = 5;
const OUTPUT_WINDOW = 3;
const OUTPUT_KEPT_RATIO = 0.3;
const TEST_FIX_WINDOW = 5;
const TEST_FIX_SHARE = 0.8;
const CIRCULAR_WINDOW = 6;

function push<T>(list: T[], value: T, keep: number): void {
  list.push(value);
  if (list.length > keep) list.shift();
}

/** Add one iteration to the history (mutates it). */
export function recordIteration(h: DetectorHistory, v: IterationView, score: number): void {
  const it = v.it;
  const completed = (it.tasksCompleted ?? 0) > 0;
  push(h.scores, score, NEGATIVE_WINDOW);
  const noFiles = it.filesModified !== null && it.filesModified.length === 0;
  h.noProgressRun = noFiles && !completed ? h.noProgressRun + 1 : 0;
  const errors = normalizedErrors(it) ?? new Set<string>();
  h.errorRuns = new Map([...errors].map((e) => [e, (h.errorRuns.get(e) ?? 0) + 1]));
  push(h.outputs, it.outputLines, OUTPUT_WINDOW);
  for (const e of v.events) {
    if (e.kind === "permission_denied") h.denialRun += 1;
    else if (e.kind === "permission_granted") h.denialRun = 0;
  }
  push(h.workKinds, it.workKind, TEST_FIX_WINDOW);
  push(h.approaches, it.approach, CIRCULAR_WINDOW);
  push(h.completed, completed, CIRCULAR_WINDOW);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Evaluate all seven detectors on the history as it stands. */
export function evaluateDetectors(h: DetectorHistory, denialsInRow: number): DetectorStatuses {
  const [topError, topRun] = longestErrorRun(h.errorRuns);
  const tail = (n: number) => h.scores.slice(-n);
  const out: DetectorStatuses = {
    negative_window: {
      holds: h.scores.length >= NEGATIVE_WINDOW && sum(h.scores) < 0,
      near: h.scores.length >= NEGATIVE_WINDOW - 1 && sum(tail(NEGATIVE_WINDOW - 1)) < 0,
      detail: `window score ${sum(h.scores)} over the last ${h.scores.length} iterations (last two: ${sum(tail(NEGATIVE_WINDOW - 1))})`,
    },
    no_progress: {
      holds: h.noProgressRun >= NO_PROGRESS_RUN,
      near: h.noProgressRun === NO_PROGRESS_RUN - 1,
      detail: `${h.noProgressRun} iterations in a row with no files modified and no task completed`,
    },
    same_error: {
      holds: topRun >= SAME_ERROR_RUN,
      near: topRun === SAME_ERROR_RUN - 1,
      detail: `"${topError}" in ${topRun} iterations in a row`,
    },
    output_decline: outputDecline(h.outputs),
    permission_denials: {
      holds: h.denialRun >= denialsInRow,
      near: h.denialRun === denialsInRow - 1,
      detail: `${h.denialRun} permission_denied events in a row`,
    },
    test_fix_loop: testFixLoop(h.workKinds),
    circular: circular(h.approaches, h.completed),
  };
  for (const d of DETECTORS) out[d].near = out[d].near && !out[d].holds;
  return out;
}

function longestErrorRun(runs: Map<string, number>): [string, number] {
  let best: [string, number] = ["", 0];
  for (const [e, n] of runs) if (n > best[1] || (n === best[1] && e < best[0])) best = [e, n];
  return best;
}

/** Fires when the latest ≤ 30 % of the oldest of 3; one step away when that already holds over the last 2. */
function outputDecline(outputs: (number | null)[]): DetectorStatus {
  const falls = (xs: (number | null)[]) => {
    const first = xs[0];
    const last = xs[xs.length - 1];
    return (
      xs.every((x) => x !== null) && first != null && first > 0 && last != null && last <= OUTPUT_KEPT_RATIO * first
    );
  };
  return {
    holds: outputs.length >= OUTPUT_WINDOW && falls(outputs),
    near: outputs.length >= OUTPUT_WINDOW - 1 && falls(outputs.slice(-(OUTPUT_WINDOW - 1))),
    detail: `output_lines ${outputs.map((x) => x ?? "–").join(" → ")}`,
  };
}

/** Fires when more than 80 % of 5 are test_fix; one step away when the last 4 all are. */
function testFixLoop(kinds: (string | null)[]): DetectorStatus {
  const count = kinds.filter((k) => k === "test_fix").length;
  const lastFour = kinds.slice(-(TEST_FIX_WINDOW - 1));
  return {
    holds: kinds.length >= TEST_FIX_WINDOW && count / TEST_FIX_WINDOW > TEST_FIX_SHARE,
    near: lastFour.length === TEST_FIX_WINDOW - 1 && lastFour.every((k) => k === "test_fix"),
    detail: `${count} of the last ${kinds.length} iterations were test_fix`,
  };
}

/** Fires over 6 iterations; one step away when the last 5 already alternate. */
function circular(approaches: (string | null)[], completed: boolean[]): DetectorStatus {
  const check = (n: number) =>
    approaches.length >= n && alternates(approaches.slice(-n)) && !completed.slice(-n).some(Boolean);
  return {
    holds: check(CIRCULAR_WINDOW),
    near: check(CIRCULAR_WINDOW - 1),
    detail: `approaches ${approaches.map((a) => a ?? "–").join(" → ")}`,
  };
}

/** 2–3 distinct approaches, each logged, and one comes back after another. */
export function alternates(approaches: (string | null)[]): boolean {
  if (approaches.some((a) => a === null)) return false;
  const distinct = new Set(approaches);
  if (distinct.size < 2 || distinct.size > 3) return false;
  const runs = approaches.filter((a, i) => i === 0 || a !== approaches[i - 1]);
  return new Set(runs).size < runs.length;
}
