// docs/import.md#codex-cli-sessions — Codex CLI rollouts
// (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): lines
// `{"timestamp","type","payload"}`. `session_meta` → the run
// (codex-session.ts); `turn_context` → the model of later calls;
// `response_item` calls and their outputs → tool spans (codex-calls.ts);
// `event_msg` `user_message` → a new turn (iteration), unless Codex wrote it
// (its environment context, the user's instructions, AGENTS.md: skipped as
// `event_msg:user_message:injected`), `token_count` → a
// model call (codex-model-calls.ts), `turn_aborted` → `interrupted`,
// `error` → `api_error`; `compacted` → `compaction`; a `web_search_call`
// → a `web_search` tool span. An assistant `message` and a `reasoning`
// summary are the next model call's reply (its output and thinking_chars:
// docs/import.md#the-conversation). Other messages (the user's, the
// developer's), reasoning without a summary, the UI's mirror events
// (agent_message, agent_reasoning, exec_command_end, …), a line that is no
// record and unknown line types are skipped, each named by its kind
// (`event_msg:token_count`, `response_item:reasoning`, the line's type). Redacted content
// (`[REDACTED_* len=N sha=…]`) is kept as written: equal content, equal text.
// O(1) per line; memory O(open calls).
import { parseTimeUs, formatTimeUs } from "../time";
import type { ImportContext, ImportMapper, ImportOutput, Importer, JsonItem } from "./types";
import { CODEX_FORMAT, closeCall, readCall, webSearchSpan, type CallKind, type OpenCall } from "./codex-calls";
import { readCallOutput } from "./codex-output";
import { modelCallRecords, modelUsageOf, readTokenCount } from "./codex-model-calls";
import { addReplyItem, emptyReply } from "./codex-reply";
import {
  apiErrorOf,
  event,
  isInjectedMessage,
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
const KIND_RE = /^[\w:.-]{1,64}$/;
/** A type as a skip's kind: as written when it is a short name, else `unknown`. */
const kindName = (v: unknown): string => (typeof v === "string" && KIND_RE.test(v) ? v : "unknown");
/** A line of a kind that carries nothing for Loopscope: skipped, named by its kind. */
const skip = (l: { lineNo: number }, kind: string): ImportOutput[] => [{ lineNo: l.lineNo, skipped: true, kind }];

/** Where a call's records go; a call made before the session's first turn belongs to the one its result opens. */
const callIds = (s: Session, l: Line, call: OpenCall | null, spanId: string) => ({
  runId: s.runId,
  spanId,
  turn: call?.turn ?? s.transcript.turnAt(l.lineNo, l.tsUs),
});

/** Calls still open fail with no result, at this line's time; those from line `keptBackFrom` on stay open. */
function interruptOpenCalls(s: Session, l: Line, keptBackFrom = Infinity): ImportOutput[] {
  const out: ImportOutput[] = [];
  for (const call of s.open.values()) {
    if (call.lineNo >= keptBackFrom) continue;
    const closed = closeCall(call, null, l, callIds(s, l, call, `${s.id}:${call.callId}`));
    s.transcript.toolResult(l.lineNo, l.tsUs, closed.outcome);
    out.push(...closed.outputs);
    s.open.delete(call.callId);
  }
  return out;
}

function responseItem(s: Session, l: Line): ImportOutput[] {
  const kind = String(l.p.type);
  const replied = addReplyItem(s.reply, l.p); // the next model call's text or reasoning
  if (replied !== null) return replied ? [] : skip(l, `response_item:${kindName(kind)}`);
  if (kind === "web_search_call") {
    const search = webSearchSpan(l.p, l, callIds(s, l, null, `${s.id}:web_search-${(s.webSearches += 1)}`));
    s.transcript.toolResult(l.lineNo, l.tsUs, search.outcome);
    return search.outputs;
  }
  if (CALL_KINDS.has(kind)) {
    const call = readCall(kind as CallKind, l.p, { lineNo: l.lineNo, tsUs: l.tsUs, turn: s.transcript.openTurn() });
    if (typeof call === "string") return [{ lineNo: l.lineNo, error: call }];
    s.open.set(call.callId, call);
    const todos = call.name === "update_plan" ? todoItemsOf(call.input) : null;
    return todos !== null ? s.transcript.todoList(l.lineNo, l.tsUs, todos, call.callId) : [];
  }
  if (!OUTPUT_KINDS.has(kind)) return skip(l, `response_item:${kindName(kind)}`);
  const call = typeof l.p.call_id === "string" ? s.open.get(l.p.call_id) : undefined;
  if (call === undefined) return skip(l, `response_item:${kindName(kind)}`);
  s.open.delete(call.callId);
  const closed = closeCall(call, readCallOutput(l.p.output), l, callIds(s, l, call, `${s.id}:${call.callId}`));
  s.transcript.toolResult(l.lineNo, l.tsUs, closed.outcome);
  return closed.outputs;
}

function tokenCount(s: Session, l: Line): ImportOutput[] {
  const report = readTokenCount(l.p, s.tokens);
  if (report === null) return skip(l, "event_msg:token_count");
  s.modelCalls += 1;
  s.lastContextTokens = report.usage.input;
  if (report.contextWindow !== null) s.transcript.contextWindow(report.contextWindow);
  s.transcript.modelCall(l.lineNo, l.tsUs, s.model, modelUsageOf(report.usage));
  const sourceId = `token_count#${s.modelCalls}`;
  const at = { lineNo: l.lineNo, t0Us: s.callStartUs, t1Us: l.tsUs };
  s.callStartUs = l.tsUs;
  const ids = { runId: s.runId, spanId: `${s.id}:llm-${s.modelCalls}`, sourceId, turn: s.transcript.openTurn() };
  const reply = s.reply;
  s.reply = emptyReply();
  return modelCallRecords(report, s.model, at, ids, reply);
}

function eventMsg(s: Session, l: Line): ImportOutput[] {
  const p = l.p;
  switch (p.type) {
    case "user_message": {
      if (isInjectedMessage(p)) return skip(l, "event_msg:user_message:injected");
      const prompt = typeof p.message === "string" ? p.message : "";
      const run = nameRun(s, prompt);
      s.callStartUs = l.tsUs;
      s.turnLineNo = l.lineNo;
      s.reply = emptyReply(); // a reply no model call reported (an aborted turn's) is no call's
      const out = s.transcript.prompt(formatTimeUs(l.tsUs), l.lineNo, l.tsUs, prompt);
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
      return skip(l, `event_msg:${kindName(p.type)}`);
  }
}

/** A compaction: its detail is the context of the last model call before it, when known. */
function compacted(s: Session, l: Line): ImportOutput[] {
  const before = s.lastContextTokens;
  return [event(s, l, "compaction", { detail: before !== null ? `tokens before: ${before}` : "compacted" })];
}

function mapLine(s: Session, type: string, l: Line): ImportOutput[] {
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
    const type = isObj(value) && typeof value.type === "string" ? value.type : "";
    if (!isObj(value) || !KIND_RE.test(type)) return yield { lineNo, skipped: true, kind: "not-a-record" };
    if (!LINE_TYPES.has(type)) return yield { lineNo, skipped: true, kind: type };
    const tsUs = parseTimeUs(value.timestamp);
    if (tsUs === null) return yield { lineNo, error: 'missing or unreadable "timestamp"' };
    if (!isObj(value.payload)) return yield { lineNo, error: `${type}: missing "payload"` };
    const l: Line = { lineNo, tsUs, p: value.payload };
    if (type === "session_meta") {
      if (s !== null) return yield { lineNo, skipped: true, kind: "session_meta:repeated" };
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
    yield* mapLine(s, type, l);
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
