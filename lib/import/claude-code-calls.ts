// docs/import.md#claude-code — model calls and tool calls of a Claude Code
// session, line by line. An assistant line opens (or extends) its response
// and opens its tool calls; a response is closed — its llm span, an
// `api_request` event, its usage counted in the turn — when the next response
// of its chain starts, a new prompt comes, or the file ends. A tool_result
// closes its call: the tool span, a `permission_denied` event when the user or
// the permission mode refused it, what it did for the turn (errors, edits,
// files read, test runs). A TodoWrite call writes the todo list. A call without a result
// fails at the file's end, unless the file is live and the call is of its
// current turn (docs/import.md#watching-a-live-session). O(blocks) per line.
import { isTestCommand } from "./transcript/test-runs";
import { todoItemsOf } from "./transcript/todos";
import type { ImportOutput } from "./types";
import { blocksOf, type CcBlock, type CcLine } from "./claude-code-lines";
import { ccEvent } from "./claude-code-events";
import { bump, MAIN_CHAIN, type CcState } from "./claude-code-state";
import { NO_RESULT_ERROR } from "../ingest/span-precedence";
import { llmSpan, mergeUsage, subagentSpanId, toolSpan, toolSpanId, usageOf } from "./claude-code-spans";
import type { OpenTool } from "./claude-code-spans";
import type { SpanTurn } from "./transcript/span-turns";
import { SHELL_TOOLS, SUBAGENT_TOOLS, TODO_TOOL, editOf, errorLineOf, isPermissionDenial } from "./claude-code-tools";
import { resultTextOf, subjectOf } from "./claude-code-tools";
import { callFilesOf } from "./claude-code-files";

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The turn a call of this chain starts in: the open turn in the main conversation, the subagent call's otherwise. */
const turnOfChain = (s: CcState, chain: string): SpanTurn =>
  chain === MAIN_CHAIN ? s.transcript.openTurn() : (s.chains.get(chain)?.turn ?? null);

/** Close one open response: its span, its `api_request` event, its usage in the turn. */
export function closeMessage(s: CcState, id: string): ImportOutput[] {
  const m = s.messages.get(id);
  if (!m) return [];
  s.messages.delete(id);
  if (s.chainMessage.get(m.chain) === id) s.chainMessage.delete(m.chain);
  if (s.mainSeen) {
    s.transcript.modelCall(m.lastLineNo, m.t1Us, m.model, m.usage, { context: m.chain === MAIN_CHAIN });
  }
  const lineNo = m.lastLineNo;
  const event = ccEvent(s, m.firstUs, "api_request", m.sourceId, { detail: m.model });
  const turn = m.turn ?? (m.chain === MAIN_CHAIN ? s.transcript.openTurn() : null);
  return [
    { lineNo, record: llmSpan(s, m, turn) },
    { lineNo, record: event },
  ];
}

export function closeAllMessages(s: CcState): ImportOutput[] {
  return [...s.messages.keys()].flatMap((id) => closeMessage(s, id));
}

function openTool(s: CcState, l: CcLine, lineNo: number, tsUs: number, chain: string, b: CcBlock): ImportOutput[] {
  const id = str(b.id) ?? `${l.uuid ?? lineNo}#${s.tools.size}`;
  const name = str(b.name) ?? "unknown_tool";
  const prompt =
    SUBAGENT_TOOLS.has(name) && b.input && typeof b.input === "object"
      ? str((b.input as { prompt?: unknown }).prompt)
      : null;
  const spanId = prompt ? subagentSpanId(s.sessionId, prompt, bump(s.subagentCalls, prompt.trim())) : toolSpanId(id);
  if (prompt) s.spanOfToolUse.set(id, spanId);
  const c = s.chains.get(chain);
  const tool: OpenTool = {
    sourceId: id,
    spanId,
    name,
    input: b.input,
    t0Us: tsUs,
    lineNo,
    nextUs: null,
    parentSpanId: c?.parentSpanId ?? null,
    agentId: c?.agentId ?? null,
    messageId: l.message?.id ?? l.uuid ?? String(lineNo),
    chain,
    turn: turnOfChain(s, chain),
  };
  s.tools.set(id, tool);
  s.awaitingNext.push(tool);
  if (name !== TODO_TOOL || chain !== MAIN_CHAIN) return [];
  const items = todoItemsOf(b.input);
  return items ? s.transcript.todoList(lineNo, tsUs, items, id) : [];
}

