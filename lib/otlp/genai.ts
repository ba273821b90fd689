// docs/otlp.md — reading a span's attributes by the OpenTelemetry GenAI
// semantic conventions (gen_ai.*, with the deprecated prompt/completion token
// names) and OpenInference's (openinference.span.kind, llm.token_count.*),
// plus Loopscope's own `loopscope.*` overrides. Kind decision: a span with no
// GenAI or OpenInference marker is `other` — generic OTel spans (HTTP, DB,
// framework internals) are containers, not tool calls, and docs/analysis.md#bottlenecks would
// otherwise count them as tools; `loopscope.kind` lets a harness say `tool`.
import { SPAN_KINDS } from "../schemas/records";
import { pick, toCount, toInt, toNumber, toText } from "./coerce";

export type SpanKind = (typeof SPAN_KINDS)[number];

const LLM_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "embeddings"]);
const AGENT_OPERATIONS = new Set(["invoke_agent", "create_agent"]);
const OPENINFERENCE_KINDS: Record<string, SpanKind> = {
  LLM: "llm",
  EMBEDDING: "llm",
  TOOL: "tool",
  RETRIEVER: "tool",
  RERANKER: "tool",
  AGENT: "agent",
  CHAIN: "other",
  GUARDRAIL: "other",
  EVALUATOR: "other",
};

export const RUN_ID_KEYS = ["loopscope.run_id", "session.id", "gen_ai.conversation.id"] as const;
const TOKENS_IN_KEYS = ["gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt"];
const TOKENS_OUT_KEYS = ["gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.completion"];
const TOOL_NAME_KEYS = ["gen_ai.tool.name", "tool.name"];
const INPUT_KEYS = ["gen_ai.tool.call.arguments", "input.value"];
const OUTPUT_KEYS = ["gen_ai.tool.call.result", "output.value"];

/** Attributes read into first-class span fields, and so left out of `meta`. */
export const CONSUMED_KEYS: ReadonlySet<string> = new Set([
  "loopscope.run_id",
  "loopscope.iteration",
  "loopscope.task_id",
  "loopscope.kind",
  "loopscope.cost_usd",
  ...TOKENS_IN_KEYS,
  ...TOKENS_OUT_KEYS,
  ...INPUT_KEYS,
  ...OUTPUT_KEYS,
]);

function isSpanKind(v: string): v is SpanKind {
  return (SPAN_KINDS as readonly string[]).includes(v);
}

/** tool / llm / agent / other from loopscope.kind, gen_ai.operation.name, openinference.span.kind. */
export function spanKindOf(attrs: Record<string, unknown>): SpanKind {
  const explicit = toText(attrs["loopscope.kind"])?.toLowerCase();
  if (explicit && isSpanKind(explicit)) return explicit;
  const op = toText(attrs["gen_ai.operation.name"])?.toLowerCase();
  if (op === "execute_tool") return "tool";
  if (op && LLM_OPERATIONS.has(op)) return "llm";
  if (op && AGENT_OPERATIONS.has(op)) return "agent";
  const oi = toText(attrs["openinference.span.kind"])?.toUpperCase();
  const mapped = oi === undefined ? undefined : OPENINFERENCE_KINDS[oi];
  if (mapped) return mapped;
  return "other";
}

/** The tool's name for tool spans (gen_ai.tool.name, OpenInference tool.name), else the span name. */
export function spanNameOf(kind: SpanKind, spanName: string, attrs: Record<string, unknown>): string {
  const name = kind === "tool" ? (pick(attrs, TOOL_NAME_KEYS, toText) ?? spanName) : spanName;
  return name.slice(0, 1000);
}

export type SpanUsage = {
  tokens_in: number | null;
  tokens_out: number | null;
  cost_usd: number | null;
  iteration: number | null;
  task_id: string | null;
};

/** Tokens, cost, and the loop iteration / task a span belongs to. */
export function spanUsageOf(attrs: Record<string, unknown>): SpanUsage {
  return {
    tokens_in: pick(attrs, TOKENS_IN_KEYS, toCount),
    tokens_out: pick(attrs, TOKENS_OUT_KEYS, toCount),
    cost_usd: toNumber(attrs["loopscope.cost_usd"]),
    iteration: toInt(attrs["loopscope.iteration"]),
    task_id: toText(attrs["loopscope.task_id"]),
  };
}

/**
 * The call's input and output (docs/format.md#span): GenAI
 * gen_ai.tool.call.arguments / .result, else OpenInference input.value /
 * output.value. An input sent as JSON text is parsed (the arguments of a tool
 * call usually are); other text stays text. The output is left as sent: the
 * span schema stores its head as text.
 */
export function spanIoOf(attrs: Record<string, unknown>): { input?: unknown; output?: unknown } {
  const input = firstPresent(attrs, INPUT_KEYS);
  const output = firstPresent(attrs, OUTPUT_KEYS);
  return {
    ...(input !== undefined ? { input: parseJsonText(input) } : {}),
    ...(output !== undefined ? { output } : {}),
  };
}

function firstPresent(attrs: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (attrs[key] !== undefined && attrs[key] !== null && attrs[key] !== "") return attrs[key];
  return undefined;
}

/** JSON text → its value; anything else (plain text, an already structured value) as it is. */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*[[{"\d-]|^\s*(true|false|null)\s*$/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Status code ERROR, as its number or its name. */
export function isErrorStatus(code: unknown): boolean {
  return code === 2 || code === "2" || code === "STATUS_CODE_ERROR" || code === "ERROR";
}

/** OTel SpanKind number or name → a lowercase label for `meta` (`client`, `internal`…). */
export function otelSpanKindLabel(kind: unknown): string | null {
  const names = ["unspecified", "internal", "server", "client", "producer", "consumer"];
  if (typeof kind === "number") return names[kind] ?? null;
  if (typeof kind === "string") return kind.replace(/^SPAN_KIND_/, "").toLowerCase() || null;
  return null;
}
