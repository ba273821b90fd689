// The analysis of a stored run as the server serves it: settings resolved by
// docs/analysis.md#settings precedence (request > run config > project > defaults), the
// report read from the cache or computed from the database and cached, and
// the runs page's verdict refreshed whenever the default report is computed.
// When the settings read them (team_baselines), the team's baselines of the
// run's tools (docs/analysis.md#team-baselines) are one query per request and
// part of the cache key: new history, a new report. The runs list's verdict
// is not made stale by other runs' uploads: it is redone when the run's own
// data changes or its report is computed again.
import { after } from "next/server";
import type { Db } from "@/db/client";
import { loadAnalysisInput } from "@/db/analysis-source";
import { getCachedReport, hashSettings, putCachedReport, saveVerdict } from "@/db/analysis-cache";
import type { AnalysisJobData, AnalysisQueue } from "@/db/queue/analysis-queue";
import { queueFor } from "@/db/queue/registry";
import { awaitJobResult } from "@/db/queue/wait";
import { getRun } from "@/db/runs";
import { loadToolBaselines } from "@/db/tool-baselines";
import { inBackground } from "@/db/pglite-gate";
import { getProjectSettings } from "@/db/settings";
import { refreshStaleStatistics } from "@/db/table-stats";
import { analyzeRun, breakerTripped, type AnalysisReport } from "@/lib/analysis/analyze";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { countBottlenecks } from "@/lib/charts/bottlenecks";
import { runCostOf } from "@/lib/charts/overview";
import { PartialSettings, resolveSettings, settingsFromConfig, type AnalysisSettings } from "@/lib/analysis/settings";
import { ApiError, runNotFound } from "@/lib/errors";
import type { RunDetail, RunVerdict } from "@/lib/schemas/api";
import type { ToolBaselines } from "@/lib/schemas/tool-baselines";

/**
 * `urgent`: someone is held up until the report is there (the guard's turn end: a
 * session waits on its hook), so on PGlite its queries do not give way to the
 * requests' (db/pglite-gate.ts) — with the gate's grace and quiet windows a turn
 * end at 400 turns took twice as long.
 */
export async function getAnalysis(
  db: Db,
  runId: string,
  overrides: PartialSettings = {},
  { urgent = false }: { urgent?: boolean } = {},
): Promise<AnalysisReport> {
  const request = await resolveRequest(db, runId, overrides);
  // One computation per run, settings and data version at a time: a page opened while the
  // post-ingest analysis runs waits for it instead of doing the work twice. A request that
  // saw newer data than a running computation starts its own: joining would answer with
  // the older data. On Postgres the work is a queue job (db/queue/), so that holds across processes too.
  const flightKey = `${runId}\u0000${request.key}\u0000${request.run.data_version}`;
  const byDb = (globalForFlights.loopscopeAnalysisFlights ??= new WeakMap());
  const flights = byDb.get(db) ?? new Map<string, Promise<AnalysisReport>>();
  byDb.set(db, flights);
  let flight = flights.get(flightKey);
  if (!flight) {
    const queue = queueFor(db);
    flight = queue ? analyseOnQueue(db, queue, request) : analyseInProcess(db, request, urgent);
    flights.set(flightKey, flight);
    void flight.finally(() => flights.delete(flightKey)).catch(() => {});
  }
  return flight;
}

// Per database handle: a test may open two handles ("replicas") in one process.
// On globalThis, as Next bundles the routes and the pages apart: the page a
// user opens right after an upload must join the analysis the upload's route
// started, not compute a second one beside it.
const globalForFlights = globalThis as unknown as {
  loopscopeAnalysisFlights?: WeakMap<Db, Map<string, Promise<AnalysisReport>>>;
};

/** Span rows per page of the analysis's streams in process: a page is 100–150 ms of PGlite at 100 000 spans. */
const IN_PROCESS_PAGE_ROWS = 5_000;

type Resolved = {
  run: RunDetail;
  overrides: PartialSettings;
  settings: AnalysisSettings;
  /** The team's baselines of the run's tools; {} unless the settings read them. */
  baselines: ToolBaselines;
  key: string;
  defaults: boolean;
};

