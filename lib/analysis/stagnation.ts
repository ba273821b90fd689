// docs/analysis.md#stagnation-detectors stagnation and docs/analysis.md#loop-breaker loop breaker, replayed in one walk because
// they depend on each other (docs/analysis.md#stagnation-detectors): a detector fires once while armed,
// a firing opens the breaker, and a successful probe re-arms every detector
// with empty history. O(iterations · window). Deliberately does not compute
// the per-detector conditions (stagnation-detectors.ts) or breaker moves
// (loop-breaker.ts); it sequences them and derives risk and signals.
import type { AnalysisSettings } from "./settings";
import type { IterationView } from "./iteration-context";
import {
  DETECTORS,
  type Detection,
  type DetectorName,
  type LoopBreakerReport,
  type Risk,
  type StagnationReport,
} from "./iteration-report-types";
import { scoreIteration, windowScores } from "./progress";
import {
  describeDetector,
  emptyHistory,
  evaluateDetectors,
  recordIteration,
  type DetectorHistory,
  type DetectorStatuses,
} from "./stagnation-detectors";
import { createLoopBreaker, loopBreakerReport, stepLoopBreaker } from "./loop-breaker";
import type { RepeatMark } from "./repeated-calls";

export type StagnationReplay = { stagnation: StagnationReport; loop_breaker: LoopBreakerReport };

export function replayStagnation(
  views: IterationView[],
  s: AnalysisSettings,
  repeatMarks: ReadonlyMap<number, RepeatMark> = new Map(),
): StagnationReplay {
  const scores = views.map((v, i) => scoreIteration(v, views[i - 1]?.it ?? null));
  const windows = windowScores(scores);
  const breaker = createLoopBreaker(s.cooldown_min);
  const detections: Detection[] = [];
  let history = emptyHistory();
  // Only the detectors the settings list watch the run (a shape's profile picks them: docs/analysis.md#profiles).
  const watched: readonly DetectorName[] = s.stagnation_detectors;
  let armed = new Set<DetectorName>(watched);

  const iterations = views.map((v, i) => {
    const score = scores[i]!; // scores and windows are parallel to views
    const windowScore = windows[i]!;
    recordIteration(history, v, score, repeatMarks.get(v.it.n), s.same_error_across_clean);
    const statuses = evaluateDetectors(history, s);
    const fired = DETECTORS.filter((d) => armed.has(d) && statuses[d].holds);
    for (const d of fired) {
      armed.delete(d);
      detections.push({ detector: d, at_iteration: v.it.n, detail: describeDetector(history, d) });
    }
    const { risk, signals } = assessRisk(statuses, history, armed, fired, windowScore);
    if (stepLoopBreaker(breaker, v, score, fired[0] ?? null)) {
      history = emptyHistory();
      armed = new Set(watched);
    }
    return { n: v.it.n, score, window_score: windowScore, risk, signals };
  });
  return { stagnation: { iterations, detections }, loop_breaker: loopBreakerReport(breaker) };
}

/**
 * docs/analysis.md#stagnation-risk: HIGH when a detector's condition holds —
 * it fires here, or fired earlier and still holds (the detection is reported
 * once, but the iteration is no less stuck); MEDIUM when a detector is one
 * step from holding, armed or not (only the streak detectors can be, see
 * stagnation-detectors.ts), or window_score is 0; else LOW. Signals name
 * every contributor, with what its detector saw in `history`.
 */
export function assessRisk(
  statuses: DetectorStatuses,
  history: DetectorHistory,
  armed: ReadonlySet<DetectorName>,
  fired: DetectorName[],
  windowScore: number,
): { risk: Risk; signals: string[] } {
  const signals: string[] = [];
  for (const d of fired) signals.push(`${d} fired: ${describeDetector(history, d)}`);
  const holding = DETECTORS.filter((d) => !armed.has(d) && !fired.includes(d) && statuses[d].holds);
  for (const d of holding) signals.push(`${d} still holds: ${describeDetector(history, d)}`);
  const near = DETECTORS.filter((d) => statuses[d].near);
  for (const d of near) signals.push(`${d} one step from firing: ${describeDetector(history, d)}`);
  if (windowScore === 0) signals.push("window_score is 0");
  if (fired.length > 0 || holding.length > 0) return { risk: "HIGH", signals };
  return { risk: near.length > 0 || windowScore === 0 ? "MEDIUM" : "LOW", signals };
}
