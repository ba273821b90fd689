// docs/import.md#codex-cli-sessions — one Codex session's state while its
// rollout is read: the run it lands in, the turn accumulator, the model of
// the latest turn_context, the open tool calls and where the next model
// call starts. The `session_meta` line opens it and yields the run record:
// run id `codex-<payload.id>` (or the upload's), agent `codex`, labels
// `repo:` (basename of `cwd`), `version:` (`cli_version`), `branch:`
// (`git.branch`), shape `interactive`. A file without one takes its session id from the rollout
// file name (`rollout-<time>-<uuid>.jsonl`). Also the session's line-level
// helpers: its events (source id: the line's `turn_id`, else kind@time),
// the lines that open a turn (and the user messages that do not: Codex's
// own), the status of an `error` line. O(1).
import { clipAtWord } from "../format-clip";
import { formatTimeUs, parseTimeUs } from "../time";
import type { ImportContext, ImportOutput, RunWire } from "./types";
import { CODEX_FORMAT, type OpenCall } from "./codex-calls";
import type { TokenState } from "./codex-model-calls";
import { emptyReply, type CodexReply } from "./codex-reply";
import { createTranscript, type Transcript } from "./transcript/turns";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** A Codex session is a conversation: a human prompts each turn. */
const SESSION_SHAPE = "interactive";
/** Until a turn_context names the model, model calls are named for the agent. */
export const UNKNOWN_MODEL = "codex";
const NAME_CHARS = 80;
const UUID_RE = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl(?:\.gz)?$/i;

/** One rollout line: its number, its time and its payload. */
export type Line = { lineNo: number; tsUs: number; p: Obj };

export type Session = {
  id: string;
  runId: string;
  /** The run is the session's own (not the upload's): its first prompt names it. */
  ownRun: boolean;
  named: boolean;
  transcript: Transcript;
  model: string;
  open: Map<string, OpenCall>;
  tokens: TokenState;
  modelCalls: number;
  /** The context of the last model call (its input tokens), for a compaction's detail. */
  lastContextTokens: number | null;
  /** Where the next model call starts: the previous call's end or the turn's prompt. */
  callStartUs: number;
  /** What the next model call wrote: the assistant messages and reasoning since the previous call. */
  reply: CodexReply;
  lastUs: number;
  lastLineNo: number;
  /** The line of the current turn's prompt (0 before the first): a live file keeps its open calls back. */
  turnLineNo: number;
  /** Web searches so far: the n-th one's span id. */
  webSearches: number;
};

export const codexRunId = (ctx: ImportContext, sessionId: string): string => ctx.runId ?? `codex-${sessionId}`;

export function openSession(ctx: ImportContext, sessionId: string, lineNo: number, tsUs: number): Session {
  const runId = codexRunId(ctx, sessionId);
  return {
    id: sessionId,
    runId,
    ownRun: ctx.runId === null,
    named: false,
    transcript: createTranscript({ format: CODEX_FORMAT, runId, sessionId, observesFiles: true }),
    model: UNKNOWN_MODEL,
    open: new Map(),
    tokens: { lastTotal: null },
    modelCalls: 0,
    lastContextTokens: null,
    callStartUs: tsUs,
    reply: emptyReply(),
    lastUs: tsUs,
    lastLineNo: lineNo,
    turnLineNo: 0,
    webSearches: 0,
  };
}

/** The session id of a rollout file's name, for a file that lost its session_meta line. */
export function sessionIdOfFileName(fileName: string | null): string | null {
  return fileName === null ? null : (UUID_RE.exec(fileName)?.[1] ?? null);
}

