// The analysis of a stored run as the server serves it: settings resolved by
// docs/analysis.md#settings precedence (request > run config > project > defaults), the
// report read from the cache or computed from the database and cached, and
// the runs page's verdict refreshed whenever the default report is computed.
import { after } from "next/server";
import type { Db } from "@/db/client";
import { loadAnalysisInput } from "@/db/analysis-source";
import { getCachedReport, hashSettings, putCachedReport, saveVerdict } from "@/db/analysis-cache";
import { getRun } from "@/db/runs";
import { getProjectSettings } from "@/db/settings";
import { analyzeRun, breakerTripped, type AnalysisReport } from "@/lib/analysis/analyze";
import { countBottlenecks } from "@/lib/charts/bottlenecks";
import { runCostOf } from "@/lib/charts/overview";
import { resolveSettings, settingsFromConfig, type PartialSettings } from "@/lib/analysis/settings";
import { runNotFound } from "@/lib/errors";
import type { RunVerdict } from "@/lib/schemas/api";

export function getAnalysis(db: Db, runId: string, overrides: PartialSettings = {}): Promise<AnalysisReport> {
  // One computation per run and overrides at a time: a page opened while the
  // post-ingest analysis runs waits for it instead of doing the work twice.
  const flightKey = `${runId}\u0000${JSON.stringify(overrides)}`;
  let flight = inFlight.get(flightKey);
  if (!flight) {
    flight = readOrCompute(db, runId, overrides);
    inFlight.set(flightKey, flight);
    void flight.finally(() => inFlight.delete(flightKey)).catch(() => {});
  }
  return flight;
}

const inFlight = new Map<string, Promise<AnalysisReport>>();

async function readOrCompute(db: Db, runId: string, overrides: PartialSettings): Promise<AnalysisReport> {
  const run = await getRun(db, runId);
  if (!run) throw runNotFound(runId);
  const project = await getProjectSettings(db);
  const settings = resolveSettings(overrides, settingsFromConfig(run.config), project);
  const key = hashSettings(settings);
  const defaults = Object.keys(overrides).length === 0;
  const cached = (await getCachedReport(db, runId, key, run.data_version)) as AnalysisReport | null;
  if (cached) {
    // A verdict from older rules (run.verdict reads null when stale) is redone from the cached report.
    if (defaults && run.verdict === null) await saveVerdict(db, runId, run.data_version, verdictOf(cached));
    return cached;
  }
  const input = await loadAnalysisInput(db, runId);
  if (!input) throw runNotFound(runId);
  const report = await analyzeRun(input, settings);
  await putCachedReport(db, runId, key, run.data_version, report);
  if (defaults) await saveVerdict(db, runId, run.data_version, verdictOf(report));
  return report;
}

/** The runs list's badges; "N bottlenecks" counts only the alarming ones (docs/analysis.md#bottlenecks). */
export function verdictOf(report: AnalysisReport): RunVerdict {
  const its = report.stagnation.iterations;
  return {
    tripped: breakerTripped(report),
    stagnation_risk: its[its.length - 1]?.risk ?? null,
    bottlenecks: countBottlenecks(report.bottlenecks).alarmed,
    halted_at_iteration: report.loop_breaker.would_have_halted_at?.iteration ?? null,
    cost_usd: runCostOf(report, 0),
  };
}

/**
 * Analyse freshly ingested runs once, after the response has gone, so the
 * first visit to a run page finds its report cached. Runs over
 * `maxSpans` wait until someone opens them. Failures are logged, never thrown.
 */
export async function warmAnalyses(db: Db, runIds: string[], maxSpans = 2_000_000): Promise<void> {
  for (const runId of runIds) {
    try {
      const run = await getRun(db, runId);
      if (run && run.counts.spans <= maxSpans) await getAnalysis(db, runId);
    } catch (err) {
      console.warn(`loopscope: background analysis of ${runId} failed: ${(err as Error).message}`);
    }
  }
}

/**
 * `warmAnalyses` once the response has gone. `after()` needs Next's request
 * scope; outside it (a handler called directly by a test or a benchmark)
 * there is nothing to warm for, and the work is skipped.
 */
export function warmAnalysesAfterResponse(db: Db, runIds: string[]): void {
  try {
    after(() => warmAnalyses(db, runIds));
  } catch {
    // not inside a Next request
  }
}
