// docs/import.md#claude-code — the harness events a Claude Code session shows:
// `permission_denied` (a refused tool call: its tool, and the command or path
// as detail), `api_error` with its HTTP status (a `system` api_error line —
// one per retry — or the synthetic "API Error: 529 …" message the session
// ends a failed call with), `compaction` (a `compact_boundary` line: trigger
// and tokens before; a `microcompact_boundary` line, where Claude Code cleared
// old tool results: also the tokens saved), `context_cleared` (`/clear`),
// `interrupted`. Each event
// keeps the id of its source line and the source format. O(1) per event.
import { formatTimeUs } from "../time";
import type { EventWire, ImportFormat } from "./types";
import type { CcLine } from "./claude-code-lines";

export type EventSink = { runId: string; format: ImportFormat };

export function ccEvent(
  sink: EventSink,
  tsUs: number,
  kind: string,
  sourceId: string | null,
  fields: Partial<EventWire> = {},
): EventWire {
  return {
    type: "event",
    run_id: sink.runId,
    ts: formatTimeUs(tsUs),
    kind,
    ...fields,
    source_id: sourceId,
    source_format: sink.format,
  };
}

const STATUS_RE = /API Error:?\s*(\d{3})\b/;

/** An HTTP status: a number field, else the one in an "API Error: 529 …" text. */
export function statusOf(field: unknown, text: string): number | null {
  if (typeof field === "number" && Number.isInteger(field) && field >= 100 && field <= 599) return field;
  const m = STATUS_RE.exec(text);
  return m ? Number(m[1]) : null;
}

const DETAIL_MAX_CHARS = 500;
const firstLine = (text: string): string =>
  (text.split("\n").find((l) => l.trim() !== "") ?? "").slice(0, DETAIL_MAX_CHARS);

/** The synthetic message a failed API call ends with: `isApiErrorMessage`, text "API Error: 529 …". */
export function apiErrorMessageEvent(sink: EventSink, l: CcLine, tsUs: number, text: string): EventWire {
  return ccEvent(sink, tsUs, "api_error", l.uuid ?? null, {
    status: statusOf(l.apiErrorStatus, text),
    detail: firstLine(text) || null,
  });
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The message of an API error object: its own, else that of the error it wraps (`{error:{error:{message}}}`). */
function messageOf(err: unknown): string | null {
  for (let e = err, depth = 0; isObj(e) && depth < 4; e = e.error, depth += 1) {
    if (typeof e.message === "string" && e.message !== "") return e.message;
  }
  return null;
}

/** A `system` api_error line: the error object's status and message, the retry attempt. */
export function apiErrorLineEvent(sink: EventSink, l: CcLine, tsUs: number): EventWire {
  const err = isObj(l.error) ? l.error : {};
  const text = messageOf(err) ?? (typeof l.content === "string" ? l.content : "");
  const attempt = (l as Record<string, unknown>).retryAttempt;
  return ccEvent(sink, tsUs, "api_error", l.uuid ?? null, {
    status: statusOf(err.status, text),
    detail: firstLine(text) || null,
    ...(typeof attempt === "number" ? { attempt } : {}),
  });
}

/** A `compact_boundary` line: `detail` = "<trigger>, <n> tokens before". */
export function compactionEvent(sink: EventSink, l: CcLine, tsUs: number): EventWire {
  const trigger = l.compactMetadata?.trigger ?? null;
  const pre = l.compactMetadata?.preTokens ?? null;
  const detail = [trigger, pre !== null ? `${pre} tokens before` : null].filter((p) => p !== null).join(", ");
  return ccEvent(sink, tsUs, "compaction", l.uuid ?? null, {
    detail: detail || null,
    ...(trigger !== null ? { trigger } : {}),
    ...(pre !== null ? { pre_tokens: pre } : {}),
  });
}

const count = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

/** A `microcompact_boundary` line: `detail` = "microcompact, <trigger>, <n> tokens before, <m> saved". */
export function microcompactionEvent(sink: EventSink, l: CcLine, tsUs: number): EventWire {
  const raw = l as Obj;
  const meta = isObj(raw.microcompactMetadata) ? raw.microcompactMetadata : {};
  const trigger = typeof meta.trigger === "string" && meta.trigger !== "" ? meta.trigger : null;
  const pre = count(meta.preTokens);
  const saved = count(meta.tokensSaved);
  const parts = ["microcompact", trigger, pre !== null ? `${pre} tokens before` : null];
  const detail = [...parts, saved !== null ? `${saved} saved` : null].filter((p) => p !== null).join(", ");
  return ccEvent(sink, tsUs, "compaction", l.uuid ?? null, {
    detail,
    trigger: trigger !== null ? `micro:${trigger}` : "micro",
    ...(pre !== null ? { pre_tokens: pre } : {}),
    ...(saved !== null ? { tokens_saved: saved } : {}),
  });
}
