// docs/import.md#langfuse — one Langfuse observation (as the public API and
// the trace download show it, or as an ingestion batch's create and update
// events merge into it) → a span or an event wire record. `type` decides:
// GENERATION (and EMBEDDING) → an llm call with its model, tokens
// (`usageDetails`, else the older `usage`) and cost (`costDetails.total`);
// TOOL → a tool call; AGENT and CHAIN → containers; SPAN (and RETRIEVER,
// EVALUATOR, GUARDRAIL) → a container when other observations nest under it,
// else a tool call; EVENT → an event whose kind is its name. `level` ERROR
// fails it, with `statusMessage` as the error. A model call's input (its
// whole prompt) is left in Langfuse. O(size of the observation).
import { formatTimeUs, parseTimeUs } from "../time";
import type { EventWire, SpanWire } from "./types";

export const LANGFUSE_FORMAT = "langfuse";

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Observation types Langfuse knows (the typed ones since its agent observation types). */
export const OBSERVATION_TYPES = new Set([
  "SPAN",
  "GENERATION",
  "EVENT",
  "AGENT",
  "TOOL",
  "CHAIN",
  "RETRIEVER",
  "EVALUATOR",
  "EMBEDDING",
  "GUARDRAIL",
]);

type Kind = "llm" | "tool" | "agent";
function kindOf(type: string, hasChildren: boolean): Kind {
  if (type === "GENERATION" || type === "EMBEDDING") return "llm";
  if (type === "TOOL") return "tool";
  if (type === "AGENT" || type === "CHAIN") return "agent";
  return hasChildren ? "agent" : "tool";
}

const sumKeys = (o: Obj, re: RegExp): number | null =>
  Object.entries(o).reduce<number | null>(
    (sum, [k, v]) => (re.test(k) && num(v) !== null ? (sum ?? 0) + (v as number) : sum),
    null,
  );

/**
 * Tokens in and out. `usageDetails` splits cached and reasoning tokens into
 * their own keys (`input_cached_tokens`, `output_reasoning_tokens`), taken
 * out of `input` / `output`: every `input*` key counts in, every `output*` key out.
 */
export function tokensOf(o: Obj): { in: number; out: number } | null {
  const details = isObj(o.usageDetails) ? o.usageDetails : null;
  if (details && Object.keys(details).length > 0) {
    const tin = sumKeys(details, /^(input|prompt)/);
    const tout = sumKeys(details, /^(output|completion)/);
    if (tin !== null || tout !== null) return { in: Math.round(tin ?? 0), out: Math.round(tout ?? 0) };
  }
  const usage = isObj(o.usage) ? o.usage : null;
  if (!usage) return null;
  const tin = num(usage.input) ?? num(usage.promptTokens);
  const tout = num(usage.output) ?? num(usage.completionTokens);
  return tin === null && tout === null ? null : { in: Math.round(tin ?? 0), out: Math.round(tout ?? 0) };
}

/** The cost Langfuse logged; 0 is "no price known" there, so it is no figure here. */
export function costOf(o: Obj): number | null {
  const details = isObj(o.costDetails) ? o.costDetails : {};
  const usage = isObj(o.usage) ? o.usage : {};
  const cost = num(details.total) ?? num(o.calculatedTotalCost) ?? num(usage.totalCost) ?? num(o.totalCost);
  return cost !== null && cost > 0 ? cost : null;
}

export type ObservationContext = { runId: string; type: string; hasChildren: boolean };

/** Map a (merged) observation; a string is the reason it cannot be mapped. */
export function mapObservation(o: Obj, c: ObservationContext): SpanWire | EventWire | string {
  const id = str(o.id);
  if (id === null) return 'observation: missing "id"';
  const t0Us = parseTimeUs(o.startTime);
  if (t0Us === null) return `observation ${id}: missing or unreadable "startTime"`;
  const failed = o.level === "ERROR";
  const statusMessage = str(o.statusMessage);
  const common = { source_id: id, source_format: LANGFUSE_FORMAT };
  if (c.type === "EVENT") {
    return {
      type: "event",
      run_id: c.runId,
      ts: formatTimeUs(t0Us),
      kind: str(o.name) ?? "event",
      ...(statusMessage !== null ? { detail: statusMessage } : {}),
      ...(str(o.level) !== null ? { level: o.level } : {}),
      ...(str(o.parentObservationId) !== null ? { parent_observation_id: o.parentObservationId } : {}),
      ...common,
    };
  }
  const kind = kindOf(c.type, c.hasChildren);
  const t1Us = parseTimeUs(o.endTime);
  const tokens = kind === "llm" ? tokensOf(o) : null;
  const cost = costOf(o);
  const model = str(o.model) ?? str(o.providedModelName);
  return {
    type: "span",
    run_id: c.runId,
    span_id: id,
    parent_id: str(o.parentObservationId),
    name: str(o.name) ?? model ?? c.type.toLowerCase(),
    kind,
    t0: formatTimeUs(t0Us),
    t1: t1Us !== null ? formatTimeUs(Math.max(t1Us, t0Us)) : null,
    ok: !failed,
    error: failed ? (statusMessage ?? "level ERROR") : "",
    ...(tokens ? { tokens_in: tokens.in, tokens_out: tokens.out } : {}),
    ...(cost !== null ? { cost_usd: cost } : {}),
    ...(o.input != null && kind !== "llm" ? { input: o.input } : {}),
    ...(o.output != null ? { output: o.output } : {}),
    meta: {
      observation_type: c.type,
      ...(model !== null ? { model } : {}),
      ...(str(o.level) !== null && o.level !== "DEFAULT" ? { level: o.level } : {}),
      ...(!failed && statusMessage !== null ? { status_message: statusMessage } : {}),
      ...(str(o.completionStartTime) !== null ? { completion_start_time: o.completionStartTime } : {}),
      ...(isObj(o.modelParameters) ? { model_parameters: o.modelParameters } : {}),
      ...(o.metadata != null ? { metadata: o.metadata } : {}),
      ...common,
    },
  };
}
