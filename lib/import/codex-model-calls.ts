// docs/import.md#codex-cli-sessions — Codex model calls. Each completed
// model response is followed by an `event_msg` `token_count` whose
// `info.last_token_usage` holds that call's tokens; `info.total_token_usage`
// is the session's running total. A call is an `llm` span from the end of
// the previous call (or the turn's prompt) to the token_count line, named
// for the turn_context model, plus an `api_request` event. Codex reports
// `input_tokens` with the cached part included (`cached_input_tokens` is a
// share of it) and `output_tokens` with the reasoning included
// (`reasoning_output_tokens` is a share of it), so neither share is added
// again. A token_count without `info`, or one repeating the previous total
// (Codex writes some twice), is no model call. The span keeps the call's
// reply (docs/import.md#the-conversation): the text of the assistant
// `message` items since the previous call as its output, the length of their
// `reasoning` summaries as `thinking_chars`. O(1) per line.
import { formatTimeUs } from "../time";
import type { EventWire, ImportOutput, SpanWire } from "./types";
import type { ModelUsage } from "./transcript/turns";
import { spanTurnFields, type TurnRef } from "./transcript/span-turns";
import { assistantOutputOf, outputField, thinkingMeta } from "./transcript/conversation";
import { emptyReply, type CodexReply } from "./codex-reply";
import { CODEX_FORMAT } from "./codex-calls";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

export type TokenUsage = { input: number; cached: number; output: number; reasoning: number; total: number };
export type TokenReport = { usage: TokenUsage; contextWindow: number | null };
/** What a session keeps between token_count lines: the last running total, to spot repeats and derive deltas. */
export type TokenState = { lastTotal: TokenUsage | null };

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

function usageOf(v: unknown): TokenUsage | null {
  if (!isObj(v)) return null;
  return {
    input: count(v.input_tokens),
    cached: count(v.cached_input_tokens),
    output: count(v.output_tokens),
    reasoning: count(v.reasoning_output_tokens),
    total: count(v.total_tokens),
  };
}

const sameUsage = (a: TokenUsage, b: TokenUsage): boolean =>
  a.input === b.input && a.cached === b.cached && a.output === b.output && a.total === b.total;

const minus = (a: TokenUsage, b: TokenUsage | null): TokenUsage =>
  b === null
    ? a
    : {
        input: Math.max(a.input - b.input, 0),
        cached: Math.max(a.cached - b.cached, 0),
        output: Math.max(a.output - b.output, 0),
        reasoning: Math.max(a.reasoning - b.reasoning, 0),
        total: Math.max(a.total - b.total, 0),
      };

/** One token_count payload → its model call's tokens, or null when it reports no new call. */
export function readTokenCount(payload: Obj, state: TokenState): TokenReport | null {
  const info = payload.info;
  if (!isObj(info)) return null;
  const total = usageOf(info.total_token_usage);
  if (total !== null && state.lastTotal !== null && sameUsage(total, state.lastTotal)) return null;
  const usage = usageOf(info.last_token_usage) ?? (total !== null ? minus(total, state.lastTotal) : null);
  if (total !== null) state.lastTotal = total;
  if (usage === null || usage.input + usage.output === 0) return null;
  const window = info.model_context_window;
  return { usage, contextWindow: typeof window === "number" && window > 0 ? window : null };
}

/** The accumulator's reading: input without the cached share, which is the cache read. */
export const modelUsageOf = (u: TokenUsage): ModelUsage => ({
  input: Math.max(u.input - u.cached, 0),
  cacheRead: Math.min(u.cached, u.input),
  cacheWrite: 0,
  output: u.output,
});

export type ModelCallIds = { runId: string; spanId: string; sourceId: string; turn: TurnRef | null };
/** The llm span and api_request event of one model call. */
export function modelCallRecords(
  report: TokenReport,
  model: string,
  at: { lineNo: number; t0Us: number; t1Us: number },
  ids: ModelCallIds,
  reply: CodexReply = emptyReply(),
): ImportOutput[] {
  const u = report.usage;
  const span: SpanWire = {
    type: "span",
    run_id: ids.runId,
    span_id: ids.spanId,
    parent_id: null,
    name: model,
    kind: "llm",
    t0: formatTimeUs(Math.min(at.t0Us, at.t1Us)),
    t1: formatTimeUs(at.t1Us),
    ok: true,
    error: "",
    ...spanTurnFields(ids.turn),
    tokens_in: u.input,
    tokens_out: u.output,
    ...outputField(assistantOutputOf(reply.texts)),
    meta: {
      source_id: ids.sourceId,
      source_format: CODEX_FORMAT,
      cached_input_tokens: u.cached,
      reasoning_output_tokens: u.reasoning,
      total_tokens: u.total,
      ...(report.contextWindow !== null ? { model_context_window: report.contextWindow } : {}),
      ...thinkingMeta(reply.thinkingChars),
    },
  };
  const event: EventWire = {
    type: "event",
    run_id: ids.runId,
    ts: formatTimeUs(at.t1Us),
    kind: "api_request",
    detail: model,
    source_id: ids.sourceId,
    source_format: CODEX_FORMAT,
  };
  return [
    { lineNo: at.lineNo, record: span },
    { lineNo: at.lineNo, record: event },
  ];
}
