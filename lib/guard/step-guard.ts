// docs/guard.md — one step of a run's live guard: what just happened (a hook's
// observation, or records of the ingest format) moves the per-call rules
// (call-rules.ts) and yields the records to store: a finished call as its
// span, an ended turn as its iteration (numbered 1, 2, … as the transcript
// importer numbers turns, with the error lines of its failed calls and the
// files its edits wrote). Whether the run as a whole should stop — the loop
// breaker, the three-layer, permission and API breakers — is the analysis's
// verdict over what is stored (the server reads it when a turn ends or the
// caller asks), so the live halt and the post-mortem halt are one reading.
// O(new data + repeat_window) per step. Pure: the state is mutated in place.
import { formatTimeUs } from "../time";
import { IterationRecord, SpanRecord } from "../schemas/records";
import type { GuardState } from "../schemas/guard";
import { judgeCall, recordCall, withoutNul, type CallRuleSettings, type Finding } from "./call-rules";
import type { CallEnd, GuardObservation } from "./hook-observation";

type WireRecord = Record<string, unknown>;
export type GuardStep = {
  /** Records to store, in the ingest format, with the run's id. */
  records: WireRecord[];
  /** A call about to run that the rules refuse. */
  refusal: Finding | null;
  /** What the finished calls tripped. */
  trips: Finding[];
  /** Whether the run's verdict must be read now: a turn ended, an iteration arrived, or the caller asks. */
  judgeRun: boolean;
};

/** Calls started and not finished that the state remembers: a lost PostToolUse must not grow it forever. */
const MAX_PENDING = 256;
const MAX_TURN_ERRORS = 20;
const WRITE_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);

export function emptyGuardState(): GuardState {
  return {
    v: 1,
    pending: {},
    tools: {},
    window: [],
    repeated: [],
    turns: 0,
    turnErrors: [],
    turnFiles: [],
    turnStartUs: null,
    halt: null,
    told: [],
  };
}

const nothing = (): GuardStep => ({ records: [], refusal: null, trips: [], judgeRun: false });

function endTurn(state: GuardState, runId: string, tsUs: number): WireRecord {
  state.turns += 1;
  const record = {
    type: "iteration",
    run_id: runId,
    n: state.turns,
    ts: formatTimeUs(Math.max(tsUs, state.turnStartUs ?? tsUs)),
    started_at: formatTimeUs(state.turnStartUs ?? tsUs),
    errors: state.turnErrors,
    files_modified: state.turnFiles,
    source_format: "claude-code-hooks",
  };
  state.turnErrors = [];
  state.turnFiles = [];
  state.turnStartUs = null;
  return record;
}

function finishCall(state: GuardState, obs: CallEnd, runId: string, s: CallRuleSettings): GuardStep {
  const pendingKey = obs.id !== null ? withoutNul(obs.id) : null;
  const started = pendingKey !== null ? state.pending[pendingKey] : undefined;
  if (pendingKey !== null) delete state.pending[pendingKey];
  const t0Us = Math.min(started?.t0Us ?? obs.t0Us ?? obs.t1Us, obs.t1Us);
  state.turnStartUs ??= t0Us;
  if (!obs.ok && state.turnErrors.length < MAX_TURN_ERRORS) state.turnErrors.push(withoutNul(obs.error));
  const path = (obs.input as { file_path?: unknown } | null)?.file_path;
  if (obs.ok && WRITE_TOOLS.has(obs.name) && typeof path === "string" && !state.turnFiles.includes(withoutNul(path)))
    state.turnFiles.push(withoutNul(path));
  const trips = recordCall(state, { ...obs, t0Us }, s);
  const span = {
    type: "span",
    run_id: runId,
    ...(obs.id !== null ? { span_id: `cc-${obs.id}` } : {}),
    name: obs.name,
    kind: "tool",
    t0: formatTimeUs(t0Us),
    t1: formatTimeUs(obs.t1Us),
    ok: obs.ok,
    error: obs.error,
    ...(state.turnStartUs !== null ? { iteration: state.turns + 1 } : {}),
    ...(obs.input !== null ? { input: obs.input } : {}),
    ...(obs.output !== null ? { output: obs.output } : {}),
    meta: { source_format: "claude-code-hooks" },
  };
  return { records: [span], refusal: null, trips, judgeRun: false };
}

/** One hook's observation. */
export function stepHook(state: GuardState, obs: GuardObservation, runId: string, s: CallRuleSettings): GuardStep {
  switch (obs.kind) {
    case "before_call": {
      if (obs.id !== null) {
        state.pending[withoutNul(obs.id)] = { t0Us: obs.tsUs };
        const ids = Object.keys(state.pending);
        for (const old of ids.slice(0, Math.max(0, ids.length - MAX_PENDING))) delete state.pending[old];
      }
      return { ...nothing(), refusal: judgeCall(state, obs.name, obs.input, obs.tsUs, s) };
    }
    case "after_call":
      return finishCall(state, obs, runId, s);
    case "turn_start": {
      // A prompt while a turn is open (its Stop never came: interrupted) ends that turn first.
      const records = state.turnStartUs !== null ? [endTurn(state, runId, obs.tsUs)] : [];
      state.turnStartUs = obs.tsUs;
      return { ...nothing(), records, judgeRun: records.length > 0 };
    }
    case "turn_end":
      return { ...nothing(), records: [endTurn(state, runId, obs.tsUs)], judgeRun: true };
    case "check":
      return { ...nothing(), judgeRun: true };
  }
}

/**
 * Records a harness sent, as the run's: all are stored (the ingest validates
 * them and reports a bad line); the tool spans among them move the per-call
 * rules in t0 order, and an iteration asks for the run's verdict.
 */
export function stepRecords(
  state: GuardState,
  sent: readonly unknown[],
  runId: string,
  s: CallRuleSettings,
): GuardStep {
  // The guard judges one run: every record sent to it is of that run, whatever run_id it names.
  const records = sent.map((r) =>
    typeof r === "object" && r !== null && !Array.isArray(r) ? { ...r, run_id: runId } : r,
  );
  const calls: Parameters<typeof recordCall>[1][] = [];
  let judgeRun = false;
  for (const raw of records) {
    const type = (raw as { type?: unknown } | null)?.type;
    if (type === "iteration") judgeRun ||= IterationRecord.safeParse(raw).success;
    if (type !== undefined && type !== "span") continue;
    const span = SpanRecord.safeParse(raw);
    if (span.success && span.data.kind === "tool") calls.push({ ...span.data, input: span.data.input });
  }
  calls.sort((a, b) => a.t0Us - b.t0Us);
  const trips = calls.flatMap((c) => recordCall(state, c, s));
  return { records: [...records] as WireRecord[], refusal: null, trips, judgeRun };
}
