// docs/guard.md — one decision of a run's live guard: read its state, step it
// with what just happened (lib/guard), store the records that makes as the
// ingest stores any upload (validated line by line; a bad line is refused and
// said, the rest kept), read the run's verdict when a turn ended or the
// caller asks, write the state back by compare-and-set (another replica won:
// redo the step on its state), and answer. The halt is the analysis's own
// verdict over the stored run when that verdict stops the run, so it falls
// where the post-mortem puts it; it is kept, so every later answer repeats it
// without analysing again. A verdict that does not stop the run (the
// permission or API breaker) is told once as a trip.
import type { Db } from "@/db/client";
import { appendGuardDecisions, readGuard, writeGuard } from "@/db/guard";
import { getRun } from "@/db/runs";
import type { RunDetail } from "@/lib/schemas/api";
import type { AnalysisSettings } from "@/lib/analysis/settings";
import { ApiError, runNotFound } from "@/lib/errors";
import { judgeCall, openRules } from "@/lib/guard/call-rules";
import { observeHook } from "@/lib/guard/hook-observation";
import { emptyGuardState, stepHook, stepRecords, type GuardStep } from "@/lib/guard/step-guard";
import type { IngestResult } from "@/lib/ingest/ingest-stream";
import { haltOf, runTripOf, savedSince } from "@/lib/guard/halt";
import type { GuardAnswer, GuardDecisionRow, GuardEvent, GuardRequest, GuardState } from "@/lib/schemas/guard";
import { formatTimeUs, parseTimeUs } from "@/lib/time";
import { getAnalysis, resolveRunSettings } from "./analysis";
import { notifyGuardEvents } from "./guard-notify";
import { storeRecords } from "./guard-records";

/** Compare-and-set attempts against other processes writing the run's guard, with a jittered wait between. */
const MAX_ATTEMPTS = 10;
const RETRY_MS = 5;

/**
 * One decision per run at a time in this process, per database handle: hooks
 * of parallel tool calls queue here instead of spending compare-and-set
 * attempts on each other. Other processes (replicas) meet at the CAS.
 */
const running = new WeakMap<Db, Map<string, Promise<unknown>>>();

function oneAtATime<T>(db: Db, runId: string, fn: () => Promise<T>): Promise<T> {
  const byRun = running.get(db) ?? new Map<string, Promise<unknown>>();
  running.set(db, byRun);
  const before = byRun.get(runId) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(fn);
  byRun.set(runId, mine);
  void mine.finally(() => byRun.get(runId) === mine && byRun.delete(runId)).catch(() => {});
  return mine;
}

/** `origin`: the public address the run's link in a notification starts with. */
type Options = { nowUs: number; keepStoredRuns: boolean; origin: string };

function stepOf(state: GuardState, body: GuardRequest, runId: string, tsUs: number, s: AnalysisSettings): GuardStep {
  if (body.hook) return stepHook(state, observeHook(body.hook, tsUs), runId, s);
  if (body.records) return stepRecords(state, body.records, runId, s);
  const refusal = body.call ? judgeCall(state, body.call.name, body.call.input ?? null, tsUs, s) : null;
  return { records: [], refusal, trips: [], judgeRun: !body.call };
}

/** The run, made by the guard's first call: named by the hook's session, read with the shape asked for. */
async function ensureRun(db: Db, runId: string, body: GuardRequest, keepStoredRuns: boolean): Promise<RunDetail> {
  const stored = await getRun(db, runId);
  if (stored) return stored;
  const shape = body.shape ?? (body.hook ? "interactive" : undefined);
  const run = {
    type: "run",
    run_id: runId,
    ...(shape ? { shape } : {}),
    ...(body.hook ? { agent: "claude-code" } : {}),
  };
  await storeRecords(db, runId, [run], keepStoredRuns);
  const made = await getRun(db, runId);
  if (!made) throw runNotFound(runId);
  return made;
}

export function decideGuard(db: Db, runId: string, body: GuardRequest, opts: Options): Promise<GuardAnswer> {
  return oneAtATime(db, runId, () => decide(db, runId, body, opts));
}

