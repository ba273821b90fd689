// docs/import.md#codex-cli-sessions — Codex CLI rollouts
// (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): lines
// `{"timestamp","type","payload"}`. `session_meta` → the run
// (codex-session.ts); `turn_context` → the model of later calls;
// `response_item` calls and their outputs → tool spans (codex-calls.ts);
// `event_msg` `user_message` → a new turn (iteration), `token_count` → a
// model call (codex-model-calls.ts), `turn_aborted` → `interrupted`,
// `error` → `api_error`; `compacted` → `compaction`. Messages, reasoning,
// the UI's mirror events (agent_message, exec_command_end, …) and unknown
// line types are skipped and counted. O(1) per line; memory O(open calls).
import { parseTimeUs, formatTimeUs } from "../time";
import type { ImportContext, ImportMapper, ImportOutput, Importer, JsonItem } from "./types";
import { CODEX_FORMAT, closeCall, readCall, type CallKind } from "./codex-calls";
import { readCallOutput } from "./codex-output";
import { modelCallRecords, modelUsageOf, readTokenCount } from "./codex-model-calls";
import {
  apiErrorOf,
  event,
  isPreamble,
  nameRun,
  openSession,
  sessionIdOfFileName,
  sessionMetaRun,
  type Line,
  type Session,
} from "./codex-session";
import { todoItemsOf } from "./transcript/todos";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const LINE_TYPES = new Set(["session_meta", "turn_context", "response_item", "event_msg", "compacted"]);
const CALL_KINDS = new Set<string>(["function_call", "custom_tool_call", "local_shell_call"]);
const OUTPUT_KINDS = new Set(["function_call_output", "custom_tool_call_output", "local_shell_call_output"]);
/** A line of a kind that carries nothing for Loopscope: counted as skipped. */
const SKIP = "skip" as const;
type Mapped = ImportOutput[] | typeof SKIP;

/** Calls still open fail with no result, at this line's time; those from line `keptBackFrom` on stay open. */
function interruptOpenCalls(s: Session, l: Line, keptBackFrom = Infinity): ImportOutput[] {
  const out: ImportOutput[] = [];
  for (const call of s.open.values()) {
    if (call.lineNo >= keptBackFrom) continue;
    const closed = closeCall(call, null, l, { runId: s.runId, spanId: `${s.id}:${call.callId}` });
    s.transcript.toolResult(l.lineNo, l.tsUs, closed.outcome);
    out.push(...closed.outputs);
    s.open.delete(call.callId);
  }
  return out;
}

function responseItem(s: Session, l: Line): Mapped {
  const kind = String(l.p.type);
  if (CALL_KINDS.has(kind)) {
    const call = readCall(kind as CallKind, l.p, l.lineNo, l.tsUs);
    if (typeof call === "string") return [{ lineNo: l.lineNo, error: call }];
    s.open.set(call.callId, call);
    const todos = call.name === "update_plan" ? todoItemsOf(call.input) : null;
    return todos !== null ? s.transcript.todoList(l.lineNo, l.tsUs, todos, call.callId) : [];
  }
  if (!OUTPUT_KINDS.has(kind)) return SKIP;
  const call = typeof l.p.call_id === "string" ? s.open.get(l.p.call_id) : undefined;
  if (call === undefined) return SKIP;
  s.open.delete(call.callId);
  const closed = closeCall(call, readCallOutput(l.p.output), l, { runId: s.runId, spanId: `${s.id}:${call.callId}` });
  s.transcript.toolResult(l.lineNo, l.tsUs, closed.outcome);
  return closed.outputs;
}

function tokenCount(s: Session, l: Line): Mapped {
  const report = readTokenCount(l.p, s.tokens);
  if (report === null) return SKIP;
  s.modelCalls += 1;
  s.lastContextTokens = report.usage.input;
  if (report.contextWindow !== null) s.transcript.contextWindow(report.contextWindow);
  s.transcript.modelCall(l.lineNo, l.tsUs, s.model, modelUsageOf(report.usage));
  const sourceId = `token_count#${s.modelCalls}`;
  const at = { lineNo: l.lineNo, t0Us: s.callStartUs, t1Us: l.tsUs };
  s.callStartUs = l.tsUs;
  return modelCallRecords(report, s.model, at, { runId: s.runId, spanId: `${s.id}:llm-${s.modelCalls}`, sourceId });
}

