// docs/import.md#gemini-cli-sessions — the model call and tool calls of one
// `gemini` message. The message is one `llm` span named after its `model`,
// from the end of what came before it (the prompt, the previous message's last
// tool call) to the message's time — or to its first tool call's start, when
// that is earlier — plus an `api_request` event. Its `tokens`:
// `input` (the prompt, the cached part included) + `tool` (tool-use prompt
// tokens) is tokens_in, `output` + `thoughts` (thinking is billed as output)
// is tokens_out, so tokens_in + tokens_out = `total`; `cached` is kept as the
// cache-read share. Each `toolCalls` entry is a `tool` span from its start
// (the epoch milliseconds in its id, `<tool>-<ms>-<hex>`, else the end of
// the call before it) to its `timestamp` (when its result was recorded). A
// call of a live file still running (no final status) is left out until it
// ends. Every span names the turn it belongs to. The llm span keeps the
// message's `content` as its output and the length of its `thoughts` as
// `thinking_chars` (docs/import.md#the-conversation). O(tool calls) per message.
import { formatTimeUs, parseTimeUs } from "../time";
import type { EventWire, ImportOutput, SpanWire } from "./types";
import type { ModelUsage } from "./transcript/turns";
import { spanTurnFields, type TurnRef } from "./transcript/span-turns";
import { GEMINI_FORMAT, isObj, textOf, type Session } from "./gemini-cli-session";
import { assistantOutputOf, outputField, thinkingMeta } from "./transcript/conversation";
import { readToolCall, TODO_TOOLS, todoItemsOfArgs } from "./gemini-cli-tools";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

type Obj = Record<string, unknown>;
const LINE = 1; // the whole document is line 1
const DAY_US = 86_400_000_000;
const FINAL_STATUSES = new Set(["success", "error", "cancelled"]);
const ID_TIME_RE = /-(\d{12,14})-[0-9a-z]+$/i;
const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

export type Tokens = { input: number; output: number; cached: number; thoughts: number; tool: number; total: number };

export function tokensOf(v: unknown): Tokens | null {
  if (!isObj(v)) return null;
  const [input, output, cached, thoughts, tool, total] = ["input", "output", "cached", "thoughts", "tool", "total"].map(
    (k) => count(v[k]),
  ) as [number, number, number, number, number, number];
  return { input, output, cached, thoughts, tool, total };
}

/** The transcript's reading: the prompt without its cached share, which is the cache read. */
export const modelUsageOf = (t: Tokens | null): ModelUsage => ({
  input: t === null ? 0 : Math.max(t.input + t.tool - t.cached, 0),
  cacheRead: t === null ? 0 : Math.min(t.cached, t.input),
  cacheWrite: 0,
  output: t === null ? 0 : t.output + t.thoughts,
});

/** When a call started: the time in its id when it is plausible (not after its end, within a day), else `fallbackUs`. */
function callStartUs(call: Obj, fallbackUs: number, endUs: number): number {
  const m = typeof call.id === "string" ? ID_TIME_RE.exec(call.id) : null;
  const fromId = m ? Number(m[1]) * 1000 : null;
  if (fromId !== null && fromId <= endUs && fromId >= endUs - DAY_US) return fromId;
  return Math.min(fallbackUs, endUs);
}

type Timed = { call: Obj; t0Us: number; t1Us: number };

/** The message's tool calls with their times, in order. */
function timedCalls(calls: unknown[], messageUs: number): Timed[] {
  let prevEnd = messageUs;
  return calls.filter(isObj).map((call) => {
    const t1Us = parseTimeUs(call.timestamp) ?? messageUs;
    const t0Us = callStartUs(call, prevEnd, t1Us);
    prevEnd = Math.max(prevEnd, t1Us);
    return { call, t0Us, t1Us };
  });
}

/** Characters of a message's thoughts: a text, or a list of `{subject, description}` (or texts). */
export function thoughtCharsOf(thoughts: unknown): number {
  if (typeof thoughts === "string") return thoughts.length;
  if (!Array.isArray(thoughts)) return 0;
  let n = 0;
  for (const t of thoughts) {
    if (typeof t === "string") n += t.length;
    else if (isObj(t)) n += (str(t.subject)?.length ?? 0) + (str(t.description)?.length ?? 0);
  }
  return n;
}

