// docs/import.md#openai-agents-sdk — one exported `trace.span` item of the
// OpenAI Agents SDK (its `Span.export()`: id, trace_id, parent_id, started_at,
// ended_at, span_data, error) → a span wire record. `span_data.type` decides
// the kind: `function` is a tool call, `generation` / `response` (and the
// voice pipeline's `transcription` / `speech`) are model calls, everything
// else (`agent`, `handoff`, `guardrail`, `custom`, `mcp_tools`, `task`,
// `turn`) is a container. Newer SDKs export `task` and `turn` as `custom`
// spans named after them with `data.sdk_span_type`; both spellings are read.
// A `turn` span names its iteration (`iteration_key`, the turn's source key);
// every span below one takes its parent's (`iteration_from: "parent"`): the
// SDK exports a span when it ends, so a call comes before its turn and the
// turn is known only at the ingest (lib/import/place-spans.ts).
// O(size of the item); keeps nothing.
import { formatTimeUs, parseTimeUs } from "../time";
import { ITERATION_FROM, ITERATION_KEY, type SpanWire } from "./types";

export const OPENAI_AGENTS_FORMAT = "openai-agents";

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const count = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

/** Tokens of a usage object: the Responses API's `input_tokens` / `output_tokens`, or Chat Completions' names. */
export function tokensOf(usage: unknown): { in: number; out: number } | null {
  if (!isObj(usage)) return null;
  const tin = count(usage.input_tokens) ?? count(usage.prompt_tokens);
  const tout = count(usage.output_tokens) ?? count(usage.completion_tokens);
  return tin === null && tout === null ? null : { in: tin ?? 0, out: tout ?? 0 };
}

/** The source key of a turn's iteration: `<trace id>#<span id>`. */
export const turnKeyOf = (traceId: string, spanId: string): string => `${traceId}#${spanId}`;

/** What a span is to Loopscope, read from its `span_data`. */
export type SpanRole = "tool" | "llm" | "turn" | "container";
export type SpanShape = {
  role: SpanRole;
  name: string;
  input?: unknown;
  output?: unknown;
  usage?: unknown;
  meta: Obj;
};

