// Mentions in a comment (docs/dashboard.md#comments): `@name` of a known user,
// matched case-insensitively, the longest known name first (so "@Ada Lovelace"
// is one mention when both "Ada" and "Ada Lovelace" exist), and only where the
// name ends at a word boundary. An `@` of an unknown name stays text. Pure;
// O(text · names) — a comment is short and a team is small.

export type TextPart = { kind: "text"; text: string } | { kind: "mention"; text: string; name: string };

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The text split into plain parts and mentions of `names`. */
export function splitMentions(text: string, names: readonly string[]): TextPart[] {
  const known = [...new Set(names.map((n) => n.trim()).filter((n) => n !== ""))].sort((a, b) => b.length - a.length);
  const parts: TextPart[] = [];
  let plainFrom = 0;
  let i = text.indexOf("@");
  while (i !== -1 && known.length > 0) {
    const before = i > 0 ? text[i - 1]! : "";
    const name = WORD_CHAR.test(before) ? undefined : known.find((n) => mentionAt(text, i + 1, n));
    if (name !== undefined) {
      if (i > plainFrom) parts.push({ kind: "text", text: text.slice(plainFrom, i) });
      parts.push({ kind: "mention", text: text.slice(i, i + 1 + name.length), name });
      plainFrom = i + 1 + name.length;
    }
    i = text.indexOf("@", name === undefined ? i + 1 : plainFrom);
  }
  if (plainFrom < text.length || parts.length === 0) parts.push({ kind: "text", text: text.slice(plainFrom) });
  return parts;
}

function mentionAt(text: string, from: number, name: string): boolean {
  if (text.slice(from, from + name.length).toLowerCase() !== name.toLowerCase()) return false;
  const after = text[from + name.length];
  return after === undefined || !WORD_CHAR.test(after);
}
