// A line diff for the conversation tab's edits (docs/dashboard.md#conversation):
// the longest common subsequence of the two texts' lines, after the common
// head and tail are set aside, walked into kept, removed and added lines —
// removals before additions where both are possible. O(n · m) time and
// memory on the lines between the common head and tail, so past
// LINE_DIFF_MAX_CELLS it does not look for common lines at all and says
// "all the old lines removed, all the new ones added". Lines only: no word
// diff, no moved-block detection, no hunks (an edit's texts are short).

import type { ConversationDiffLine } from "../schemas/conversation";

export type DiffLine = ConversationDiffLine;
export type DiffOp = DiffLine["op"];

/** Cells of the LCS table (old lines × new lines between the common head and tail) computed at most. */
export const LINE_DIFF_MAX_CELLS = 250_000;

/** The lines of a text: "" has none; a final newline ends the last line, it does not start one. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** `before` → `after` as lines kept, removed and added, in order. */
export function diffLines(before: string, after: string, maxCells = LINE_DIFF_MAX_CELLS): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
    tail += 1;
  const same = (lines: string[]): DiffLine[] => lines.map((text) => ({ op: "same", text }));
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const middle =
    midA.length * midB.length > maxCells
      ? [...midA.map((text): DiffLine => ({ op: "del", text })), ...midB.map((text): DiffLine => ({ op: "add", text }))]
      : lcsDiff(midA, midB);
  return [...same(a.slice(0, head)), ...middle, ...same(a.slice(a.length - tail))];
}

/** The LCS walk: table[i][j] is the LCS length of a[i..] and b[j..], one flat array. */
function lcsDiff(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  const table = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      table[i * w + j] =
        a[i] === b[j] ? table[(i + 1) * w + j + 1]! + 1 : Math.max(table[(i + 1) * w + j]!, table[i * w + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i]! });
      i += 1;
      j += 1;
    } else if (table[(i + 1) * w + j]! >= table[i * w + j + 1]!) {
      out.push({ op: "del", text: a[i]! });
      i += 1;
    } else {
      out.push({ op: "add", text: b[j]! });
      j += 1;
    }
  }
  for (; i < n; i += 1) out.push({ op: "del", text: a[i]! });
  for (; j < m; j += 1) out.push({ op: "add", text: b[j]! });
  return out;
}