/** The run record of a session_meta payload; the reason when it has no id. */
export function sessionMetaRun(p: Obj, ctx: ImportContext, tsUs: number): { sessionId: string; run: RunWire } | string {
  const sessionId = str(p.id) ?? str(p.session_id);
  if (sessionId === null) return 'session_meta: missing "payload.id"';
  const cwd = str(p.cwd);
  const repo =
    cwd
      ?.replace(/[/\\]+$/, "")
      .split(/[/\\]/)
      .pop() ?? null;
  const git = isObj(p.git) ? p.git : {};
  const labels: Record<string, string> = {
    ...(repo ? { repo } : {}),
    ...(str(p.cli_version) ? { version: str(p.cli_version) as string } : {}),
    ...(str(git.branch) ? { branch: str(git.branch) as string } : {}),
  };
  const run: RunWire = {
    type: "run",
    run_id: codexRunId(ctx, sessionId),
    agent: CODEX_FORMAT,
    shape: SESSION_SHAPE,
    started_at: formatTimeUs(parseTimeUs(p.timestamp) ?? tsUs),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
    ...(cwd !== null ? { cwd } : {}),
    ...(str(p.originator) ? { originator: p.originator } : {}),
    source_id: sessionId,
    source_format: CODEX_FORMAT,
  };
  return { sessionId, run };
}

/** The run's name from its first prompt (first line, 80 characters), once, and only for the session's own run. */
export function nameRun(s: Session, prompt: string): RunWire | null {
  if (!s.ownRun || s.named) return null;
  const first =
    prompt
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? "";
  if (first === "") return null;
  s.named = true;
  return { type: "run", run_id: s.runId, name: clipAtWord(first, NAME_CHARS), shape: SESSION_SHAPE };
}

/** An event of this line; its source id is the line's own id when it has one, else its kind and time. */
export function event(s: Session, l: Line, kind: string, fields: Obj): ImportOutput {
  const ts = formatTimeUs(l.tsUs);
  const sourceId = typeof l.p.turn_id === "string" && l.p.turn_id !== "" ? l.p.turn_id : `${kind}@${ts}`;
  const record = { type: "event" as const, run_id: s.runId, ts, kind, ...fields };
  return { lineNo: l.lineNo, record: { ...record, source_id: sourceId, source_format: CODEX_FORMAT } };
}

/**
 * Lines Codex writes before and with a turn's prompt (its turn_context,
 * `task_started`, the injected user/developer messages, the prompt itself)
 * belong to the next turn: they do not move the open turn's end.
 */
export function isPreamble(type: string, p: Obj): boolean {
  if (type === "turn_context") return true;
  if (type === "event_msg") return p.type === "task_started" || p.type === "user_message";
  return type === "response_item" && p.type === "message" && (p.role === "user" || p.role === "developer");
}

/** The user messages Codex writes itself: its context blocks, the AGENTS.md instructions, an aborted turn's note. */
const INJECTED_PREFIXES = [
  "<environment_context>",
  "<user_instructions>",
  "# AGENTS.md instructions",
  "<turn_aborted>",
];
const INJECTED_KINDS = new Set(["environment_context", "user_instructions"]);

/** A `user_message` event that Codex wrote, not the user (older versions name its `kind`): no prompt. */
export function isInjectedMessage(p: Obj): boolean {
  if (typeof p.kind === "string" && INJECTED_KINDS.has(p.kind)) return true;
  const text = typeof p.message === "string" ? p.message.trimStart() : "";
  return INJECTED_PREFIXES.some((prefix) => text.startsWith(prefix));
}

const STATUS_RE = /\b([45]\d\d)\b/;
const RATE_LIMIT_RE = /\b(?:rate|usage) limit|too many requests/i;

/** An `error` event's message and HTTP status: a `http_status_code` in `codex_error_info`, else one in the text (429 for a limit). */
export function apiErrorOf(p: Obj): Obj {
  const message = typeof p.message === "string" ? p.message : "error";
  const info = p.codex_error_info;
  const nested = info !== null && typeof info === "object" ? Object.values(info as object)[0] : null;
  const code = (nested as { http_status_code?: unknown } | null)?.http_status_code;
  const fromText = STATUS_RE.exec(message)?.[1] ?? (RATE_LIMIT_RE.test(message) ? "429" : null);
  const status = typeof code === "number" ? code : fromText !== null ? Number(fromText) : null;
  return { detail: message.slice(0, 500), ...(status !== null ? { status } : {}) };
}
