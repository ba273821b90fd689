import { describe, expect, test } from "vitest";
import { diffLines, splitLines, type DiffLine } from "@/lib/conversation/line-diff";

/** A diff as "-a", "+b", " c" strings: short to read in a table. */
const show = (lines: DiffLine[]) => lines.map((l) => `${l.op === "del" ? "-" : l.op === "add" ? "+" : " "}${l.text}`);

describe("the line diff", () => {
  test.each([
    ["identical texts keep every line", "a\nb", "a\nb", [" a", " b"]],
    ["an empty old text is every line added", "", "a\nb", ["+a", "+b"]],
    ["an empty new text is every line removed", "a\nb", "", ["-a", "-b"]],
    ["one changed line is removed, then added", "a\nb\nc", "a\nB\nc", [" a", "-b", "+B", " c"]],
    [
      "an unchanged line between two changes stays as context",
      "x\nkeep\ny",
      "X\nkeep\nY",
      ["-x", "+X", " keep", "-y", "+Y"],
    ],
    ["an inserted line is only added", "a\nc", "a\nb\nc", [" a", "+b", " c"]],
    ["a final newline ends a line, it adds none", "a\n", "a\nb\n", [" a", "+b"]],
    ["Windows line endings split like Unix ones", "a\r\nb", "a\nb", [" a", " b"]],
  ])("%s", (_rule, before, after, expected) => {
    expect(show(diffLines(before, after))).toEqual(expected);
  });

  test("common lines are found in the middle of reordered blocks (LCS, not a prefix match)", () => {
    // a b c d → b c d a: keeping b c d is longer than keeping a
    expect(show(diffLines("a\nb\nc\nd", "b\nc\nd\na"))).toEqual(["-a", " b", " c", " d", "+a"]);
  });

  test("past the size cap it falls back to all old lines removed, then all new ones added", () => {
    // 3 × 3 changed lines = 9 cells > 8; the common head and tail are still kept
    const d = diffLines("h\na\nb\nc\nt", "h\nc\nb\na\nt", 8);
    expect(show(d)).toEqual([" h", "-a", "-b", "-c", "+c", "+b", "+a", " t"]);
  });

  test("at the size cap the same texts get a real diff: one middle line kept", () => {
    const d = diffLines("h\na\nb\nc\nt", "h\nc\nb\na\nt", 9);
    expect(d.filter((l) => l.op === "same")).toHaveLength(3);
    expect(d.filter((l) => l.op === "del")).toHaveLength(2);
  });

  test("splitLines: '' has no line; a lone newline is one empty line", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("\n")).toEqual([""]);
  });
});
