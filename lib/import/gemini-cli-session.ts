// docs/import.md#gemini-cli-sessions — one Gemini CLI session file
// (`~/.gemini/tmp/<project hash>/chats/session-*.json`): the document's
// header opens the session and gives its run record — run id
// `gemini-<sessionId>` (or the upload's), agent `gemini-cli`, shape
// `interactive` (a human prompts each turn), started at `startTime`, named
// after the first prompt (its first line, cut at a word, at most 80
// characters). Also the readings of a message: its text, its time, whether an
// `error` message is an API error (and its HTTP status). O(messages) to name
// the run, O(1) per message otherwise.
import { clipAtWord } from "../format-clip";
import { formatTimeUs, parseTimeUs } from "../time";
import type { ImportContext, RunWire } from "./types";
import { createTranscript, type Transcript } from "./transcript/turns";

export const GEMINI_FORMAT = "gemini-cli";
/** Gemini CLI's own token limit for its models (1 Mi tokens): the iterations' context window. */
export const GEMINI_CONTEXT_WINDOW = 1_048_576;
const NAME_CHARS = 80;
/** A cut at a word keeps at least this much of the line; a shorter word-cut cuts mid-word instead. */

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

export type Session = {
  id: string;
  runId: string;
  live: boolean;
  transcript: Transcript;
  /** Where the next model call starts: the end of what came before it (the prompt, the last tool call). */
  prevEndUs: number;
};

/** The text of a message's content: a string, a part `{text}`, or a list of them. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map(textOf)
      .filter((t) => t !== "")
      .join("\n");
  return isObj(content) && typeof content.text === "string" ? content.text : "";
}

/** The first non-blank line of a text, cut at a word so that it has at most 80 characters. */
export function runNameOf(text: string): string | null {
  const line = text
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  return line === undefined ? null : clipAtWord(line, NAME_CHARS);
}

/** The session's first prompt as the user wrote it (`displayContent`, else `content`). */
function firstPromptOf(messages: unknown[]): string | null {
  for (const m of messages) {
    if (!isObj(m) || m.type !== "user") continue;
    const name = runNameOf(textOf(m.displayContent ?? m.content));
    if (name !== null) return name;
  }
  return null;
}

/** Open the session of a document: its state and its run record, or why it cannot be read. */
export function openSession(doc: Obj, ctx: ImportContext): { session: Session; run: RunWire } | string {
  const sessionId = str(doc.sessionId);
  if (sessionId === null) return 'missing "sessionId"';
  if (!Array.isArray(doc.messages)) return 'missing "messages"';
  const runId = ctx.runId ?? `gemini-${sessionId}`;
  const own = ctx.runId === null;
  const first = doc.messages.find(isObj);
  const startUs = parseTimeUs(doc.startTime) ?? parseTimeUs(first?.timestamp);
  const name = firstPromptOf(doc.messages) ?? (str(doc.summary) ? runNameOf(doc.summary as string) : null);
  const run: RunWire = {
    type: "run",
    run_id: runId,
    ...(own && name !== null ? { name } : {}),
    agent: GEMINI_FORMAT,
    shape: "interactive",
    ...(own && startUs !== null ? { started_at: formatTimeUs(startUs) } : {}),
    source_id: sessionId,
    source_format: GEMINI_FORMAT,
  };
  const transcript = createTranscript({
    format: GEMINI_FORMAT,
    runId,
    sessionId,
    contextWindow: GEMINI_CONTEXT_WINDOW,
    observesFiles: true,
  });
  return { session: { id: sessionId, runId, live: ctx.live, transcript, prevEndUs: startUs ?? 0 }, run };
}

const STATUS_RE = /\b([45]\d\d)\b/;
const LIMIT_RE = /\bquota\b|rate.?limit|resource.?exhausted|too many requests/i;
const API_ERROR_RE =
  /\bapi error\b|\bstatus\b|\bquota\b|rate.?limit|resource.?exhausted|too many requests|overloaded|unavailable|deadline exceeded/i;
const DETAIL_CHARS = 500;

/**
 * An `error` message that reports a failed API call ("[API Error: …]", a
 * status, a quota or rate limit, an overloaded or unavailable model): its first
 * line and HTTP status (a 4xx/5xx code in the text, else 429 for a limit);
 * null for any other error.
 */
export function apiErrorOf(text: string): { detail: string; status?: number } | null {
  if (!API_ERROR_RE.test(text)) return null;
  const detail = (text.split("\n").find((l) => l.trim() !== "") ?? "").trim().slice(0, DETAIL_CHARS);
  const code = STATUS_RE.exec(text)?.[1] ?? (LIMIT_RE.test(text) ? "429" : null);
  return { detail: detail || "API error", ...(code !== null ? { status: Number(code) } : {}) };
}