/** A stored run's settings by docs/analysis.md#settings precedence: request > run config > project > its shape's profile > defaults. */
export async function resolveRunSettings(
  db: Db,
  run: RunDetail,
  overrides: PartialSettings = {},
): Promise<AnalysisSettings> {
  const project = await getProjectSettings(db);
  // The run's shape picks the defaults it is read with (docs/analysis.md#profiles); every other layer wins.
  return resolveSettings(overrides, settingsFromConfig(run.config), project, SHAPE_PROFILES[run.shape]);
}

async function resolveRequest(db: Db, runId: string, overrides: PartialSettings): Promise<Resolved> {
  const run = await getRun(db, runId);
  if (!run) throw runNotFound(runId);
  const settings = await resolveRunSettings(db, run, overrides);
  const baselines = settings.team_baselines ? await loadToolBaselines(db, runId) : {};
  const key = hashSettings(settings, baselines);
  return { run, overrides, settings, baselines, key, defaults: Object.keys(overrides).length === 0 };
}

/** A cached report of the request's data version or a later one: never one older than the data the request saw. */
async function readCached(db: Db, { run, key, defaults }: Resolved): Promise<AnalysisReport | null> {
  const cached = await getCachedReport(db, run.run_id, key, run.data_version);
  if (!cached) return null;
  const report = cached.report as AnalysisReport;
  // A verdict from older rules (run.verdict reads null when stale) is redone from the cached report.
  if (defaults && run.verdict === null) await saveVerdict(db, run.run_id, cached.dataVersion, verdictOf(report));
  return report;
}

/** The cached report, else `computeWith`'s (the job worker's plain compute; in process, a gated one). */
async function readOrCompute(
  db: Db,
  request: Resolved,
  computeWith: (request: Resolved) => Promise<AnalysisReport> = (request) => compute(db, request),
): Promise<{ report: AnalysisReport; computed: boolean }> {
  const cached = await readCached(db, request);
  if (cached) return { report: cached, computed: false };
  return { report: await computeWith(request), computed: true };
}

/** Analyse the run as resolved, cache the report and, with default settings, the runs list's verdict. */
async function compute(db: Db, request: Resolved, pageRows?: number): Promise<AnalysisReport> {
  const { run, settings, baselines, key, defaults } = request;
  const input = await loadAnalysisInput(db, run.run_id, { pageRows });
  if (!input) throw runNotFound(run.run_id);
  const report = await analyzeRun(input, settings, baselines);
  await putCachedReport(db, run.run_id, key, run.data_version, report);
  if (defaults) await saveVerdict(db, run.run_id, run.data_version, verdictOf(report));
  return report;
}

/**
 * In process (PGlite): a cached report is read at once; a computation's
 * queries give way to the requests' (db/pglite-gate.ts), in pages small
 * enough that a request waits a fraction of a second at most — unless the
 * computation is itself what a caller waits on (`urgent`).
 */
async function analyseInProcess(db: Db, request: Resolved, urgent: boolean): Promise<AnalysisReport> {
  const paged = (request: Resolved) => compute(db, request, IN_PROCESS_PAGE_ROWS);
  const gated = (request: Resolved) => inBackground(() => paged(request));
  return (await readOrCompute(db, request, urgent ? paged : gated)).report;
}

/**
 * A job per run, settings and data version. The job resolves the run again
 * when it starts, so its report is of that version or a later one, which the
 * request takes. Only a job that found nothing to analyse (the run deleted
 * meanwhile) leaves no report: resolving again then answers the 404.
 */
async function analyseOnQueue(db: Db, queue: Promise<AnalysisQueue>, first: Resolved): Promise<AnalysisReport> {
  const runId = first.run.run_id;
  for (let attempt = 1, request = first; ; attempt++, request = await resolveRequest(db, runId, first.overrides)) {
    const cached = await readCached(db, request);
    if (cached) return cached;
    const jobKey = `${runId}:${request.key}:${request.run.data_version}`;
    const read = async () => (await getCachedReport(db, runId, request.key, request.run.data_version))?.report ?? null;
    const report = await awaitJobResult(await queue, jobKey, { runId, overrides: first.overrides }, read);
    if (report) return report as AnalysisReport;
    if (attempt === 3) throw new ApiError("internal", `the analysis of run "${runId}" left no report`);
  }
}

