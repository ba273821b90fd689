// docs/import.md#claude-code — what a Claude Code session mapper carries from
// line to line: the session and its run, the times of earlier lines (an
// answer starts at the line it answers), the responses and tool calls still
// open, the subagent chains (a sidechain, a subagents/ file, or the stream's
// `parent_tool_use_id`) with the call each nests under, and the turn
// accumulator. Memory O(lines) for the line times, O(open calls) otherwise.
import { createTranscript, type Transcript } from "./transcript/turns";
import type { SpanTurn } from "./transcript/span-turns";
import type { CcLine } from "./claude-code-lines";
import { blocksOf, isSidechain, textOf } from "./claude-code-lines";
import { subagentSpanId, toolSpanId, type OpenMessage, type OpenTool } from "./claude-code-spans";
import type { OutcomeInput } from "../schemas/run-outcome";
import type { ImportContext, ImportFormat } from "./types";

/** A subagent chain: the call it nests under, and that call's turn ("parent": a call this file does not hold). */
export type Chain = { parentSpanId: string | null; agentId: string | null; turn: SpanTurn };
export const MAIN_CHAIN = "main";

export type CcState = {
  format: ImportFormat;
  ctx: ImportContext;
  sessionId: string;
  runId: string;
  transcript: Transcript;
  summary: string | null;
  firstPrompt: string | null;
  info: { cwd: string | null; branch: string | null; version: string | null; model: string | null };
  /** Labels beyond repo/branch/version (the stream's permission mode, its timing). */
  labels: Record<string, string>;
  firstLineNo: number | null;
  firstUs: number | null;
  timeByUuid: Map<string, number>;
  prevUs: number | null;
  messages: Map<string, OpenMessage>;
  chainMessage: Map<string, string>;
  tools: Map<string, OpenTool>;
  awaitingNext: OpenTool[];
  chains: Map<string, Chain>;
  chainOfUuid: Map<string, string>;
  subagentCalls: Map<string, number>;
  subagentPrompts: Map<string, number>;
  spanOfToolUse: Map<string, string>;
  /** A main-conversation line was seen: subagent work counts towards its turns. */
  mainSeen: boolean;
  boundaryPending: boolean;
  /** tool_use ids already reported as `permission_denied`. */
  denied: Set<string>;
  /** The line of the current turn's prompt (0 before the first): a live file keeps its open calls back. */
  turnLineNo: number;
  /** The turn keys given so far: a prompt whose uuid repeats an earlier one's is keyed by its line. */
  promptKeys: Set<string>;
  /** What the file says of the run's outcome (a headless session's `result`); null: nothing. */
  outcome: OutcomeInput | null;
};

export function createState(format: ImportFormat, ctx: ImportContext, sessionId: string): CcState {
  const runId = ctx.runId ?? `cc-${sessionId}`;
  return {
    format,
    ctx,
    sessionId,
    runId,
    transcript: createTranscript({ format, runId, sessionId, observesFiles: true }),
    summary: null,
    firstPrompt: null,
    info: { cwd: null, branch: null, version: null, model: null },
    labels: {},
    firstLineNo: null,
    firstUs: null,
    timeByUuid: new Map(),
    prevUs: null,
    messages: new Map(),
    chainMessage: new Map(),
    tools: new Map(),
    awaitingNext: [],
    chains: new Map(),
    chainOfUuid: new Map(),
    subagentCalls: new Map(),
    subagentPrompts: new Map(),
    spanOfToolUse: new Map(),
    mainSeen: false,
    boundaryPending: false,
    denied: new Set(),
    turnLineNo: 0,
    promptKeys: new Set(),
    outcome: null,
  };
}

/** Count one more use of a key; returns the new count (1, 2, …). */
export function bump(counts: Map<string, number>, key: string): number {
  const k = (counts.get(key) ?? 0) + 1;
  counts.set(key, k);
  return k;
}

/** The prompt that opens a subagent: the text of a user line without tool results. */
function promptOf(l: CcLine): string | null {
  if (l.type !== "user" || blocksOf(l).some((b) => b.type === "tool_result")) return null;
  const text = textOf(l).trim();
  return text === "" ? null : text;
}

/** The turn of the call a subagent chain nests under: the open call's, else its parent span's (placed at ingest). */
function callTurn(s: CcState, toolUseId: string | null, parentSpanId: string | null): SpanTurn {
  if (parentSpanId === null) return null;
  const call =
    toolUseId !== null ? s.tools.get(toolUseId) : [...s.tools.values()].find((t) => t.spanId === parentSpanId);
  return call?.turn ?? "parent";
}

/** The chain a line belongs to; a subagent chain is created at its first line. */
export function chainOf(s: CcState, l: CcLine): string {
  if (!isSidechain(l)) return MAIN_CHAIN;
  const byTool = l.parent_tool_use_id ?? null;
  const byParent = l.parentUuid ? s.chainOfUuid.get(l.parentUuid) : undefined;
  const key = byTool !== null ? `tool:${byTool}` : l.agentId ? `agent:${l.agentId}` : (byParent ?? `line:${l.uuid}`);
  if (l.uuid) s.chainOfUuid.set(l.uuid, key);
  if (!s.chains.has(key)) {
    const prompt = promptOf(l);
    const parentSpanId =
      byTool !== null
        ? (s.spanOfToolUse.get(byTool) ?? toolSpanId(byTool))
        : prompt !== null
          ? subagentSpanId(s.sessionId, prompt, bump(s.subagentPrompts, prompt))
          : null;
    s.chains.set(key, { parentSpanId, agentId: l.agentId ?? null, turn: callTurn(s, byTool, parentSpanId) });
  }
  return key;
}