/** A function's `input` is the JSON text of its arguments: stored parsed when it parses. */
function argumentsOf(input: unknown): unknown {
  if (typeof input !== "string" || !/^\s*[[{]/.test(input)) return input ?? null;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}

/** `custom` spans that the SDK uses for its own `task` and `turn` spans. */
function sdkTypeOf(data: Obj): string | null {
  if (data.type !== "custom") return str(data.type);
  const inner = isObj(data.data) ? data.data : {};
  const sdk = str(inner.sdk_span_type);
  return sdk === "turn" || sdk === "task" ? sdk : "custom";
}

type Shaper = (data: Obj, inner: Obj, type: string) => SpanShape;

const modelCall: Shaper = (data, _inner, type) => ({
  role: "llm",
  name: str(data.model) ?? type,
  output: type === "generation" ? (data.output ?? undefined) : undefined,
  usage: data.usage,
  meta: { model: str(data.model), model_config: data.model_config ?? null },
});

/** How each `span_data.type` reads; any other type is a container named after its `name`. */
const SHAPERS: Record<string, Shaper> = {
  function: (data) => ({
    role: "tool",
    name: str(data.name) ?? "function",
    input: argumentsOf(data.input),
    output: data.output ?? undefined,
    meta: data.mcp_data != null ? { mcp_data: data.mcp_data } : {},
  }),
  generation: modelCall,
  transcription: modelCall,
  speech: modelCall,
  response: (data) => ({
    role: "llm",
    name: str(data.model) ?? "response",
    usage: data.usage,
    meta: { response_id: data.response_id ?? null },
  }),
  turn: (data, inner) => {
    const turn = count(data.turn) ?? count(inner.turn);
    const agent = str(data.agent_name) ?? str(inner.agent_name);
    const name = ["turn", turn, agent && `(${agent})`].filter((p) => p !== null && p !== "").join(" ");
    return { role: "turn", name, usage: data.usage ?? inner.usage, meta: { turn, agent_name: agent } };
  },
  handoff: (data) => ({
    role: "container",
    name: `handoff → ${str(data.to_agent) ?? "?"}`,
    meta: { from_agent: data.from_agent ?? null, to_agent: data.to_agent ?? null },
  }),
  mcp_tools: (data) => ({
    role: "container",
    name: `mcp_tools ${str(data.server) ?? ""}`.trim(),
    meta: { result: data.result ?? null },
  }),
  task: (_data, inner) => ({ role: "container", name: str(inner.name) ?? "task", meta: { data: inner } }),
};

export function shapeOf(data: Obj): SpanShape {
  const type = sdkTypeOf(data) ?? "custom";
  const inner = isObj(data.data) ? data.data : {};
  const shaper = SHAPERS[type];
  if (shaper) return shaper(data, inner, type);
  const { type: _type, name: _name, ...rest } = data;
  return { role: "container", name: str(data.name) ?? type, meta: rest };
}

/**
 * A span's error text: `message`, followed by `data.error` when the SDK put
 * the exception there (a failed tool is `{"message":"Error running tool",
 * "data":{"tool_name","error"}}`: the message alone would make every tool
 * failure the same error).
 */
export function errorTextOf(error: Obj): string {
  const message = str(error.message) ?? "error";
  const detail = isObj(error.data) ? str(error.data.error) : null;
  return detail !== null && !message.includes(detail) ? `${message}: ${detail}` : message;
}

export type MappedSpan = {
  record: SpanWire;
  traceId: string;
  parentSource: string | null;
  shape: SpanShape;
  t0Us: number;
  t1Us: number;
};

/** Map one `trace.span` item; a string is the reason it cannot be mapped. */
export function mapSpanItem(item: Obj, runIdOf: (traceId: string) => string): MappedSpan | string {
  const id = str(item.id);
  const traceId = str(item.trace_id);
  if (id === null) return 'span: missing "id"';
  if (traceId === null) return `span ${id}: missing "trace_id"`;
  const t0Us = parseTimeUs(item.started_at);
  if (t0Us === null) return `span ${id}: missing or unreadable "started_at"`;
  if (!isObj(item.span_data)) return `span ${id}: missing "span_data"`;
  const t1Us = parseTimeUs(item.ended_at);
  const shape = shapeOf(item.span_data);
  const tokens = shape.role === "llm" ? tokensOf(shape.usage) : null;
  const error = isObj(item.error) ? item.error : null;
  const message = error ? errorTextOf(error) : "";
  const kind = shape.role === "tool" || shape.role === "llm" ? shape.role : "agent";
  const parentId = str(item.parent_id);
  const turn =
    shape.role === "turn"
      ? { [ITERATION_KEY]: turnKeyOf(traceId, id) }
      : parentId !== null
        ? { [ITERATION_FROM]: "parent" }
        : {};
  const record: SpanWire = {
    type: "span",
    run_id: runIdOf(traceId),
    span_id: id,
    parent_id: parentId,
    name: shape.name,
    kind,
    t0: formatTimeUs(t0Us),
    t1: t1Us !== null ? formatTimeUs(t1Us) : null,
    ok: error === null,
    error: message,
    ...turn,
    ...(tokens ? { tokens_in: tokens.in, tokens_out: tokens.out } : {}),
    ...(shape.input !== undefined ? { input: shape.input } : {}),
    ...(shape.output !== undefined && shape.output !== null ? { output: shape.output } : {}),
    meta: {
      ...shape.meta,
      span_type: str(item.span_data.type),
      ...(error?.data != null ? { error_data: error.data } : {}),
      source_id: id,
      source_format: OPENAI_AGENTS_FORMAT,
    },
  };
  return { record, traceId, parentSource: parentId, shape, t0Us, t1Us: Math.max(t1Us ?? t0Us, t0Us) };
}
