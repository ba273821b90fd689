// docs/import.md#mini-swe-agent-trajectories, docs/import.md#swe-agent-trajectories —
// the records of an agent trajectory read as steps: each step is one
// iteration (numbered 1, 2, … with the source key `<trajectory id>#step-NNNNN`,
// zero-padded so that steps of the same time keep their order) holding its
// model call — an `llm` span and an `api_request` event — and its tool calls
// — `tool` spans — or, for a step whose reply held no runnable action, a
// `format_error` event (no tool ran: it is no error of the step). Ids are `<trajectory id>:step-<n>:llm`
// and `…:call-<k>`, so a re-upload replaces what it wrote. A call says what
// it read and the texts of its edits: the steps carry `files_read` and
// `reverted` (docs/import.md#files-read-and-reverts). Each span names its
// step (`iteration`, `iteration_key`); an llm span keeps the reply's text as
// its output, and the first step's iteration the trajectory's task as its
// `prompt` (docs/import.md#the-conversation). Also the cost
// rule: a call's own cost stays; what the trajectory's total leaves over is
// spread over the calls without one by their token weight. O(steps).
import { formatTimeUs } from "../time";
import type { PatchEdit } from "./codex-patch";
import type { ImportFormat, ImportOutput, SpanWire } from "./types";
import type { CallFiles } from "./transcript/file-activity";
import { isTestCommand } from "./transcript/test-runs";
import { createTranscript, type ToolOutcome } from "./transcript/turns";
import { spanTurnFields, type TurnRef } from "./transcript/span-turns";
import { assistantOutputOf, outputField } from "./transcript/conversation";

type Obj = Record<string, unknown>;

export type TrajectoryCall = {
  name: string;
  input: unknown;
  /** The shell command it ran, when it is one: what test-run detection reads. */
  command: string | null;
  t0Us: number;
  t1Us: number;
  ok: boolean;
  error: string;
  output: string | null;
  meta: Obj;
  edits: PatchEdit[];
  /** What it read and its edits' texts; counted when it succeeded. */
  files: CallFiles;
};

export type TrajectoryLlm = {
  model: string;
  t0Us: number;
  t1Us: number;
  /** Input tokens, the cached share included; null when unknown. */
  tokensIn: number | null;
  tokensOut: number | null;
  cached: number;
  costUsd: number | null;
  /** Whether tokensIn is this call's real context (false for an even share of a total). */
  context: boolean;
  /** The reply's text (its thought and action); null when the file keeps none. */
  text: string | null;
  meta: Obj;
};

export type TrajectoryStep = {
  n: number;
  startUs: number;
  llm: TrajectoryLlm | null;
  calls: TrajectoryCall[];
  formatError: { text: string; tsUs: number } | null;
};

/** Where the steps go: the run, the trajectory (its ids' prefix), the format, and the source line. */
export type StepIds = { runId: string; trajectoryId: string; format: ImportFormat; lineNo: number };

const stepKey = (n: number) => `step-${String(n).padStart(5, "0")}`;

function llmRecords(l: TrajectoryLlm, n: number, ids: StepIds, turn: TurnRef | null): ImportOutput[] {
  const sourceId = `${ids.trajectoryId}:step-${n}`;
  const span: SpanWire = {
    type: "span",
    run_id: ids.runId,
    span_id: `${sourceId}:llm`,
    parent_id: null,
    name: l.model,
    kind: "llm",
    t0: formatTimeUs(Math.min(l.t0Us, l.t1Us)),
    t1: formatTimeUs(l.t1Us),
    ok: true,
    error: "",
    ...spanTurnFields(turn),
    ...(l.tokensIn !== null ? { tokens_in: l.tokensIn } : {}),
    ...(l.tokensOut !== null ? { tokens_out: l.tokensOut } : {}),
    ...(l.costUsd !== null ? { cost_usd: l.costUsd } : {}),
    ...outputField(assistantOutputOf(l.text !== null ? [l.text] : [])),
    meta: {
      source_id: sourceId,
      source_format: ids.format,
      ...(l.cached > 0 ? { cached_input_tokens: l.cached } : {}),
      ...l.meta,
    },
  };
  const event = {
    type: "event" as const,
    run_id: ids.runId,
    ts: formatTimeUs(l.t1Us),
    kind: "api_request",
    detail: l.model,
  };
  return [
    { lineNo: ids.lineNo, record: span },
    { lineNo: ids.lineNo, record: { ...event, source_id: sourceId, source_format: ids.format } },
  ];
}

