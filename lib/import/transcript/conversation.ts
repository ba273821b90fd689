// docs/import.md#the-conversation — what an agent transcript keeps of its
// conversation: each turn's prompt as the user wrote it (the iteration's
// `prompt`, at most PROMPT_MAX_CHARS), the visible text of each model call
// (its llm span's `output`, joined with blank lines, at most the span
// schema's SPAN_OUTPUT_MAX_CHARS) and how long its thinking was (the span's
// `thinking_chars`). The texts are kept as written — lines, markup and all;
// a page escapes them when it shows them — but made storable (a NUL spelled
// `\u0000`, storable.ts): one odd character must not cost the record its turn.
// The thinking itself is never kept. Pure; O(text length).
import { spanOutputOf } from "../../schemas/records";
import { storableText } from "../../schemas/storable";
import { TEXT_CAP_DEFAULTS } from "../text-caps";

/** How much of a turn's prompt an iteration keeps by default (text-caps.ts: the `prompt` cap). */
export const PROMPT_MAX_CHARS = TEXT_CAP_DEFAULTS.prompt;

const ELLIPSIS = "…";
const TRAILING_SPACE_RE = /\s+$/;

/**
 * A prompt as stored: as written up to PROMPT_MAX_CHARS; a longer one cut after
 * its last whole word that fits (mid-word only when that would keep less than
 * half), never inside a surrogate pair, ending in "…" (which counts); a NUL
 * spelled out first. Unlike
 * lib/format-clip.ts `clipAtWord`, which makes a title of one line, it keeps the
 * text's lines. Null for a prompt of only whitespace.
 */
export function promptTextOf(text: string | null | undefined, maxChars = PROMPT_MAX_CHARS): string | null {
  if (text == null || text.trim() === "") return null;
  const stored = storableText(text);
  if (stored.length <= maxChars) return stored;
  const room = Math.max(0, maxChars - ELLIPSIS.length);
  let head = stored.slice(0, room);
  if (!/\s/.test(stored[room] ?? " ")) {
    const space = head.search(/\s\S*$/);
    if (space >= room / 2) head = head.slice(0, space);
  }
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.replace(TRAILING_SPACE_RE, "")}${ELLIPSIS}`;
}

/** A model call's visible texts as its llm span's output: joined with blank lines, cut as the span schema cuts; null when none. */
export function assistantOutputOf(texts: readonly string[]): string | null {
  const kept = texts.filter((t) => t.trim() !== "");
  return kept.length > 0 ? spanOutputOf(storableText(kept.join("\n\n"))) : null;
}

/** The llm span's `output` field: only when the call wrote some text. */
export const outputField = (output: string | null): { output?: string } => (output !== null ? { output } : {});

/** The llm span's meta field for its thinking: only when it had some text (encrypted thinking counts for nothing). */
export const thinkingMeta = (chars: number): { thinking_chars?: number } =>
  chars > 0 ? { thinking_chars: chars } : {};
