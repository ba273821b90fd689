// docs/analysis.md#stagnation-detectors detectors with the docs/analysis.md#windows window minimums. Each detector reads
// only the history kept since it was last armed, so re-arming "with empty
// history" (docs/analysis.md#stagnation-detectors) is replacing the state. O(window) per iteration.
// Deliberately does not decide firing, risk or the loop breaker: it reports,
// per detector, whether the condition holds and whether it is one step from
// holding (docs/analysis.md#stagnation-risk) — the window detectors
// negative_window, output_decline and circular never are: they hold or not.
import { DETECTORS, type DetectorName } from "./iteration-report-types";
import type { IterationView } from "./iteration-context";
import { approachOf, normalizedErrors } from "./progress";
import {
  describeRepeatedCall,
  emptyRepeatHistory,
  recordRepeatMark,
  repeatedCallStatus,
  type RepeatHistory,
} from "./repeated-call-detector";
import type { RepeatMark } from "./repeated-calls";
import type { AnalysisSettings } from "./settings";
import {
  describeEditsReverted,
  describeNoNewFiles,
  editsRevertedStatus,
  emptySessionHistory,
  noNewFilesStatus,
  recordSessionIteration,
  type SessionHistory,
} from "./session-detectors";

export type DetectorStatus = { holds: boolean; near: boolean };
export type DetectorStatuses = Record<DetectorName, DetectorStatus>;

export type DetectorHistory = {
  scores: number[];
  noProgressRun: number;
  errorRuns: Map<string, number>;
  /** Iterations in a row that failed nothing. */
  cleanRun: number;
  outputs: (number | null)[];
  denialRun: number;
  workKinds: (string | null)[];
  approaches: (string | null)[];
  completed: boolean[];
  repeats: RepeatHistory;
  session: SessionHistory;
};

export function emptyHistory(): DetectorHistory {
  return {
    scores: [],
    noProgressRun: 0,
    errorRuns: new Map(),
    cleanRun: 0,
    outputs: [],
    denialRun: 0,
    workKinds: [],
    approaches: [],
    completed: [],
    repeats: emptyRepeatHistory(),
    session: emptySessionHistory(),
  };
}