/** An assistant line of a real response: extend (or open) the response — its text, its thinking's length — open its tool calls. */
export function assistantLine(s: CcState, l: CcLine, lineNo: number, tsUs: number, chain: string): ImportOutput[] {
  const msg = l.message!; // readCcLine checked it
  const id = msg.id ?? l.uuid ?? `line-${lineNo}`;
  const out: ImportOutput[] = [];
  const previous = s.chainMessage.get(chain);
  if (previous !== undefined && previous !== id) out.push(...closeMessage(s, previous));
  const c = s.chains.get(chain);
  const answered = l.parentUuid ? s.timeByUuid.get(l.parentUuid) : undefined;
  const m = s.messages.get(id) ?? {
    sourceId: id,
    model: msg.model ?? s.info.model ?? "claude",
    chain,
    parentSpanId: c?.parentSpanId ?? null,
    agentId: c?.agentId ?? null,
    t0Us: answered ?? s.prevUs ?? tsUs,
    firstUs: tsUs,
    t1Us: tsUs,
    lastLineNo: lineNo,
    usage: usageOf(null),
    stopReason: null,
    requestId: str((l as Record<string, unknown>).requestId),
    texts: [],
    thinkingChars: 0,
    turn: turnOfChain(s, chain),
  };
  m.usage = mergeUsage(m.usage, usageOf(msg.usage));
  m.t1Us = Math.max(m.t1Us, tsUs);
  m.lastLineNo = lineNo;
  m.stopReason = msg.stop_reason ?? m.stopReason;
  s.messages.set(id, m);
  s.chainMessage.set(chain, id);
  for (const b of blocksOf(l)) {
    if (b.type === "tool_use") out.push(...openTool(s, l, lineNo, tsUs, chain, b));
    else if (b.type === "text" && typeof b.text === "string") m.texts.push(b.text);
    else if (b.type === "thinking" && typeof b.thinking === "string") m.thinkingChars += b.thinking.length;
  }
  return out;
}

/** A tool_result block: close its call. `toolUseResult` only when it is the line's one result. */
export function toolResult(
  s: CcState,
  l: CcLine,
  lineNo: number,
  tsUs: number,
  b: CcBlock,
  single: boolean,
): ImportOutput[] {
  const id = str(b.tool_use_id);
  const tool = id !== null ? s.tools.get(id) : undefined;
  if (id === null || tool === undefined) return [];
  s.tools.delete(id);
  const text = resultTextOf(b);
  const ok = b.is_error !== true;
  const error = ok ? "" : errorLineOf(text);
  // A call with no turn yet started before the session's first: its result, counted below, opens it.
  const turn = tool.turn ?? (tool.chain === MAIN_CHAIN && s.mainSeen ? s.transcript.turnAt(lineNo, tsUs) : null);
  const end = { t1Us: tsUs, ok, error, output: text };
  const out: ImportOutput[] = [{ lineNo, record: toolSpan(s, tool, end, turn) }];
  if (!ok && isPermissionDenial(text)) {
    s.denied.add(id);
    const detail = subjectOf(tool.input);
    out.push({ lineNo, record: ccEvent(s, tsUs, "permission_denied", id, { tool: tool.name, detail }) });
  }
  if (s.mainSeen) {
    const command = SHELL_TOOLS.has(tool.name) ? str((tool.input as { command?: unknown } | null)?.command) : null;
    const result = single ? l.toolUseResult : undefined;
    const edit = ok ? editOf(tool.name, tool.input, result, s.info.cwd) : null;
    s.transcript.toolResult(lineNo, tsUs, {
      ok,
      ...(ok ? {} : { errorLine: error }),
      ...(edit ? { edit } : {}),
      ...(ok ? callFilesOf(tool.name, tool.input, result, s.info.cwd) : {}),
      ...(command !== null && isTestCommand(command) ? { testRun: true } : {}),
    });
  }
  return out;
}

/**
 * The file ended: every call still open failed without a result, ending at the
 * line after it — but a call from line `keptBackFrom` on is left out (a live
 * file's current turn: docs/import.md#watching-a-live-session).
 */
export function closeOpenTools(s: CcState, keptBackFrom = Infinity): ImportOutput[] {
  const out: ImportOutput[] = [];
  for (const tool of s.tools.values()) {
    if (tool.lineNo >= keptBackFrom) continue;
    const end = { t1Us: tool.nextUs ?? tool.t0Us, ok: false, error: NO_RESULT_ERROR, output: null };
    const turn = tool.turn ?? (tool.chain === MAIN_CHAIN ? s.transcript.openTurn() : null);
    out.push({ lineNo: tool.lineNo, record: toolSpan(s, tool, end, turn) });
  }
  s.tools.clear();
  return out;
}
