// docs/import.md#detection — which format a file is in, read from its first
// lines: the keys of its first JSON values (a JSONL line, or the whole
// document when the file is one pretty-printed JSON value), or a Markdown
// iteration heading. Clues are checked line by line over the first lines, so
// a Claude Code file that opens with snapshot lines is still found. Pure;
// O(sample).
import { RECORD_TYPES } from "../schemas/records";
import { OBSERVATION_TYPES } from "./langfuse-observations";
import type { ImportFormat } from "./types";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (o: Obj, ...keys: string[]) => keys.every((k) => k in o);

const CLAUDE_TYPES = new Set(["user", "assistant", "system", "summary", "attachment"]);
const CODEX_TYPES = new Set(["session_meta", "turn_context", "response_item", "event_msg", "compacted"]);
const STREAM_TYPES = new Set(["system", "assistant", "user", "result", "stream_event"]);
const LANGFUSE_EVENT_RE =
  /^(trace|span|generation|event|agent|tool|chain|retriever|evaluator|embedding|guardrail|observation|score|sdk-log)-(create|update|log)$/;

/** The format one JSON value (a line or a document) is written in, or null when it says nothing. */
export function classifyValue(v: unknown): ImportFormat | null {
  if (Array.isArray(v)) return v.length > 0 ? classifyValue(v[0]) : null;
  if (!isObj(v)) return null;
  if ("resourceSpans" in v || "resourceLogs" in v || "resourceMetrics" in v) return "otlp-json";
  if (isObj(v.result) && ("resourceSpans" in v.result || "resourceLogs" in v.result)) return "otlp-json";
  if (Array.isArray(v.batch)) return "langfuse";
  if (Array.isArray(v.observations)) return "langfuse";
  if (Array.isArray(v.data)) {
    const first = v.data[0];
    if (isObj(first) && has(first, "traceID", "spans")) return "jaeger";
    if (isObj(first) && typeof first.object === "string" && first.object.startsWith("trace")) return "openai-agents";
    if (isObj(first) && "span_kind" in first) return "openinference";
    return null;
  }
  if (has(v, "traceID", "spans")) return "jaeger";
  const trajectory = trajectoryFormat(v);
  if (trajectory !== null) return trajectory;
  if (v.object === "trace" || v.object === "trace.span") return "openai-agents";
  if (typeof v.type === "string" && LANGFUSE_EVENT_RE.test(v.type) && "body" in v) return "langfuse";
  if (typeof v.type === "string" && CODEX_TYPES.has(v.type) && "payload" in v && "timestamp" in v) return "codex";
  if (typeof v.type === "string" && CLAUDE_TYPES.has(v.type) && has(v, "sessionId", "uuid")) return "claude-code";
  if (v.type === "summary" && "leafUuid" in v) return "claude-code";
  if (v.type === "file-history-snapshot") return "claude-code";
  if (typeof v.type === "string" && STREAM_TYPES.has(v.type) && "session_id" in v) return "claude-code-stream";
  if ("span_kind" in v && ("context" in v || "context.span_id" in v || has(v, "span_id", "trace_id"))) {
    return "openinference";
  }
  if (typeof v.type === "string" && OBSERVATION_TYPES.has(v.type) && has(v, "traceId", "startTime")) return "langfuse";
  if (typeof v.type === "string" && (RECORD_TYPES as readonly string[]).includes(v.type)) return "loopscope";
  if (v.type === undefined && has(v, "name", "t0")) return "loopscope";
  return null;
}

const CHAT_ROLES = new Set(["system", "user", "assistant", "tool", "developer"]);
const isChatMessage = (m: unknown) => isObj(m) && typeof m.role === "string" && CHAT_ROLES.has(m.role);

/** The agent-run documents: mini-swe-agent and SWE-agent trajectories, Gemini CLI sessions, OpenAI chat runs. */
function trajectoryFormat(v: Obj): ImportFormat | null {
  const info = isObj(v.info) ? v.info : null;
  if (Array.isArray(v.trajectory) && (info !== null || "environment" in v || "history" in v)) return "swe-agent";
  if (
    Array.isArray(v.messages) &&
    (typeof v.trajectory_format === "string" || (info !== null && "exit_status" in info))
  ) {
    return "mini-swe-agent";
  }
  if (Array.isArray(v.messages) && has(v, "sessionId", "projectHash")) return "gemini-cli";
  const chat = Array.isArray(v.messages) ? v.messages : Array.isArray(v.traj) ? v.traj : null;
  if (chat !== null && chat.length > 0 && chat.every(isChatMessage)) return "openai-chat";
  // A run written as a bare list of messages: its first element is one.
  if (isChatMessage(v) && !("type" in v) && ("content" in v || "tool_calls" in v)) return "openai-chat";
  return null;
}

const ITERATION_HEADING_RE = /^#{1,3}\s*Iteration\s+\d+/im;

/** How a file is read: line by line, or as one JSON document. */
export type FileShape = "lines" | "document";

/**
 * The format and shape of a file from its head (the first KiB of text). A
 * file that says nothing recognisable is read as Loopscope JSONL, whose line
 * errors then say what is wrong.
 */
export function detectFormat(head: string): { format: ImportFormat; shape: FileShape } {
  const text = head.replace(/^\uFEFF/, "");
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    return { format: ITERATION_HEADING_RE.test(text) ? "iteration-log" : "loopscope", shape: "lines" };
  }
  const lines = text.split("\n", 50).filter((l) => l.trim() !== "");
  let parsedAny = false;
  for (const line of lines.slice(0, 20)) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A broken first line is a bad JSONL line, not a document, when most later lines are
      // records; a pretty-printed document has at most a few lines that parse on their own.
      if (!parsedAny && !mostlyRecords(lines.slice(1, 20))) return { format: documentFormat(text), shape: "document" };
      continue;
    }
    parsedAny = true;
    if (Array.isArray(value)) return { format: classifyValue(value) ?? "loopscope", shape: "document" };
    const format = classifyValue(value);
    if (format !== null) return { format, shape: "lines" };
  }
  return { format: "loopscope", shape: "lines" };
}

/** Whether at least half of these lines (and at least one) are JSONL records. */
function mostlyRecords(lines: string[]): boolean {
  const records = lines.filter(isRecordLine).length;
  return records > 0 && records * 2 >= lines.length;
}

/** Whether a line is a JSON object with keys on its own: a JSONL record, never a line of a pretty-printed document. */
function isRecordLine(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return isObj(value) && Object.keys(value).length > 0;
  } catch {
    return false;
  }
}

/** A document's format from its head: the first object's keys, read from its opening text. */
function documentFormat(text: string): ImportFormat {
  const probe = (k: string) => new RegExp(`"${k}"\\s*:`).test(text);
  if (probe("resourceSpans") || probe("resourceLogs")) return "otlp-json";
  if (probe("trajectory") && (probe("environment") || probe("exit_status"))) return "swe-agent";
  if (probe("trajectory_format") || (probe("exit_status") && probe("model_stats"))) return "mini-swe-agent";
  if (probe("sessionId") && probe("projectHash")) return "gemini-cli";
  if ((probe("traj") || probe("messages")) && /"role"\s*:\s*"(assistant|user|system|tool)"/.test(text))
    return "openai-chat";
  if (probe("traceID") && probe("spans")) return "jaeger";
  if (probe("span_kind")) return "openinference";
  if (probe("batch") || probe("observations")) return "langfuse";
  if (/"object"\s*:\s*"trace/.test(text)) return "openai-agents";
  return "loopscope";
}
