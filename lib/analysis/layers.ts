// docs/analysis.md#three-layer-breaker three-layer breaker with docs/analysis.md#three-layer-breaker: checked at every iteration in
// the order iteration → token → error. Each warning and each trip is
// reported once per layer (per task for the task layers) where it first
// holds, plus one more trip when a trip's severity later rises to HIGH.
// O(iterations); also sums what ran after the first trip, the savings of
// stopping there. Deliberately does not compute task totals — the iteration
// views carry them (iteration-context.ts) — nor stop anything.
import { formatTimeUs } from "../time";
import { addCost } from "./costs";
import type { AnalysisSettings } from "./settings";
import type { IterationView } from "./iteration-context";
import type { LayerEvent, LayersReport, Severity } from "./iteration-report-types";

type Check = { layer: LayerEvent["layer"]; value: number; limit: number; taskId: string | null };
type Verdict = { warning: boolean; trip: Severity | null };

export function iterationVerdict(count: number, limit: number): Verdict {
  return {
    warning: count > 0.8 * limit,
    trip: count >= limit ? (count > 1.2 * limit ? "HIGH" : "MEDIUM") : null,
  };
}

export function tokenVerdict(tokens: number, budget: number): Verdict {
  return {
    warning: tokens > 0.8 * budget,
    trip: tokens > budget ? (tokens > 1.5 * budget ? "HIGH" : "MEDIUM") : null,
  };
}

export function errorVerdict(errors: number, limit: number): Verdict {
  return { warning: errors >= limit - 1 && errors > 0, trip: errors >= limit ? "MEDIUM" : null };
}

export function replayLayers(views: IterationView[], s: AnalysisSettings): LayersReport {
  const events: LayerEvent[] = [];
  const warned = new Set<string>();
  const tripped = new Map<string, Severity>();
  views.forEach((v, i) => {
    for (const [c, verdict] of checksAt(v, i + 1, s)) {
      const key = `${c.layer}|${c.taskId ?? ""}`;
      const at = { n: v.it.n, tsUs: v.it.tsUs };
      if (verdict.warning && !warned.has(key)) {
        warned.add(key);
        events.push(layerEvent(c, "warning", "LOW", at));
      }
      const before = tripped.get(key);
      if (verdict.trip && (before === undefined || (before !== "HIGH" && verdict.trip === "HIGH"))) {
        tripped.set(key, verdict.trip);
        events.push(layerEvent(c, "trip", verdict.trip, at));
      }
    }
  });
  return {
    events,
    status: tripped.size > 0 ? "TRIGGERED" : "NORMAL",
    action: actionOf(events),
    after_first_trip: sumAfterFirstTrip(views, events),
  };
}

/** Iterations, tokens, time and cost of the iterations after the first trip's: what stopping there would have saved. */
function sumAfterFirstTrip(views: IterationView[], events: LayerEvent[]): LayersReport["after_first_trip"] {
  const out: LayersReport["after_first_trip"] = { iterations: 0, tokens: 0, ms: 0, cost_usd: null };
  const first = views.findIndex((v) => events.some((e) => e.kind === "trip" && e.iteration === v.it.n));
  if (first < 0) return out;
  for (const v of views.slice(first + 1)) {
    out.iterations += 1;
    out.tokens += v.it.tokensUsed ?? 0;
    out.ms += v.durationMs;
    out.cost_usd = addCost(out.cost_usd, v.costUsd);
  }
  return { ...out, ms: Math.round(out.ms * 1000) / 1000 };
}

/** The three checks of one iteration, in priority order; task layers only with a current task. */
function checksAt(v: IterationView, count: number, s: AnalysisSettings): [Check, Verdict][] {
  const out: [Check, Verdict][] = [
    [
      { layer: "iteration", value: count, limit: s.max_iterations, taskId: null },
      iterationVerdict(count, s.max_iterations),
    ],
  ];
  if (v.taskId === null) return out;
  out.push([
    { layer: "token", value: v.taskTokens, limit: s.task_token_budget, taskId: v.taskId },
    tokenVerdict(v.taskTokens, s.task_token_budget),
  ]);
  out.push([
    { layer: "error", value: v.taskErrors, limit: s.task_error_limit, taskId: v.taskId },
    errorVerdict(v.taskErrors, s.task_error_limit),
  ]);
  return out;
}

function layerEvent(
  c: Check,
  kind: LayerEvent["kind"],
  severity: Severity,
  at: { n: number; tsUs: number },
): LayerEvent {
  return {
    layer: c.layer,
    kind,
    severity,
    value: c.value,
    limit: c.limit,
    ...(c.taskId !== null ? { task_id: c.taskId } : {}),
    iteration: at.n,
    at: formatTimeUs(at.tsUs),
  };
}

/** BLOCKER_ESCALATION when any trip is HIGH, else AUTOMATIC_RECOVERY when any trip happened, else NONE. */
export function actionOf(events: LayerEvent[]): LayersReport["action"] {
  const trips = events.filter((e) => e.kind === "trip");
  if (trips.some((e) => e.severity === "HIGH")) return "BLOCKER_ESCALATION";
  return trips.length > 0 ? "AUTOMATIC_RECOVERY" : "NONE";
}
