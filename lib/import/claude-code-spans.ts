// docs/import.md#claude-code — the spans of a Claude Code session. One `llm`
// span per distinct assistant `message.id` (a response is written as one line
// per content block, each repeating `usage`: the usage is read once, each
// figure at its largest), from the time of the line it answers to its last
// line. One `tool` span per `tool_use`, from its line to its `tool_result`.
// Ids come from the source ids; a subagent call (`Task`/`Agent`) is named by
// a hash of its prompt instead, because a subagent's own lines (its
// sidechain, or its file under subagents/) know only that prompt, and its
// spans must nest under the call. Each span names its turn: a main-conversation
// span the turn it started in, a subagent's span the turn of the call that
// started it — or, in a subagent's own file, which knows no turn, its parent's
// (docs/import.md#agent-transcripts). An llm span keeps the response's text
// blocks as its output and the length of its thinking blocks as
// `thinking_chars` (docs/import.md#the-conversation). O(1) per span.
import { hashId } from "../ingest/assign-ids";
import { formatTimeUs } from "../time";
import type { ImportFormat, SpanWire } from "./types";
import type { CcUsage } from "./claude-code-lines";
import type { ModelUsage } from "./transcript/turns";
import { spanTurnFields, type SpanTurn } from "./transcript/span-turns";
import { assistantOutputOf, outputField, thinkingMeta } from "./transcript/conversation";

export type SpanSink = { runId: string; format: ImportFormat };

/** An assistant message whose lines are still coming. */
export type OpenMessage = {
  sourceId: string;
  model: string;
  chain: string;
  parentSpanId: string | null;
  agentId: string | null;
  t0Us: number;
  firstUs: number;
  t1Us: number;
  lastLineNo: number;
  usage: CcModelUsage;
  stopReason: string | null;
  requestId: string | null;
  /** The text blocks of its lines, in order: the span's output. */
  texts: string[];
  /** Characters of its thinking blocks (the text is not kept). */
  thinkingChars: number;
  /** The turn it started in (null: not known yet — the session's start turn, opened by the call itself). */
  turn: SpanTurn;
};

/** A tool call waiting for its result. */
export type OpenTool = {
  sourceId: string;
  spanId: string;
  name: string;
  input: unknown;
  t0Us: number;
  lineNo: number;
  /** The time of the line after the call's: where an unanswered call ends. */
  nextUs: number | null;
  parentSpanId: string | null;
  agentId: string | null;
  messageId: string;
  chain: string;
  /** The turn it started in (null: not known yet, see OpenMessage). */
  turn: SpanTurn;
};

export const llmSpanId = (messageId: string): string => `cc-${messageId}`;
export const toolSpanId = (toolUseId: string): string => `cc-${toolUseId}`;

/** The span id of the k-th (1, 2, …) subagent call with this prompt in the session. */
export function subagentSpanId(sessionId: string, prompt: string, k: number): string {
  const base = `cc-task-${hashId("subagent", sessionId, prompt.trim()).slice(0, 16)}`;
  return k > 1 ? `${base}-${k}` : base;
}

/** A response's usage: the four figures, and the 1-hour part of its cache writes (priced at 2× input). */
export type CcModelUsage = ModelUsage & { cacheWrite1h: number };

/** `cache_creation.ephemeral_1h_input_tokens`, at most the cache writes (absent: 0). */
function cacheWrite1hOf(u: CcUsage | null | undefined, cacheWrite: number): number {
  const split = u?.cache_creation;
  const v =
    split !== null && typeof split === "object" ? (split as Record<string, unknown>).ephemeral_1h_input_tokens : 0;
  return typeof v === "number" && Number.isFinite(v) ? Math.min(Math.max(0, v), cacheWrite) : 0;
}

/** A usage object's four figures and its 1-hour cache writes (absent: 0). */
export function usageOf(u: CcUsage | null | undefined): CcModelUsage {
  const cacheWrite = u?.cache_creation_input_tokens ?? 0;
  return {
    input: u?.input_tokens ?? 0,
    output: u?.output_tokens ?? 0,
    cacheRead: u?.cache_read_input_tokens ?? 0,
    cacheWrite,
    cacheWrite1h: cacheWrite1hOf(u, cacheWrite),
  };
}

/** Each figure at its largest: the lines of one response repeat (and may grow) its usage. */
export function mergeUsage(a: CcModelUsage, b: CcModelUsage): CcModelUsage {
  return {
    input: Math.max(a.input, b.input),
    output: Math.max(a.output, b.output),
    cacheRead: Math.max(a.cacheRead, b.cacheRead),
    cacheWrite: Math.max(a.cacheWrite, b.cacheWrite),
    cacheWrite1h: Math.max(a.cacheWrite1h, b.cacheWrite1h),
  };
}

export function llmSpan(sink: SpanSink, m: OpenMessage, turn: SpanTurn): SpanWire {
  const u = m.usage;
  return {
    type: "span",
    run_id: sink.runId,
    span_id: llmSpanId(m.sourceId),
    parent_id: m.parentSpanId,
    name: m.model.slice(0, 1000),
    kind: "llm",
    t0: formatTimeUs(Math.min(m.t0Us, m.t1Us)),
    t1: formatTimeUs(m.t1Us),
    ok: true,
    error: "",
    ...spanTurnFields(turn),
    tokens_in: u.input + u.cacheRead + u.cacheWrite,
    tokens_out: u.output,
    ...outputField(assistantOutputOf(m.texts)),
    meta: {
      source_id: m.sourceId,
      source_format: sink.format,
      model: m.model,
      stop_reason: m.stopReason,
      ...thinkingMeta(m.thinkingChars),
      input_tokens: u.input,
      cache_read_input_tokens: u.cacheRead,
      cache_creation_input_tokens: u.cacheWrite,
      ...(u.cacheWrite1h > 0 ? { cache_creation_1h_input_tokens: u.cacheWrite1h } : {}),
      ...(m.requestId !== null ? { request_id: m.requestId } : {}),
      ...(m.agentId !== null ? { agent_id: m.agentId } : {}),
    },
  };
}

export type ToolEnd = { t1Us: number; ok: boolean; error: string; output: string | null };

export function toolSpan(sink: SpanSink, t: OpenTool, end: ToolEnd, turn: SpanTurn): SpanWire {
  return {
    type: "span",
    run_id: sink.runId,
    span_id: t.spanId,
    parent_id: t.parentSpanId,
    name: t.name.slice(0, 1000) || "unknown_tool",
    kind: "tool",
    t0: formatTimeUs(t.t0Us),
    t1: formatTimeUs(Math.max(t.t0Us, end.t1Us)),
    ok: end.ok,
    error: end.error,
    ...spanTurnFields(turn),
    ...(t.input !== undefined ? { input: t.input } : {}),
    ...(end.output !== null ? { output: end.output } : {}),
    meta: {
      source_id: t.sourceId,
      source_format: sink.format,
      message_id: t.messageId,
      ...(t.agentId !== null ? { agent_id: t.agentId } : {}),
    },
  };
}