/**
 * A reply the harness could not run (no action, or several): a `format_error`
 * event, not an error of the step — no tool ran, and the harness asks the
 * model again itself (docs/import.md#mini-swe-agent-trajectories).
 */
function formatErrorEvent(fe: { tsUs: number; text: string }, n: number, ids: StepIds): ImportOutput {
  const record = {
    type: "event" as const,
    run_id: ids.runId,
    ts: formatTimeUs(fe.tsUs),
    kind: "format_error",
    detail: fe.text,
    source_id: `${ids.trajectoryId}:step-${n}:format`,
    source_format: ids.format,
  };
  return { lineNo: ids.lineNo, record };
}

function callRecord(c: TrajectoryCall, n: number, k: number, ids: StepIds, turn: TurnRef | null): ImportOutput {
  const sourceId = `${ids.trajectoryId}:step-${n}`;
  const span: SpanWire = {
    type: "span",
    run_id: ids.runId,
    span_id: `${sourceId}:call-${k}`,
    parent_id: null,
    name: c.name,
    kind: "tool",
    t0: formatTimeUs(c.t0Us),
    t1: formatTimeUs(Math.max(c.t0Us, c.t1Us)),
    ok: c.ok,
    error: c.ok ? "" : c.error,
    ...spanTurnFields(turn),
    input: c.input,
    ...(c.output !== null ? { output: c.output } : {}),
    meta: { source_id: `${sourceId}:call-${k}`, source_format: ids.format, ...c.meta },
  };
  return { lineNo: ids.lineNo, record: span };
}

const outcomeOf = (c: TrajectoryCall): ToolOutcome => ({
  ok: c.ok,
  ...(c.ok ? {} : { errorLine: c.error }),
  ...(c.ok && c.edits.length > 0 ? { edits: c.edits } : {}),
  ...(c.ok ? c.files : {}),
  ...(c.command !== null && isTestCommand(c.command) ? { testRun: true } : {}),
});

/** The spans, events and iterations of a trajectory's steps, in step order; `task` is the first step's prompt. */
export function stepRecords(
  steps: readonly TrajectoryStep[],
  ids: StepIds,
  task: string | null = null,
): ImportOutput[] {
  const transcript = createTranscript({
    format: ids.format,
    runId: ids.runId,
    sessionId: ids.trajectoryId,
    observesFiles: true,
  });
  const out: ImportOutput[] = [];
  for (const step of steps) {
    out.push(...transcript.prompt(stepKey(step.n), ids.lineNo, step.startUs, step.n === 1 ? task : null));
    const turn = transcript.openTurn();
    if (step.llm !== null) {
      const l = step.llm;
      const usage = {
        input: Math.max((l.tokensIn ?? 0) - l.cached, 0),
        cacheRead: l.cached,
        cacheWrite: 0,
        output: l.tokensOut ?? 0,
      };
      transcript.modelCall(ids.lineNo, l.t1Us, l.model, usage, { context: l.context && l.tokensIn !== null });
      out.push(...llmRecords(l, step.n, ids, turn));
    }
    step.calls.forEach((c, i) => {
      transcript.toolResult(ids.lineNo, c.t1Us, outcomeOf(c));
      out.push(callRecord(c, step.n, i + 1, ids, turn));
    });
    const fe = step.formatError;
    if (fe !== null) out.push(formatErrorEvent(fe, step.n, ids));
  }
  out.push(...transcript.end());
  return out;
}

/** A call's weight in a spread cost: its input, cache reads at a tenth, output at five times. */
const costWeight = (l: TrajectoryLlm): number =>
  Math.max((l.tokensIn ?? 0) - l.cached, 0) + 0.1 * l.cached + 5 * (l.tokensOut ?? 0);

/** Spread what `totalUsd` leaves over the calls' own costs on the calls without one (in place). */
export function spreadMissingCost(steps: readonly TrajectoryStep[], totalUsd: number | null): void {
  if (totalUsd === null || !(totalUsd > 0)) return;
  const llms = steps.flatMap((s) => (s.llm !== null ? [s.llm] : []));
  const open = llms.filter((l) => l.costUsd === null);
  const rest = totalUsd - llms.reduce((sum, l) => sum + (l.costUsd ?? 0), 0);
  if (open.length === 0 || !(rest > 1e-12)) return;
  const total = open.reduce((sum, l) => sum + costWeight(l), 0);
  for (const l of open) l.costUsd = total > 0 ? (rest * costWeight(l)) / total : rest / open.length;
}
