// docs/import.md#openai-chat-runs — one chat run's messages → spans and
// step iterations. Each assistant message is a step: an iteration (source_key
// `<session>#step-<n>`), an llm span named after the model from the previous
// message to this one (tokens from its `usage`), an `api_request` event, and
// one tool span per tool call, closed by the `tool` message with the same
// `tool_call_id` (without one: the first open call of its `name`, else the
// first open call). The API puts a call's answer right after the assistant
// message, so a call still open when the next step starts — or when the run
// ends — failed with `no result`, in its own step; in a live file the last
// run's last step keeps its open calls back. Every span names its step
// (`iteration`, `iteration_key`); the llm span keeps the assistant
// message's content as its output, and the first step's iteration the first
// user message before it as its `prompt` (docs/import.md#the-conversation).
// User and system messages make no record of their own. O(messages); memory
// O(open calls).
import { formatTimeUs } from "../time";
import type { ImportOutput, SpanWire } from "./types";
import { isObj, type ChatCall, type ChatMessage } from "./openai-chat-messages";
import { toolErrorOf } from "./openai-chat-result";
import { OPENAI_CHAT_FORMAT } from "./openai-chat-run";
import { isTestCommand } from "./transcript/test-runs";
import { createTranscript, type ModelUsage, type ToolOutcome, type Transcript } from "./transcript/turns";
import { spanTurnFields, type TurnRef } from "./transcript/span-turns";
import { assistantOutputOf, outputField } from "./transcript/conversation";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

export const NO_RESULT = "no result";

export type StepRun = {
  runId: string;
  sessionId: string;
  model: string;
  messages: ChatMessage[];
  times: number[];
  lineOf: (i: number) => number;
  /** A live file's last run: its last step's open calls may still be answered. */
  keepBackLast: boolean;
};

type OpenCall = ChatCall & { key: string; step: number; turn: TurnRef | null; lineNo: number; tsUs: number };
type State = { run: StepRun; transcript: Transcript; open: OpenCall[]; step: number; task: string | null };

const commandOf = (input: unknown): string | null => {
  const c = isObj(input) ? (input.command ?? input.cmd) : null;
  return typeof c === "string" ? c : Array.isArray(c) ? c.join(" ") : null;
};

function toolSpan(s: State, call: OpenCall, t1Us: number, result: ChatMessage | null): ImportOutput {
  const error = result === null ? NO_RESULT : toolErrorOf(result.text, result.flaggedError);
  const span: SpanWire = {
    type: "span",
    run_id: s.run.runId,
    span_id: `${s.run.sessionId}:step-${call.step}:${call.key}`,
    parent_id: null,
    name: call.name,
    kind: "tool",
    t0: formatTimeUs(call.tsUs),
    t1: formatTimeUs(Math.max(t1Us, call.tsUs)),
    ok: error === null,
    error: error ?? "",
    ...spanTurnFields(call.turn),
    input: call.input ?? null,
    ...(result !== null ? { output: cutText(result.text, TEXT_CAP_BOUNDS.tool_output) } : {}),
    meta: { source_id: call.key, source_format: OPENAI_CHAT_FORMAT, step: call.step },
  };
  const command = commandOf(call.input);
  const outcome: ToolOutcome = {
    ok: error === null,
    ...(error !== null ? { errorLine: error } : {}),
    ...(command !== null && isTestCommand(command) ? { testRun: true } : {}),
  };
  s.transcript.toolResult(call.lineNo, t1Us, outcome);
  return { lineNo: call.lineNo, record: span };
}

/** Calls still open fail with no result at this time. */
function failOpen(s: State, t1Us: number): ImportOutput[] {
  const out = s.open.map((call) => toolSpan(s, call, t1Us, null));
  s.open = [];
  return out;
}