async function decide(db: Db, runId: string, body: GuardRequest, opts: Options): Promise<GuardAnswer> {
  // The run's settings are read once: a run's config and the project's settings change by hand, not per call.
  const settings = await resolveRunSettings(db, await ensureRun(db, runId, body, opts.keepStoredRuns));
  const tsUs = body.ts !== undefined ? (parseTimeUs(body.ts) ?? opts.nowUs) : opts.nowUs;
  for (let attempt = 1; ; attempt++) {
    const stored = await readGuard(db, runId);
    const mode = body.mode ?? stored?.mode ?? "observe";
    const state = stored?.state ?? emptyGuardState();
    const wasHalted = state.halt !== null;
    const step = stepOf(state, body, runId, tsUs, settings);
    const ingest: IngestResult | null =
      step.records.length > 0 ? await storeRecords(db, runId, step.records, opts.keepStoredRuns) : null;
    let runTrip: ReturnType<typeof runTripOf> = null;
    if (step.judgeRun) {
      // Once halted, the halt stays where it fell; what going on has cost since keeps growing (observe mode).
      const report = await getAnalysis(db, runId, {}, { urgent: true });
      state.halt = state.halt === null ? haltOf(report, tsUs) : savedSince(report, state.halt);
      const trip = state.halt === null ? runTripOf(report) : null;
      if (trip && !state.told.includes(trip.breaker)) {
        state.told.push(trip.breaker);
        runTrip = trip;
      }
    }
    if (!(await writeGuard(db, runId, { mode, state }, stored?.version ?? null))) {
      if (attempt === MAX_ATTEMPTS)
        throw new ApiError(
          "conflict",
          `the guard of run "${runId}" is being written by too many callers at once: try again`,
        );
      await new Promise((r) => setTimeout(r, RETRY_MS * attempt * Math.random()));
      continue;
    }
    const answer = answerOf(state, step, mode, tsUs, settings, ingest);
    const at = formatTimeUs(tsUs);
    const rows: GuardDecisionRow[] = [...step.trips, ...(runTrip ? [runTrip] : [])].map((t) => ({
      at,
      decision: t.kind ?? "trip",
      enforced: false,
      breaker: t.breaker,
      reason: t.reason,
      would_save: null,
    }));

    if (step.refusal)
      rows.push({
        at,
        decision: "block_call",
        enforced: mode === "enforce",
        breaker: step.refusal.breaker,
        reason: step.refusal.reason,
        would_save: null,
      });
    if (state.halt && !wasHalted)
      rows.push({
        at,
        decision: "halt",
        enforced: mode === "enforce",
        breaker: state.halt.breaker,
        reason: state.halt.reason,
        would_save: state.halt.would_save,
      });
    await appendGuardDecisions(db, runId, rows);
    const runUrl = `${opts.origin}/runs/${encodeURIComponent(runId)}`;
    const events = rows.flatMap((r): GuardEvent[] =>
      r.decision === "block_call"
        ? []
        : [
            {
              event: r.decision,
              run_id: runId,
              run_url: runUrl,
              mode,
              breaker: r.breaker,
              reason: r.reason,
              at: r.at,
              would_save: r.would_save,
            },
          ],
    );
    void notifyGuardEvents(db, events);
    return answer;
  }
}

function answerOf(
  state: GuardState,
  step: GuardStep,
  mode: GuardAnswer["mode"],
  tsUs: number,
  s: AnalysisSettings,
  ingest: IngestResult | null,
): GuardAnswer {
  const finding = state.halt
    ? { ...state.halt, decision: "halt" as const }
    : step.refusal
      ? { ...step.refusal, decision: "block_call" as const, would_save: null }
      : null;
  const would = finding?.decision ?? "continue";
  const open = openRules(state, tsUs, s);
  return {
    decision: mode === "enforce" ? would : "continue",
    would,
    mode,
    breaker: finding?.breaker ?? null,
    reason: finding?.reason ?? null,
    would_save: finding?.would_save ?? null,
    state: { turns: state.turns, halted: state.halt !== null, open_tools: open.tools, repeating: open.repeating },
    stored: {
      accepted: ingest?.accepted ?? 0,
      rejected: ingest?.rejected ?? 0,
      errors: ingest?.errors ?? [],
    },
  };
}