const NEGATIVE_WINDOW = 3;
const NO_PROGRESS_RUN = 3;
/** same_error_across_clean: the clean iterations in a row that do not break a run of one error (an edit, a look). */
const CLEAN_GAP = 2;
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
export function recordIteration(
  h: DetectorHistory,
  v: IterationView,
  score: number,
  repeat?: RepeatMark,
  acrossClean = false,
): void {
  const it = v.it;
  const completed = v.tasksCompleted > 0;
  push(h.scores, score, NEGATIVE_WINDOW);
  const noFiles = it.filesModified !== null && it.filesModified.length === 0;
  h.noProgressRun = noFiles && !completed ? h.noProgressRun + 1 : 0;
  const errors = normalizedErrors(it) ?? new Set<string>();
  // same_error_across_clean (sessions): up to CLEAN_GAP steps in a row that failed nothing neither
  // count nor break the run, so edit → test → the same failure, again and again, is one run of that error.
  h.cleanRun = errors.size === 0 ? h.cleanRun + 1 : 0;
  if (!(acrossClean && errors.size === 0 && h.cleanRun <= CLEAN_GAP))
    h.errorRuns = new Map([...errors].map((e) => [e, (h.errorRuns.get(e) ?? 0) + 1]));
  push(h.outputs, it.outputLines, OUTPUT_WINDOW);
  for (const e of v.events) {
    if (e.kind === "permission_denied") h.denialRun += 1;
    else if (e.kind === "permission_granted") h.denialRun = 0;
  }
  push(h.workKinds, it.workKind, TEST_FIX_WINDOW);
  push(h.approaches, approachOf(it), CIRCULAR_WINDOW);
  push(h.completed, completed, CIRCULAR_WINDOW);
  recordRepeatMark(h.repeats, repeat);
  recordSessionIteration(h.session, it);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The settings the detectors read: which of them watch the run, and their run lengths. */
export type DetectorSettings = Pick<
  AnalysisSettings,
  "permission_denials_in_row" | "same_error_run" | "stagnation_detectors"
>;

/**
 * Evaluate every detector on the history as it stands; a detector the
 * settings do not list never holds. What each one saw is told apart
 * (describeDetector), only for the few an iteration names.
 */
export function evaluateDetectors(h: DetectorHistory, s: DetectorSettings): DetectorStatuses {
  const denialsInRow = s.permission_denials_in_row;
  const sameErrorRun = s.same_error_run;
  const topRun = longestErrorRun(h.errorRuns)[1];
  const out: DetectorStatuses = {
    negative_window: { holds: h.scores.length >= NEGATIVE_WINDOW && sum(h.scores) < 0, near: false },
    no_progress: { holds: h.noProgressRun >= NO_PROGRESS_RUN, near: h.noProgressRun === NO_PROGRESS_RUN - 1 },
    same_error: { holds: topRun >= sameErrorRun, near: topRun === sameErrorRun - 1 },
    output_decline: { holds: outputDeclines(h.outputs), near: false },
    permission_denials: {
      holds: h.denialRun >= denialsInRow,
      near: h.denialRun > 0 && h.denialRun === denialsInRow - 1,
    },
    test_fix_loop: testFixLoop(h.workKinds),
    circular: { holds: circular(h.approaches, h.completed), near: false },
    repeated_call: repeatedCallStatus(h.repeats),
    edits_reverted: editsRevertedStatus(h.session),
    no_new_files: noNewFilesStatus(h.session),
  };
  for (const d of DETECTORS) {
    if (!s.stagnation_detectors.includes(d)) out[d] = { holds: false, near: false };
    out[d].near = out[d].near && !out[d].holds;
  }
  return out;
}

/** What detector `d` saw in the history as it stands: the detail of its signal or detection. */
export function describeDetector(h: DetectorHistory, d: DetectorName): string {
  switch (d) {
    case "negative_window":
      return `window score ${sum(h.scores)} over the last ${h.scores.length} iterations`;
    case "no_progress":
      return `${h.noProgressRun} iterations in a row with no files modified and no task completed`;
    case "same_error": {
      const [topError, topRun] = longestErrorRun(h.errorRuns);
      return `"${topError}" in ${topRun} iterations in a row`;
    }
    case "output_decline":
      return `output_lines ${h.outputs.map((x) => x ?? "–").join(" → ")}`;
    case "permission_denials":
      return `${h.denialRun} permission_denied events in a row`;
    case "test_fix_loop":
      return `${testFixCount(h.workKinds)} of the last ${h.workKinds.length} iterations were test_fix`;
    case "circular":
      return `approaches ${h.approaches.map((a) => a ?? "–").join(" → ")}`;
    case "repeated_call":
      return describeRepeatedCall(h.repeats);
    case "edits_reverted":
      return describeEditsReverted(h.session);
    case "no_new_files":
      return describeNoNewFiles(h.session);
  }
}

function longestErrorRun(runs: Map<string, number>): [string, number] {
  let best: [string, number] = ["", 0];
  for (const [e, n] of runs) if (n > best[1] || (n === best[1] && e < best[0])) best = [e, n];
  return best;
}

/** Holds when the latest ≤ 30 % of the oldest of 3, all logged, the oldest above 0; never one step away. */
function outputDeclines(outputs: (number | null)[]): boolean {
  const first = outputs[0];
  const last = outputs[outputs.length - 1];
  return (
    outputs.length >= OUTPUT_WINDOW &&
    outputs.every((x) => x !== null) &&
    first != null &&
    first > 0 &&
    last != null &&
    last <= OUTPUT_KEPT_RATIO * first
  );
}

const testFixCount = (kinds: (string | null)[]) => kinds.filter((k) => k === "test_fix").length;

/** Fires when more than 80 % of 5 are test_fix; one step away when the last 4 all are. */
function testFixLoop(kinds: (string | null)[]): DetectorStatus {
  const lastFour = kinds.slice(-(TEST_FIX_WINDOW - 1));
  return {
    holds: kinds.length >= TEST_FIX_WINDOW && testFixCount(kinds) / TEST_FIX_WINDOW > TEST_FIX_SHARE,
    near: lastFour.length === TEST_FIX_WINDOW - 1 && lastFour.every((k) => k === "test_fix"),
  };
}

/** Holds over 6 iterations with no task completed; never one step away. */
function circular(approaches: (string | null)[], completed: boolean[]): boolean {
  return approaches.length >= CIRCULAR_WINDOW && alternates(approaches) && !completed.some(Boolean);
}

/** 2–3 distinct approaches, each logged, and one comes back after another. */
export function alternates(approaches: (string | null)[]): boolean {
  if (approaches.some((a) => a === null)) return false;
  const distinct = new Set(approaches);
  if (distinct.size < 2 || distinct.size > 3) return false;
  const runs = approaches.filter((a, i) => i === 0 || a !== approaches[i - 1]);
  return new Set(runs).size < runs.length;
}
