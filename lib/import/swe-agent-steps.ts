// docs/import.md#swe-agent-trajectories — one SWE-agent trajectory entry
// read as a tool call. The action's first word names the tool (`find_file`,
// `edit`, `python`, `submit`); the whole action is its input, the
// observation's head its output. SWE-agent observations carry no exit code,
// so a call failed only where the observation plainly says so: a Python
// traceback (its exception line is the error), a shell's `command not
// found`, a first line starting `Error:`, or the edit tool's `Your proposed
// edit has introduced new syntax error(s)` (the error: its first listed
// error, e.g. `E999 SyntaxError: unmatched ')'`). A successful edit names
// its file: `edit` / `insert` the open file of the entry's `state`, `create
// <path>` and `str_replace_editor <command> <path>` their path, and shell
// writes as trajectory-output.ts reads them; paths under the working
// directory are made relative to it; what it read and its edits' texts as
// swe-agent-files.ts reads them. Pure; O(observation length).
import { relativePath } from "./claude-code-tools";
import type { PatchEdit } from "./codex-patch";
import type { CallFiles } from "./transcript/file-activity";
import { sweCallFilesOf } from "./swe-agent-files";
import { failureLineOf, hasTraceback, shellEditsOf } from "./trajectory-output";
import { isObj, str } from "./trajectory-run";

export type SweState = { openFile: string | null; workingDir: string | null };
export type SweCallReading = { name: string; ok: boolean; error: string; edits: PatchEdit[]; files: CallFiles };

const SYNTAX_EDIT_RE = /^\s*Your proposed edit has introduced new syntax error/;
const NOT_FOUND_RE = /^.*\bcommand not found\s*$/m;
const ERROR_START_RE = /^\s*error\b\s*:/i;
const EDIT_COMMANDS = new Set(["edit", "insert", "append"]);
const EDITOR_WRITES = new Set(["create", "str_replace", "insert", "undo_edit"]);
const NAME_CHARS = 100;

/** An entry's state: an object or its JSON text, `n/a` meaning no open file. */
export function readState(raw: unknown): SweState {
  let s: unknown = raw;
  if (typeof raw === "string") {
    try {
      s = JSON.parse(raw) as unknown;
    } catch {
      s = null;
    }
  }
  const o = isObj(s) ? s : {};
  const open = str(o.open_file);
  return { openFile: open !== null && open !== "n/a" ? open : null, workingDir: str(o.working_dir) };
}

/** The tool an action calls: its first word. */
export const toolNameOf = (action: string): string => (action.trim().split(/\s+/)[0] ?? "").slice(0, NAME_CHARS);

/** Why an observation says its call failed; null when it does not. */
export function failureOf(observation: string): string | null {
  const first =
    observation
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? "";
  if (SYNTAX_EDIT_RE.test(observation)) {
    const listed = /ERRORS:\s*\n\s*-\s*(.+)/.exec(observation)?.[1]?.trim();
    return (listed ?? first).slice(0, 300);
  }
  if (hasTraceback(observation)) return failureLineOf(observation, null);
  const notFound = NOT_FOUND_RE.exec(observation);
  if (notFound !== null) return notFound[0].trim().slice(0, 300);
  if (ERROR_START_RE.test(first)) return first.slice(0, 300);
  return null;
}

/** Lines of an `edit a:b` replacement: its text up to `end_of_edit`, and the lines it replaces. */
function windowEditCounts(action: string): { added: number; removed: number } {
  const m = /^\s*edit\s+(\d+):(\d+)\s*\n([\s\S]*?)(?:\n?end_of_edit\s*)?$/.exec(action);
  if (m === null) return { added: 0, removed: 0 };
  const text = m[3] ?? "";
  return { added: text === "" ? 0 : text.split("\n").length, removed: Math.max(0, Number(m[2]) - Number(m[1]) + 1) };
}

/** The files a successful action edits. */
function editsOf(action: string, name: string, state: SweState): PatchEdit[] {
  const words = action.trim().split(/\s+/);
  const rel = (p: string) => relativePath(p.replace(/^["']|["']$/g, ""), state.workingDir);
  if (EDIT_COMMANDS.has(name) && state.openFile !== null) {
    return [{ path: rel(state.openFile), ...windowEditCounts(action) }];
  }
  if (name === "create" && words[1] !== undefined) return [{ path: rel(words[1]), added: 0, removed: 0 }];
  if (name === "str_replace_editor" && EDITOR_WRITES.has(words[1] ?? "") && words[2] !== undefined) {
    return [{ path: rel(words[2]), added: 0, removed: 0 }];
  }
  return shellEditsOf(action).map((e) => ({ ...e, path: rel(e.path) }));
}

/** An entry's action and observation as a call. */
export function readSweCall(action: string, observation: string, state: SweState): SweCallReading {
  const name = toolNameOf(action);
  const error = failureOf(observation);
  const ok = error === null;
  const files = ok ? sweCallFilesOf(action, observation, state) : {};
  return { name, ok, error: error ?? "", edits: ok ? editsOf(action, name, state) : [], files };
}
