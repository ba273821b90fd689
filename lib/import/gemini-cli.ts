// docs/import.md#gemini-cli-sessions — Gemini CLI session files
// (`~/.gemini/tmp/<project hash>/chats/session-*.json`): one JSON document
// `{sessionId, projectHash, startTime, lastUpdated, messages[]}`, read whole
// (line 1). The header gives the run (gemini-cli-session.ts); each message, in
// order, by its `type`: a `user` message with text starts a turn (an
// iteration, its `prompt` the message as the user wrote it); a `gemini`
// message is a model call and its tool calls
// (gemini-cli-calls.ts); an `error` message that reports a failed API call is
// an `api_error` event. Other messages (`info`, `warning`, other errors, a user
// message without text) are skipped, each named by its kind. A message without
// a readable `timestamp` is rejected, naming it. O(messages + tool calls).
import { formatTimeUs, parseTimeUs } from "../time";
import type { ImportContext, ImportOutput, Importer, JsonItem } from "./types";
import { geminiMessage } from "./gemini-cli-calls";
import { apiErrorOf, GEMINI_FORMAT, isObj, openSession, textOf, type Session } from "./gemini-cli-session";

const KIND_RE = /^[\w:.-]{1,64}$/;
const kindOf = (type: string): string => (KIND_RE.test(type) ? type : "unknown");

function apiError(s: Session, lineNo: number, m: Record<string, unknown>, i: number, tsUs: number): ImportOutput {
  const err = apiErrorOf(textOf(m.content));
  if (err === null) return { lineNo, skipped: true, kind: "error" };
  const ts = formatTimeUs(tsUs);
  const sourceId = typeof m.id === "string" && m.id !== "" ? m.id : `api_error@${ts}#${i}`;
  const record = { type: "event" as const, run_id: s.runId, ts, kind: "api_error", ...err };
  return { lineNo, record: { ...record, source_id: sourceId, source_format: GEMINI_FORMAT } };
}

function mapMessage(s: Session, lineNo: number, m: unknown, i: number): ImportOutput[] {
  if (!isObj(m)) return [{ lineNo, error: `messages[${i}]: not an object` }];
  if (typeof m.type !== "string") return [{ lineNo, error: `messages[${i}]: missing "type"` }];
  const tsUs = parseTimeUs(m.timestamp);
  if (tsUs === null)
    return [{ lineNo, error: `messages[${i}] (${kindOf(m.type)}): missing or unreadable "timestamp"` }];
  // A prompt belongs to the turn it opens: it does not move the open turn's end.
  if (m.type !== "user") s.transcript.touch(lineNo, tsUs);
  switch (m.type) {
    case "user": {
      if (textOf(m.content).trim() === "") return [{ lineNo, skipped: true, kind: "user:empty" }];
      s.prevEndUs = tsUs;
      const key = typeof m.id === "string" && m.id !== "" ? m.id : `message-${i}`;
      // As the user wrote it: `displayContent` (before Gemini CLI expanded its @file references), else `content`.
      const written = textOf(m.displayContent);
      return s.transcript.prompt(key, lineNo, tsUs, written.trim() !== "" ? written : textOf(m.content));
    }
    case "gemini":
      return geminiMessage(s, m, i, tsUs);
    case "error":
      return [apiError(s, lineNo, m, i, tsUs)];
    default:
      return [{ lineNo, skipped: true, kind: kindOf(m.type) }];
  }
}

function mapDocument({ lineNo, value }: JsonItem, ctx: ImportContext): ImportOutput[] {
  if (!isObj(value)) return [{ lineNo, error: "not a Gemini CLI session: not a JSON object" }];
  const opened = openSession(value, ctx);
  if (typeof opened === "string") return [{ lineNo, error: `gemini-cli session: ${opened}` }];
  const s = opened.session;
  const out: ImportOutput[] = [{ lineNo, record: opened.run }];
  (value.messages as unknown[]).forEach((m, i) => out.push(...mapMessage(s, lineNo, m, i)));
  out.push(...s.transcript.end());
  return out;
}

export const geminiCliImporter: Importer = {
  format: GEMINI_FORMAT,
  input: "json",
  create: (ctx) => ({ push: (item) => mapDocument(item, ctx), end: () => [] }),
};
