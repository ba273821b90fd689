// One line that says what a tool call was asked to do, for its row in the
// conversation tab (docs/dashboard.md#conversation): a shell call's command,
// a file tool's path, a Codex patch's files, a subagent's description, else
// the input's first keys (the telling ones first) as `key: value` — each
// value and the whole line cut short. Also the text of
// an input for the tab's search: its strings, depth first. Pure; O(size of
// the input), the walk stopped once INPUT_TEXT_MAX_CHARS are collected.
import { clipAtWord } from "../format-clip";
import { commandText, patchOfApplyPatchCall, patchOfCommand, readPatch } from "../import/codex-patch";

/** The row's summary is cut here. */
export const SUMMARY_MAX_CHARS = 160;
/** Each value of a `key: value` summary is cut here. */
const VALUE_MAX_CHARS = 60;
/** A `key: value` summary names this many keys at most. */
const SUMMARY_KEYS = 3;
/** The search reads this much of an input's text. */
export const INPUT_TEXT_MAX_CHARS = 20_000;

/** Tools that run a shell command (Claude Code, Codex, Gemini CLI, generic harnesses). */
const SHELL_TOOLS = new Set([
  "bash",
  "shell",
  "shell_command",
  "exec_command",
  "local_shell",
  "container.exec",
  "run_shell_command",
  "execute_command",
  "run_shell",
]);
/** Tools that read or change one file: the summary is its path. */
const FILE_TOOLS = new Set([
  "read",
  "edit",
  "write",
  "multiedit",
  "notebookedit",
  "notebookread",
  "read_file",
  "write_file",
  "replace",
  "edit_file",
  "view_file",
]);
const PATH_KEYS = ["file_path", "notebook_path", "absolute_path", "path", "filename", "file"];
/** Subagent calls: the summary is what they were sent to do. */
const SUBAGENT_TOOLS = new Set(["task", "agent"]);
/** Keys that say most about a call, named first (jsonb keeps keys shortest first, not as sent). */
const TELLING_KEYS = ["pattern", "query", "q", "url", "command", "prompt", "description", "name", "path", "file_path"];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const oneLine = (text: string, max: number) => clipAtWord(text, max);

/** The command a shell call runs: `command` (a string or an argv) or `cmd`; null when none. */
export function shellCommandOfInput(input: unknown): string | null {
  if (typeof input === "string") return input;
  if (!isObj(input)) return null;
  return commandText(input.command ?? input.cmd);
}

/** The path a file tool's input names, when it names one. */
export function filePathOfInput(input: unknown): string | null {
  if (!isObj(input)) return null;
  for (const key of PATH_KEYS) {
    const v = input[key];
    if (typeof v === "string" && v !== "") return v;
  }
  return null;
}

/** What the call was asked: one line, at most SUMMARY_MAX_CHARS; "" for no input. */
export function summarizeToolInput(name: string, input: unknown): string {
  if (input === null || input === undefined) return "";
  const tool = name.toLowerCase();
  if (tool === "apply_patch" || tool === "applypatch") {
    const patch = patchOfApplyPatchCall(input);
    if (patch !== null) return oneLine(patchFiles(patch) || patch, SUMMARY_MAX_CHARS);
  }
  if (SHELL_TOOLS.has(tool)) {
    const command = shellCommandOfInput(input);
    const patch = isObj(input) ? patchOfCommand(input.command ?? input.cmd, command) : null;
    if (patch !== null && patchFiles(patch) !== "")
      return oneLine(`apply_patch ${patchFiles(patch)}`, SUMMARY_MAX_CHARS);
    if (command !== null) return oneLine(command, SUMMARY_MAX_CHARS);
  }
  if (FILE_TOOLS.has(tool)) {
    const path = filePathOfInput(input);
    if (path !== null) return oneLine(path, SUMMARY_MAX_CHARS);
  }
  if (SUBAGENT_TOOLS.has(tool) && isObj(input) && typeof input.description === "string")
    return oneLine(input.description, SUMMARY_MAX_CHARS);
  if (typeof input === "string") return oneLine(input, SUMMARY_MAX_CHARS);
  if (!isObj(input)) return oneLine(JSON.stringify(input), SUMMARY_MAX_CHARS);
  const keys = Object.keys(input);
  const ordered = [...TELLING_KEYS.filter((k) => k in input), ...keys.filter((k) => !TELLING_KEYS.includes(k))];
  const pairs = ordered
    .slice(0, SUMMARY_KEYS)
    .map((k): [string, unknown] => [k, input[k]])
    .map(([k, v]) => `${k}: ${oneLine(typeof v === "string" ? v : (JSON.stringify(v) ?? ""), VALUE_MAX_CHARS)}`);
  const more = keys.length > SUMMARY_KEYS ? ", …" : "";
  return oneLine(pairs.join(", ") + more, SUMMARY_MAX_CHARS);
}

/** The files a Codex patch touches, in patch order: "src/a.rs, src/b.rs"; "" when it names none. */
function patchFiles(patch: string): string {
  return [...new Set(readPatch(patch).map((e) => e.path))].join(", ");
}

/** The strings of an input (keys left out), joined by newlines, at most INPUT_TEXT_MAX_CHARS. */
export function inputText(input: unknown): string {
  const parts: string[] = [];
  let size = 0;
  const stack: unknown[] = [input];
  while (stack.length > 0 && size < INPUT_TEXT_MAX_CHARS) {
    const v = stack.pop();
    if (typeof v === "string") {
      parts.push(v);
      size += v.length + 1;
    } else if (typeof v === "number" || typeof v === "boolean") {
      parts.push(String(v));
      size += 8;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push(v[i]);
    } else if (isObj(v)) {
      const values = Object.values(v);
      for (let i = values.length - 1; i >= 0; i -= 1) stack.push(values[i]);
    }
  }
  return parts.join("\n").slice(0, INPUT_TEXT_MAX_CHARS);
}
