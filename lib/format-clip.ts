// A one-line text cut to a length at a word, for titles made from prose (a
// run named after its first prompt). A cut text ends in "…", which counts in
// the length. It is cut after the last whole word that fits; only when that
// would keep less than half the length (one long URL, a path) does it fall
// back to the last punctuation inside the word ("/", "-", "."), and only when
// there is none to a cut mid-word. Never between the halves of a surrogate
// pair. Trailing separators (" ·", ",", ":") go before the "…". Pure; O(n).

const ELLIPSIS = "…";
/** Where a long word may be cut when it holds no space. */
const SOFT_BREAK = /[/\\\-_.,;:?&=#|]/;
const TRAILING_SEPARATORS = /[\s·,;:\-–—|/]+$/u;

/** `text` as one line (runs of whitespace become one space), at most `maxChars` UTF-16 units. */
export function clipAtWord(text: string, maxChars: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= maxChars) return line;
  const room = Math.max(0, maxChars - ELLIPSIS.length);
  let head = line.slice(0, room);
  if (line[room] !== " ") head = headAtBreak(head, room);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  const kept = head.replace(TRAILING_SEPARATORS, "");
  return `${kept || head.trimEnd()}${ELLIPSIS}`;
}

/** `head` (the first `room` units, ending inside a word) cut at its last space, else a soft break, in its second half. */
function headAtBreak(head: string, room: number): string {
  const space = head.lastIndexOf(" ");
  if (space >= room / 2) return head.slice(0, space);
  for (let i = head.length - 1; i >= room / 2; i -= 1) {
    if (SOFT_BREAK.test(head[i] as string)) return head.slice(0, i + 1);
  }
  return head;
}