function llmRecords(s: Session, m: Obj, spanId: string, t0Us: number, t1Us: number, turn: TurnRef): ImportOutput[] {
  const model = str(m.model) ?? "gemini";
  const t = tokensOf(m.tokens);
  const sourceId = str(m.id) ?? spanId;
  const span: SpanWire = {
    type: "span",
    run_id: s.runId,
    span_id: spanId,
    parent_id: null,
    name: model,
    kind: "llm",
    t0: formatTimeUs(t0Us),
    t1: formatTimeUs(t1Us),
    ok: true,
    error: "",
    ...spanTurnFields(turn),
    ...(t !== null ? { tokens_in: t.input + t.tool, tokens_out: t.output + t.thoughts } : {}),
    ...outputField(assistantOutputOf([textOf(m.content)])),
    meta: {
      source_id: sourceId,
      source_format: GEMINI_FORMAT,
      model,
      ...thinkingMeta(thoughtCharsOf(m.thoughts)),
      ...(t !== null
        ? { cached_input_tokens: Math.min(t.cached, t.input), thoughts_tokens: t.thoughts, tool_tokens: t.tool }
        : {}),
      ...(t !== null ? { input_tokens: t.input, output_tokens: t.output, total_tokens: t.total } : {}),
    },
  };
  const event: EventWire = {
    type: "event",
    run_id: s.runId,
    ts: formatTimeUs(t1Us),
    kind: "api_request",
    detail: model,
    source_id: sourceId,
    source_format: GEMINI_FORMAT,
  };
  return [
    { lineNo: LINE, record: span },
    { lineNo: LINE, record: event },
  ];
}

function toolRecords(s: Session, { call, t0Us, t1Us }: Timed, spanId: string): ImportOutput[] {
  const status = str(call.status) ?? "success";
  const final = FINAL_STATUSES.has(status);
  if (!final && s.live) return []; // still running: stored once it has ended
  const r = final ? readToolCall(call) : null;
  const error = r?.error ?? `no result (${status})`;
  const ok = r?.ok ?? false;
  const name = str(call.name) ?? "unknown_tool";
  const turn = s.transcript.turnAt(LINE, t1Us); // where its result, below, is counted
  const span: SpanWire = {
    type: "span",
    run_id: s.runId,
    span_id: spanId,
    parent_id: null,
    name,
    kind: "tool",
    t0: formatTimeUs(t0Us),
    t1: formatTimeUs(t1Us),
    ok,
    error: ok ? "" : error,
    ...spanTurnFields(turn),
    input: call.args ?? null,
    ...(r !== null ? { output: cutText(r.output, TEXT_CAP_BOUNDS.tool_output) } : {}),
    meta: {
      source_id: str(call.id) ?? spanId,
      source_format: GEMINI_FORMAT,
      status,
      ...(r?.exitCode != null ? { exit_code: r.exitCode } : {}),
    },
  };
  s.transcript.toolResult(LINE, t1Us, r?.outcome ?? { ok: false, errorLine: error });
  const todos = ok && TODO_TOOLS.has(name) ? todoItemsOfArgs(call.args) : null;
  const tasks = todos !== null ? s.transcript.todoList(LINE, t1Us, todos, str(call.id) ?? spanId) : [];
  return [{ lineNo: LINE, record: span }, ...tasks];
}

/** A `gemini` message at `tsUs` (its index `i` names it when it has no id): its model call, then its tool calls. */
export function geminiMessage(s: Session, m: Obj, i: number, tsUs: number): ImportOutput[] {
  const msgId = str(m.id) ?? `message-${i}`;
  const calls = timedCalls(Array.isArray(m.toolCalls) ? m.toolCalls : [], tsUs);
  const t1Us = Math.min(tsUs, calls[0]?.t0Us ?? tsUs);
  const t0Us = Math.min(s.prevEndUs, t1Us);
  const t = tokensOf(m.tokens);
  // A message without tokens is a call of unknown size: it counts, and leaves the context fill alone.
  s.transcript.modelCall(LINE, tsUs, str(m.model) ?? "gemini", modelUsageOf(t), { context: t !== null });
  const out = llmRecords(s, m, `${s.id}:${msgId}`, t0Us, t1Us, s.transcript.turnAt(LINE, tsUs));
  calls.forEach((c, j) => out.push(...toolRecords(s, c, `${s.id}:${str(c.call.id) ?? `${msgId}-${j}`}`)));
  s.prevEndUs = Math.max(tsUs, ...calls.map((c) => c.t1Us));
  return out;
}
