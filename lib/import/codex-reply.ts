// docs/import.md#the-conversation — what a Codex model call wrote. Codex
// writes a response's items before the `token_count` that closes the call: an
// `assistant` `message` (its `output_text` parts: the visible text) and
// `reasoning` (its `summary` texts; `encrypted_content` is no text). The
// session gathers them here until the next model call takes them as its
// llm span's output and thinking_chars (codex-model-calls.ts). The UI's
// mirrors of the same texts (`agent_message`, `agent_reasoning`) are not read
// again. Pure; O(item).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The reply of the next model call so far: its visible texts and the characters of its reasoning summaries. */
export type CodexReply = { texts: string[]; thinkingChars: number };

export const emptyReply = (): CodexReply => ({ texts: [], thinkingChars: 0 });

/** The `text` of each part of a list (`content`, `summary`), in order. */
const textsOf = (parts: unknown): string[] =>
  Array.isArray(parts) ? parts.flatMap((c) => (isObj(c) && typeof c.text === "string" ? [c.text] : [])) : [];

/**
 * Add a `response_item` payload to the reply: true when it held text, false
 * when it held none (an empty message, reasoning that is only encrypted), null
 * when it is no part of a reply (a call, the user's or the developer's message).
 */
export function addReplyItem(reply: CodexReply, p: Obj): boolean | null {
  if (p.type === "message" && p.role === "assistant") {
    const texts = textsOf(p.content);
    reply.texts.push(...texts);
    return texts.length > 0;
  }
  if (p.type !== "reasoning") return null;
  const chars = textsOf(p.summary).reduce((n, t) => n + t.length, 0);
  reply.thinkingChars += chars;
  return chars > 0;
}