/**
 * A queue worker's job (db/queue/worker.ts): the same read-or-compute as in
 * process, which re-reads the cache first, so a duplicate job never recomputes.
 * Its result (stored as the job's output) says whether it computed.
 */
export async function analyseJob(db: Db, data: AnalysisJobData): Promise<{ computed: boolean }> {
  try {
    const request = await resolveRequest(db, data.runId, PartialSettings.parse(data.overrides));
    const { computed } = await readOrCompute(db, request);
    return { computed };
  } catch (err) {
    // Deleted meanwhile: nothing to do, and the waiting request answers its 404.
    if (err instanceof ApiError && err.code === "not_found") return { computed: false };
    throw err;
  }
}

/** The runs list's badges; "N bottlenecks" counts only the alarming ones (docs/analysis.md#bottlenecks). */
export function verdictOf(report: AnalysisReport): RunVerdict {
  const its = report.stagnation.iterations;
  return {
    tripped: breakerTripped(report),
    stagnation_risk: its[its.length - 1]?.risk ?? null,
    bottlenecks: countBottlenecks(report.bottlenecks).alarmed,
    // The badge names the stop only when it is the verdict (docs/analysis.md#verdict); the permission and API breakers have none.
    halted_at_iteration: report.verdict.iteration,
    cost_usd: runCostOf(report, 0),
  };
}

/**
 * Analyse freshly ingested runs once, after the response has gone, so the
 * first visit to a run page finds its report cached. Runs over `maxSpans`
 * wait until someone opens them. A run whose warm-up is still running when
 * more uploads land is analysed once more when it ends, not once per upload:
 * a live run uploaded in many small batches costs one analysis at a time.
 * Failures are logged, never thrown.
 */
export async function warmAnalyses(db: Db, runIds: string[], maxSpans = 2_000_000): Promise<void> {
  const byDb = (globalForWarmUps.loopscopeWarmUps ??= new WeakMap());
  const warming = byDb.get(db) ?? new Map<string, { again: boolean }>();
  byDb.set(db, warming);
  for (const runId of runIds) {
    const running = warming.get(runId);
    if (running) {
      running.again = true;
      continue;
    }
    const state = { again: true };
    warming.set(runId, state);
    try {
      while (state.again) {
        state.again = false;
        const run = await getRun(db, runId);
        if (run && run.counts.spans <= maxSpans) await getAnalysis(db, runId);
      }
    } catch (err) {
      console.warn(`loopscope: background analysis of ${runId} failed: ${(err as Error).message}`);
    } finally {
      warming.delete(runId);
    }
  }
}

/** The runs being warmed up per database handle, and whether more uploads landed meanwhile. */
const globalForWarmUps = globalThis as unknown as {
  loopscopeWarmUps?: WeakMap<Db, Map<string, { again: boolean }>>;
};

/**
 * After an ingest: refresh the planner statistics its `stored` new rows made
 * stale (db/table-stats.ts) before answering, so whatever reads the new rows
 * next — the first visit, its analysis — is planned on them; then
 * `warmAnalyses` once the response has gone. `after()` needs Next's request
 * scope; outside it (a handler called directly by a test or a benchmark)
 * there is nothing to warm for, and that part is skipped.
 */
export async function prepareIngestedRuns(db: Db, ingested: { runs: string[]; stored: number }): Promise<void> {
  try {
    await refreshStaleStatistics(db, ingested.stored);
  } catch (err) {
    console.warn(`loopscope: refreshing table statistics failed: ${(err as Error).message}`);
  }
  try {
    after(() => warmAnalyses(db, ingested.runs));
  } catch {
    // not inside a Next request
  }
}