function eventMsg(s: Session, l: Line): Mapped {
  const p = l.p;
  switch (p.type) {
    case "user_message": {
      const prompt = typeof p.message === "string" ? p.message : "";
      const run = nameRun(s, prompt);
      s.callStartUs = l.tsUs;
      s.turnLineNo = l.lineNo;
      const out = s.transcript.prompt(formatTimeUs(l.tsUs), l.lineNo, l.tsUs);
      return run !== null ? [...out, { lineNo: l.lineNo, record: run }] : out;
    }
    case "token_count":
      return tokenCount(s, l);
    case "turn_aborted": {
      const reason = typeof p.reason === "string" ? p.reason : "interrupted";
      return [...interruptOpenCalls(s, l), event(s, l, "interrupted", { detail: reason })];
    }
    case "error":
      return [event(s, l, "api_error", apiErrorOf(p))];
    default:
      return SKIP;
  }
}

/** A compaction: its detail is the context of the last model call before it, when known. */
function compacted(s: Session, l: Line): Mapped {
  const before = s.lastContextTokens;
  return [event(s, l, "compaction", { detail: before !== null ? `tokens before: ${before}` : "compacted" })];
}

function mapLine(s: Session, type: string, l: Line): Mapped {
  if (type === "turn_context") {
    if (typeof l.p.model === "string" && l.p.model !== "") s.model = l.p.model;
    return [];
  }
  if (type === "response_item") return responseItem(s, l);
  if (type === "event_msg") return eventMsg(s, l);
  return compacted(s, l);
}

function createMapper(ctx: ImportContext): ImportMapper<JsonItem> {
  let s: Session | null = null;

  function* push({ lineNo, value }: JsonItem): Iterable<ImportOutput> {
    if (!isObj(value)) return yield { lineNo, error: "not a JSON object" };
    const tsUs = parseTimeUs(value.timestamp);
    if (tsUs === null) return yield { lineNo, error: 'missing or unreadable "timestamp"' };
    const type = typeof value.type === "string" ? value.type : "";
    if (!LINE_TYPES.has(type)) return yield { lineNo, skipped: true };
    if (!isObj(value.payload)) return yield { lineNo, error: `${type}: missing "payload"` };
    const l: Line = { lineNo, tsUs, p: value.payload };
    if (type === "session_meta") {
      if (s !== null) return yield { lineNo, skipped: true };
      const meta = sessionMetaRun(l.p, ctx, tsUs);
      if (typeof meta === "string") return yield { lineNo, error: meta };
      s = openSession(ctx, meta.sessionId, lineNo, tsUs);
      return yield { lineNo, record: meta.run };
    }
    const fromName = sessionIdOfFileName(ctx.fileName);
    if (s === null && fromName !== null) s = openSession(ctx, fromName, lineNo, tsUs);
    if (s === null) return yield { lineNo, error: 'no "session_meta" line before this one: the session is unknown' };
    if (!isPreamble(type, l.p)) s.transcript.touch(lineNo, tsUs);
    s.lastUs = Math.max(s.lastUs, tsUs);
    s.lastLineNo = lineNo;
    const out = mapLine(s, type, l);
    if (out === SKIP) yield { lineNo, skipped: true };
    else yield* out;
  }

  return {
    push,
    *end() {
      if (s === null) return;
      // A live file's calls of the current turn may still be answered: kept back, not failed.
      const keptBack = ctx.live ? s.turnLineNo : Infinity;
      yield* interruptOpenCalls(s, { lineNo: s.lastLineNo, tsUs: s.lastUs, p: {} }, keptBack);
      yield* s.transcript.end();
    },
  };
}

export const codexImporter: Importer = { format: CODEX_FORMAT, input: "json", create: createMapper };