function modelUsageOf(m: ChatMessage): ModelUsage {
  const u = m.usage;
  return u === null
    ? { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 }
    : { input: u.input - u.cached, cacheRead: u.cached, cacheWrite: 0, output: u.output };
}

function assistantStep(s: State, m: ChatMessage, i: number): ImportOutput[] {
  const { run } = s;
  const lineNo = run.lineOf(i);
  const tsUs = run.times[i]!;
  const out = failOpen(s, i > 0 ? run.times[i - 1]! : tsUs);
  s.step += 1;
  out.push(...s.transcript.prompt(`step-${s.step}`, lineNo, tsUs, s.step === 1 ? s.task : null));
  const turn = s.transcript.openTurn();
  const model = m.model ?? run.model;
  s.transcript.modelCall(lineNo, tsUs, model, modelUsageOf(m), { context: m.usage !== null });
  const sourceId = `${run.sessionId}:step-${s.step}`;
  const t0Us = i > 0 ? Math.min(run.times[i - 1]!, tsUs) : tsUs;
  const span: SpanWire = {
    type: "span",
    run_id: run.runId,
    span_id: sourceId,
    parent_id: null,
    name: model,
    kind: "llm",
    t0: formatTimeUs(t0Us),
    t1: formatTimeUs(tsUs),
    ok: true,
    error: "",
    ...spanTurnFields(turn),
    ...(m.usage !== null ? { tokens_in: m.usage.input, tokens_out: m.usage.output } : {}),
    ...outputField(assistantOutputOf([m.text])),
    meta: {
      source_id: `step-${s.step}`,
      source_format: OPENAI_CHAT_FORMAT,
      ...(m.usage !== null ? { cached_input_tokens: m.usage.cached, total_tokens: m.usage.total } : {}),
      ...(m.calls.length > 0 ? { tool_calls: m.calls.length } : {}),
    },
  };
  out.push({ lineNo, record: span });
  const ev = { type: "event" as const, run_id: run.runId, ts: formatTimeUs(tsUs), kind: "api_request", detail: model };
  out.push({ lineNo, record: { ...ev, source_id: sourceId, source_format: OPENAI_CHAT_FORMAT } });
  m.calls.forEach((c, j) => {
    s.open.push({ ...c, key: c.id ?? `call-${j + 1}`, step: s.step, turn, lineNo, tsUs });
  });
  return out;
}

/** The open call a tool message answers: by `tool_call_id`, else by `name`, else the first. */
function answeredCall(s: State, m: ChatMessage): number {
  if (m.toolCallId !== null) return s.open.findIndex((c) => c.id === m.toolCallId);
  const byName = m.toolName !== null ? s.open.findIndex((c) => c.name === m.toolName) : -1;
  return byName >= 0 ? byName : s.open.length > 0 ? 0 : -1;
}

/** The task: the first user message before the first assistant message; null without one. */
function taskOf(messages: readonly ChatMessage[]): string | null {
  for (const m of messages) {
    if (m.role === "assistant") return null;
    if (m.role === "user" && m.text.trim() !== "") return m.text;
  }
  return null;
}

/** The run's spans, events and step iterations. */
export function mapSteps(run: StepRun): ImportOutput[] {
  const transcript = createTranscript({ format: OPENAI_CHAT_FORMAT, runId: run.runId, sessionId: run.sessionId });
  const s: State = { run, transcript, open: [], step: 0, task: taskOf(run.messages) };
  const out: ImportOutput[] = [];
  run.messages.forEach((m, i) => {
    if (m.role === "assistant") {
      out.push(...assistantStep(s, m, i));
    } else if (m.role === "tool") {
      const at = answeredCall(s, m);
      if (at < 0) return;
      const [call] = s.open.splice(at, 1);
      out.push(toolSpan(s, call!, run.times[i]!, m));
    }
  });
  if (!run.keepBackLast) out.push(...failOpen(s, run.times.at(-1) ?? 0));
  out.push(...transcript.end());
  return out;
}
