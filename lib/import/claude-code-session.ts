// docs/import.md#claude-code — one Claude Code session, line by line: the
// mapping both Claude Code importers share (claude-code.ts reads the line
// times from the transcript, claude-code-stream.ts estimates them). Lines are
// dispatched by type: assistant lines to the model and tool calls
// (claude-code-calls.ts), user lines to tool results, prompts (a new turn)
// and the user's interruptions and commands, system lines to compactions and
// API errors. The run record comes last, when the file has said all it knows
// (its name: the `summary` line, else the first prompt), with the shape the
// importer names (a transcript is `interactive`, headless output
// `autonomous`) and the outcome it found. Lines that carry nothing are
// skipped with their kind (`system:<subtype>`, `assistant:synthetic`).
// O(blocks) per line.
import { clipAtWord } from "../format-clip";
import { formatTimeUs } from "../time";
import type { RunShape } from "../schemas/run-outcome";
import type { ImportContext, ImportFormat, ImportOutput, RunWire } from "./types";
import {
  blocksOf,
  commandOf,
  INTERRUPT_PREFIX,
  isRealPrompt,
  sessionOf,
  textOf,
  type CcLine,
} from "./claude-code-lines";
import {
  apiErrorLineEvent,
  apiErrorMessageEvent,
  ccEvent,
  compactionEvent,
  microcompactionEvent,
} from "./claude-code-events";
import { chainOf, createState, MAIN_CHAIN, type CcState } from "./claude-code-state";
import { assistantLine, closeAllMessages, closeOpenTools, toolResult } from "./claude-code-calls";

const NAME_MAX_CHARS = 80;
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

function noteInfo(s: CcState, l: CcLine): void {
  const raw = l as Record<string, unknown>;
  s.info.cwd ??= str(l.cwd);
  s.info.branch ??= str(l.gitBranch);
  s.info.version ??= str(l.version) ?? str(raw.claude_code_version);
  if (l.type === "system" && l.subtype === "init") {
    s.info.model ??= str(raw.model);
    const mode = str(raw.permissionMode);
    if (mode !== null) s.labels.permission_mode = mode;
  }
}

function assistant(s: CcState, l: CcLine, lineNo: number, tsUs: number, chain: string): ImportOutput[] {
  if (l.isApiErrorMessage || l.message?.model === "<synthetic>") {
    const text = textOf(l);
    if (!l.isApiErrorMessage && !text.trim().startsWith("API Error"))
      return [{ lineNo, skipped: true, kind: "assistant:synthetic" }];
    return [{ lineNo, record: apiErrorMessageEvent(s, l, tsUs, text) }];
  }
  return assistantLine(s, l, lineNo, tsUs, chain);
}

function user(s: CcState, l: CcLine, lineNo: number, tsUs: number, chain: string): ImportOutput[] {
  const results = blocksOf(l).filter((b) => b.type === "tool_result");
  const out = results.flatMap((b) => toolResult(s, l, lineNo, tsUs, b, results.length === 1));
  if (chain !== MAIN_CHAIN) return out;
  const text = textOf(l).trim();
  const sourceId = l.uuid ?? null;
  if (text.startsWith(INTERRUPT_PREFIX))
    out.push({ lineNo, record: ccEvent(s, tsUs, "interrupted", sourceId, { detail: text.slice(0, 200) }) });
  if (commandOf(text) === "clear")
    out.push({ lineNo, record: ccEvent(s, tsUs, "context_cleared", sourceId, { detail: "/clear" }) });
  if (l.isCompactSummary) {
    if (!s.boundaryPending)
      out.push({ lineNo, record: ccEvent(s, tsUs, "compaction", sourceId, { detail: "summary" }) });
    s.boundaryPending = false;
  }
  if (isRealPrompt(l)) {
    out.push(...closeAllMessages(s));
    const command = commandOf(text);
    s.firstPrompt ??= command !== null ? `/${command}` : text;
    s.turnLineNo = lineNo;
    out.push(...s.transcript.prompt(promptKey(s, l, lineNo), lineNo, tsUs, textOf(l)));
  }
  return out;
}

/** A turn's key: the prompt's uuid (its line number when it has none, or when an earlier prompt had the same). */
function promptKey(s: CcState, l: CcLine, lineNo: number): string {
  const key = l.uuid && !s.promptKeys.has(l.uuid) ? l.uuid : `line-${lineNo}`;
  s.promptKeys.add(key);
  return key;
}

function system(s: CcState, l: CcLine, lineNo: number, tsUs: number): ImportOutput[] {
  switch (l.subtype) {
    case "compact_boundary":
      s.boundaryPending = true;
      return [{ lineNo, record: compactionEvent(s, l, tsUs) }];
    case "microcompact_boundary":
      return [{ lineNo, record: microcompactionEvent(s, l, tsUs) }];
    case "api_error":
      return [{ lineNo, record: apiErrorLineEvent(s, l, tsUs) }];
    case "init":
      return [];
    default: {
      const cleared = typeof l.content === "string" && commandOf(l.content) === "clear";
      if (!cleared) return [{ lineNo, skipped: true, kind: l.subtype ? `system:${l.subtype}` : "system" }];
      return [{ lineNo, record: ccEvent(s, tsUs, "context_cleared", l.uuid ?? null, { detail: "/clear" }) }];
    }
  }
}

