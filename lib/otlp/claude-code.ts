// docs/otlp.md — one Claude Code event (an OTLP log record, already named,
// timed and given its run by lib/otlp/logs.ts) → docs/format.md wire objects:
//   tool_result   → tool span: end = record time, start = end − duration_ms,
//                   ok from `success`, error from `error` / `error_type`,
//                   input from `tool_input`, else `tool_parameters` (JSON text parsed)
//   tool_decision → `permission_denied` (decision reject), `permission_granted`
//                   (accept by a user: source user_*); else a `tool_decision` event
//   api_request   → an `llm` span (tokens, cost, duration) and an `api_request` event
//   api_error     → `api_error` event with `status` (status_code) and `attempt`
//   compaction    → `compaction`, or `compaction_failed` when it did not succeed
//   anything else → an event of its name (`log` for a record with no name).
// Attribute values are coerced ("30012" → 30012, "false" → false). Every
// output is a function of the record alone: events carry the record time and
// `sequence`, and spans get an id hashed from run, name, sequence and time,
// so a retried batch deduplicates / upserts instead of adding rows.
import { createHash } from "node:crypto";
import { formatTimeUs } from "../time";
import { toBool, toCount, toInt, toNumber, toText } from "./coerce";
import { parseJsonText } from "./genai";
import type { EventWire, OtlpWireRecord, SpanWire } from "./wire";

type Attrs = Record<string, unknown>;

/** A log record as the Claude Code mapper sees it. */
export type LogEvent = {
  runId: string;
  name: string | null;
  timeUs: number;
  sequence: number | null;
  attrs: Attrs;
  body: string | null;
  severity: string | null;
};

const DETAIL_MAX_CHARS = 2000;

function stableSpanId(e: LogEvent, salt: string): string {
  const key = [e.runId, e.name, salt, e.sequence ?? "", e.timeUs, toText(e.attrs.tool_use_id) ?? ""].join("\u0000");
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

function event(e: LogEvent, kind: string, fields: Partial<EventWire> = {}): EventWire {
  return {
    type: "event",
    run_id: e.runId,
    ts: formatTimeUs(e.timeUs),
    kind,
    task_id: toText(e.attrs["loopscope.task_id"]),
    ...fields,
    sequence: e.sequence,
    attributes: e.attrs,
  };
}

type SpanFields = {
  name: string;
  kind: "tool" | "llm";
  ok: boolean;
  error: string;
  tokens_in?: number | null;
  tokens_out?: number | null;
  cost_usd?: number | null;
  input?: unknown;
};

/** The attributes a tool call's input is read from, first present wins; they leave `meta`. */
const TOOL_INPUT_KEYS = ["tool_input", "tool_parameters"] as const;

function span(e: LogEvent, fields: SpanFields): SpanWire {
  const durationMs = Math.max(0, toNumber(e.attrs.duration_ms) ?? 0);
  return {
    type: "span",
    run_id: e.runId,
    span_id: stableSpanId(e, fields.kind),
    parent_id: null,
    // Not before the epoch: a huge duration_ms would leave the times Date can format.
    t0: formatTimeUs(Math.max(0, e.timeUs - Math.round(durationMs * 1000))),
    t1: formatTimeUs(e.timeUs),
    iteration: toInt(e.attrs["loopscope.iteration"]),
    task_id: toText(e.attrs["loopscope.task_id"]),
    ...fields,
    meta: {
      ...withoutKeys(e.attrs, fields.input !== undefined ? TOOL_INPUT_KEYS : []),
      sequence: e.sequence,
      event: e.name,
    },
  };
}

function withoutKeys(attrs: Attrs, keys: readonly string[]): Attrs {
  if (keys.length === 0) return attrs;
  const out = { ...attrs };
  for (const key of keys) delete out[key];
  return out;
}

function toolInputOf(attrs: Attrs): unknown {
  for (const key of TOOL_INPUT_KEYS) {
    const v = attrs[key];
    if (v !== undefined && v !== null && v !== "") return parseJsonText(v);
  }
  return undefined;
}

function toolResult(e: LogEvent): SpanWire {
  const success = toBool(e.attrs.success);
  const failure = toText(e.attrs.error) ?? toText(e.attrs.error_type);
  const ok = success ?? failure === null;
  const input = toolInputOf(e.attrs);
  return span(e, {
    name: (toText(e.attrs.tool_name) ?? "unknown_tool").slice(0, 1000),
    kind: "tool",
    ok,
    error: ok ? "" : (failure ?? "failed"),
    ...(input !== undefined ? { input } : {}),
  });
}

function toolDecision(e: LogEvent): EventWire {
  const decision = (toText(e.attrs.decision) ?? toText(e.attrs.decision_type) ?? "").toLowerCase();
  const source = toText(e.attrs.source) ?? toText(e.attrs.decision_source);
  const fields = { tool: toText(e.attrs.tool_name), detail: source };
  if (decision === "reject") return event(e, "permission_denied", fields);
  if (decision === "accept" && source?.startsWith("user")) return event(e, "permission_granted", fields);
  return event(e, "tool_decision", fields);
}

function apiRequest(e: LogEvent): OtlpWireRecord[] {
  const model = toText(e.attrs.model);
  const llm = span(e, {
    name: "api_request",
    kind: "llm",
    ok: true,
    error: "",
    tokens_in: toCount(e.attrs.input_tokens),
    tokens_out: toCount(e.attrs.output_tokens),
    cost_usd: toNumber(e.attrs.cost_usd),
  });
  return [llm, event(e, "api_request", { detail: model })];
}

function apiError(e: LogEvent): EventWire {
  const status = toInt(e.attrs.status_code);
  return event(e, "api_error", {
    detail: toText(e.attrs.error),
    status: status !== null && status >= 100 && status <= 599 ? status : null,
    attempt: toInt(e.attrs.attempt),
  });
}

function compaction(e: LogEvent): EventWire {
  const failed = toBool(e.attrs.success) === false || toText(e.attrs.error) !== null;
  return event(e, failed ? "compaction_failed" : "compaction", { detail: toText(e.attrs.error) });
}

/** The wire records one Claude Code (or any named) log event becomes. */
export function mapClaudeCodeEvent(e: LogEvent): OtlpWireRecord[] {
  switch (e.name) {
    case "tool_result":
      return [toolResult(e)];
    case "tool_decision":
      return [toolDecision(e)];
    case "api_request":
      return apiRequest(e);
    case "api_error":
      return [apiError(e)];
    case "compaction":
      return [compaction(e)];
    case null:
      return [event(e, "log", { detail: e.body?.slice(0, DETAIL_MAX_CHARS) ?? null, severity: e.severity })];
    default:
      return [event(e, e.name.slice(0, 200), { tool: toText(e.attrs.tool_name) })];
  }
}
