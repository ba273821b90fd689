import { describe, expect, test } from "vitest";
import { inputText, SUMMARY_MAX_CHARS, summarizeToolInput } from "@/lib/conversation/tool-summary";

describe("a tool call's input summary", () => {
  test.each([
    [
      "Bash: the command",
      "Bash",
      { command: "pytest tests/test_cart.py", description: "Run the tests" },
      "pytest tests/test_cart.py",
    ],
    ["a multi-line command reads as one line", "Bash", { command: "cd app &&\n  npm test" }, "cd app && npm test"],
    ["Codex shell: the script of bash -lc", "shell", { command: ["bash", "-lc", "ls src"] }, "ls src"],
    ["Codex exec_command: its cmd", "exec_command", { cmd: "cargo test" }, "cargo test"],
    ["Gemini run_shell_command: the command", "run_shell_command", { command: "npm test" }, "npm test"],
    ["Read: the file path", "Read", { file_path: "/repo/a.py", offset: 10 }, "/repo/a.py"],
    [
      "Edit: the file path, not the texts",
      "Edit",
      { file_path: "/repo/a.py", old_string: "x", new_string: "y" },
      "/repo/a.py",
    ],
    ["Write: the file path", "Write", { file_path: "/repo/b.py", content: "print()" }, "/repo/b.py"],
    ["Gemini read_file: its path", "read_file", { absolute_path: "/repo/c.ts" }, "/repo/c.ts"],
    ["a subagent: what it was sent to do", "Task", { description: "Find the bug", prompt: "…" }, "Find the bug"],
    ["another tool: its first keys compactly", "Grep", { pattern: "TODO", path: "src" }, "pattern: TODO, path: src"],
    ["more than three keys end in …", "t", { a: 1, b: true, c: "x", d: 2 }, "a: 1, b: true, c: x, …"],
    ["a nested value as its JSON", "t", { q: { k: [1, 2] } }, 'q: {"k":[1,2]}'],
    [
      "Codex apply_patch: the files it touches",
      "apply_patch",
      "*** Begin Patch\n*** Add File: a.rs\n+x\n*** Update File: b.rs\n-y",
      "a.rs, b.rs",
    ],
    [
      "Codex apply_patch through the shell: apply_patch and its files",
      "shell",
      { command: ["apply_patch", "*** Update File: c.rs\n-z"] },
      "apply_patch c.rs",
    ],
    [
      "telling keys come first, whatever order jsonb kept",
      "Grep",
      { "-n": true, path: "src", pattern: "TODO" },
      "pattern: TODO, path: src, -n: true",
    ],
    ["a string input: its text", "custom", "first line\nsecond", "first line second"],
    ["no input: nothing", "Bash", null, ""],
  ])("%s", (_rule, name, input, expected) => {
    expect(summarizeToolInput(name, input)).toBe(expected);
  });

  test("a long summary is cut at SUMMARY_MAX_CHARS, ending in …", () => {
    const s = summarizeToolInput("Bash", { command: "echo ".repeat(100) });
    expect(s.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(s.endsWith("…")).toBe(true);
  });
});

describe("an input's text for the search", () => {
  test("its strings and scalars in order, keys left out", () => {
    expect(inputText({ file_path: "/a", edits: [{ old_string: "x", new_string: "y" }], n: 2 })).toBe("/a\nx\ny\n2");
  });

  test("no input is no text", () => {
    expect(inputText(null)).toBe("");
  });
});