function dispatch(s: CcState, l: CcLine, lineNo: number, tsUs: number): ImportOutput[] {
  for (const t of s.awaitingNext) t.nextUs ??= tsUs;
  s.awaitingNext = [];
  if (l.uuid) s.timeByUuid.set(l.uuid, tsUs);
  s.firstLineNo ??= lineNo;
  s.firstUs ??= tsUs;
  noteInfo(s, l);
  const chain = chainOf(s, l);
  if (chain === MAIN_CHAIN && (l.type === "user" || l.type === "assistant")) s.mainSeen = true;
  let out: ImportOutput[];
  if (l.type === "assistant") out = assistant(s, l, lineNo, tsUs, chain);
  else if (l.type === "user") out = user(s, l, lineNo, tsUs, chain);
  else if (l.type === "system") out = system(s, l, lineNo, tsUs);
  else out = l.type === "result" ? [] : [{ lineNo, skipped: true, kind: l.type }];
  if (chain === MAIN_CHAIN || s.mainSeen) s.transcript.touch(lineNo, tsUs);
  s.prevUs = tsUs;
  return out;
}

/** The run record: name, agent, shape, outcome, and the labels repo (the cwd's base name), branch, version. */
function runRecord(s: CcState, shape: RunShape): RunWire {
  const repo =
    s.info.cwd
      ?.replace(/[\\/]+$/, "")
      .split(/[\\/]/)
      .pop() ?? null;
  const labels: Record<string, string> = { ...s.labels };
  if (repo) labels.repo = repo;
  if (s.info.branch) labels.branch = s.info.branch;
  if (s.info.version) labels.version = s.info.version;
  const name = s.summary ?? (s.firstPrompt ? clipAtWord(s.firstPrompt.split("\n")[0] ?? "", NAME_MAX_CHARS) : null);
  // A subagent's file, or one of several sessions joining a named run, must not move the run's start.
  const own = s.mainSeen && s.ctx.runId === null;
  return {
    type: "run",
    run_id: s.runId,
    ...(s.mainSeen && name ? { name } : {}),
    agent: "claude-code",
    shape,
    ...(s.outcome !== null ? { outcome: s.outcome } : {}),
    ...(own && s.firstUs !== null ? { started_at: formatTimeUs(s.firstUs) } : {}),
    labels,
    source_id: s.sessionId,
    source_format: s.format,
  };
}

export type CcSession = {
  /** One validated line; `tsUs` is its time (null only for a `summary` line). */
  push(l: CcLine, lineNo: number, tsUs: number | null): ImportOutput[];
  end(): ImportOutput[];
  /** The session's state once a line named it (the stream importer reads it). */
  state(): CcState | null;
};

export type CcSessionOptions = { shape: RunShape };
const MAX_SUMMARY_LINES = 10_000;

/**
 * docs/import.md#claude-code: a session written by headless `claude -p` (its lines say
 * `entrypoint: "sdk-cli"`) has no human in it: one autonomous session, or — when the
 * upload joins sessions into a named run, as a loop script's folder is — one attempt of a loop.
 */
function shapeOf(shape: RunShape, headless: boolean, ctx: ImportContext): RunShape {
  if (shape !== "interactive" || !headless) return shape;
  return ctx.runId !== null ? "loop" : "autonomous";
}

const isHeadless = (l: CcLine): boolean => {
  const entrypoint = (l as { entrypoint?: unknown }).entrypoint;
  return typeof entrypoint === "string" && entrypoint.startsWith("sdk");
};

export function createCcSession(format: ImportFormat, ctx: ImportContext, opts: CcSessionOptions): CcSession {
  let s: CcState | null = null;
  let summary: string | null = null;
  /** Summary lines before any line named the session: a file of only these stores nothing, and says so. */
  let summaryLines: number[] = [];
  let headless = false;
  return {
    push(l, lineNo, tsUs) {
      if (l.type === "summary") {
        summary ??= str(l.summary);
        if (s) s.summary ??= summary;
        else if (summaryLines.length < MAX_SUMMARY_LINES) summaryLines.push(lineNo);
        return [];
      }
      const sessionId = sessionOf(l);
      if (s === null) {
        if (sessionId === null) return [{ lineNo, error: `${l.type} line: missing "sessionId"` }];
        s = createState(format, ctx, sessionId);
        s.summary = summary;
        summaryLines = [];
      }
      if (tsUs === null) return [{ lineNo, error: `${l.type} line: missing "timestamp"` }];
      headless ||= isHeadless(l);
      return dispatch(s, l, lineNo, tsUs);
    },
    end() {
      // Claude Code writes files of summary lines only (a session's title, pointing into another file): read, nothing to store.
      if (s === null) return summaryLines.map((lineNo) => ({ lineNo, skipped: true as const, kind: "summary" }));
      // A live file's calls of the current turn may still be answered: kept back, not failed.
      const keptBack = s.ctx.live ? s.turnLineNo : Infinity;
      const out = [...closeAllMessages(s), ...closeOpenTools(s, keptBack), ...s.transcript.end()];
      out.push({ lineNo: s.firstLineNo ?? 1, record: runRecord(s, shapeOf(opts.shape, headless, ctx)) });
      return out;
    },
    state: () => s,
  };
}
