import { describe, expect, test } from "vitest";
import type { DiffLine } from "@/lib/conversation/line-diff";
import { DIFF_MAX_LINES, diffOfToolCall, type ToolDiff } from "@/lib/conversation/tool-diff";

const show = (lines: DiffLine[]) => lines.map((l) => `${l.op === "del" ? "-" : l.op === "add" ? "+" : " "}${l.text}`);
const blocks = (d: ToolDiff | null) => d?.blocks.map((b) => ({ path: b.path, note: b.note, lines: show(b.lines) }));

describe("a tool call's edits as diffs", () => {
  test("Edit: old_string → new_string as a line diff under its file", () => {
    const d = diffOfToolCall("Edit", { file_path: "/r/a.py", old_string: "a\nb", new_string: "a\nc" });
    expect(blocks(d)).toEqual([{ path: "/r/a.py", note: null, lines: [" a", "-b", "+c"] }]);
  });

  test("MultiEdit: one diff per entry of edits[]", () => {
    const d = diffOfToolCall("MultiEdit", {
      file_path: "/r/a.py",
      edits: [
        { old_string: "x", new_string: "y" },
        { old_string: "p", new_string: "p\nq" },
      ],
    });
    expect(blocks(d)?.map((b) => b.lines)).toEqual([
      ["-x", "+y"],
      [" p", "+q"],
    ]);
  });

  test("Write: the content as every line added", () => {
    const d = diffOfToolCall("Write", { file_path: "/r/n.py", content: "one\ntwo\n" });
    expect(blocks(d)).toEqual([{ path: "/r/n.py", note: null, lines: ["+one", "+two"] }]);
  });

  test("Gemini replace: old_string → new_string", () => {
    const d = diffOfToolCall("replace", { file_path: "/r/g.ts", old_string: "let a", new_string: "const a" });
    expect(blocks(d)?.[0]?.lines).toEqual(["-let a", "+const a"]);
  });

  test("Codex apply_patch: each file's - and + lines as written, context kept, a block per hunk", () => {
    const patch = [
      "*** Begin Patch",
      "*** Update File: src/a.rs",
      "@@ fn main",
      " keep",
      "-old",
      "+new",
      "@@ fn other",
      "-x",
      "*** Add File: src/b.rs",
      "+hello",
      "*** Delete File: src/c.rs",
      "*** End Patch",
    ].join("\n");
    expect(blocks(diffOfToolCall("apply_patch", patch))).toEqual([
      { path: "src/a.rs", note: null, lines: [" keep", "-old", "+new"] },
      { path: "src/a.rs", note: null, lines: ["-x"] },
      { path: "src/b.rs", note: "new file", lines: ["+hello"] },
      { path: "src/c.rs", note: "deleted", lines: [] },
    ]);
  });

  test("Codex apply_patch run through the shell (argv) is read as the same patch", () => {
    const patch = "*** Begin Patch\n*** Update File: a\n@@\n-1\n+2\n*** End Patch";
    expect(blocks(diffOfToolCall("shell", { command: ["apply_patch", patch] }))?.[0]?.lines).toEqual(["-1", "+2"]);
  });

  test("a call that edits nothing has no diff", () => {
    expect(diffOfToolCall("Bash", { command: "ls" })).toBeNull();
    expect(diffOfToolCall("Read", { file_path: "/r/a.py" })).toBeNull();
    expect(diffOfToolCall("Edit", null)).toBeNull();
  });

  test(`a diff longer than ${DIFF_MAX_LINES} lines shows that many and counts the rest`, () => {
    const content = Array.from({ length: DIFF_MAX_LINES + 25 }, (_, i) => `line ${i}`).join("\n");
    const d = diffOfToolCall("Write", { file_path: "/big", content })!;
    expect(d.blocks[0]?.lines).toHaveLength(DIFF_MAX_LINES);
    expect(d.hiddenLines).toBe(25);
  });
});
