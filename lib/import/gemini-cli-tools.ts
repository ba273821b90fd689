// docs/import.md#gemini-cli-sessions — what a Gemini CLI tool call did, read
// from its record (`name`, `args`, `status`, `result`: the function response
// parts sent back to the model, `resultDisplay`). A call failed when its status
// is `error` or `cancelled`, or — for the shell tool, whose failing commands
// still end `success` — when its output's `Exit Code:` is not 0. Its error is
// the line that names the failure: for a failing command, the first line of its
// output that names one (codex-output.ts reads shell output the same way), else
// the response's `error`, else the result's first line. A successful
// `write_file` / `replace` edits its `file_path`; `write_todos` writes the todo
// list. What it read and its edits' texts, for `files_read` and `reverted`
// (docs/import.md#files-read-and-reverts): `read_file` its path,
// `read_many_files` its `paths` that name files, the shell tool the simple
// reads of its command; `replace` turns `old_string` into `new_string`,
// `write_file` writes `content`, each over `resultDisplay.originalContent`
// when recorded. O(size of the call).
import { errorLineOf } from "./codex-output";
import { diffCounts, lineCount } from "./claude-code-tools";
import type { CallFiles } from "./transcript/file-activity";
import type { EditText } from "./transcript/reverts";
import { filesReadBy, filesRestoredBy, looksLikeFile } from "./transcript/shell-files";
import { isTestCommand } from "./transcript/test-runs";
import type { TodoItem } from "./transcript/todos";
import type { ToolOutcome } from "./transcript/turns";
import { isObj } from "./gemini-cli-session";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

export const SHELL_TOOLS = new Set(["run_shell_command", "shell"]);
const WRITE_TOOLS = new Set(["write_file"]);
const READ_TOOLS = new Set(["read_file"]);
const READ_MANY_TOOLS = new Set(["read_many_files"]);
const REPLACE_TOOLS = new Set(["replace", "edit"]);
export const TODO_TOOLS = new Set(["write_todos"]);
const FAILED_STATUSES = new Set(["error", "cancelled"]);

/** The text sent back to the model (`output`, else `error`, of each function response; text parts) and its error. */
export function resultTextOf(result: unknown): { text: string; error: string | null } {
  const parts = Array.isArray(result) ? result : result === null || result === undefined ? [] : [result];
  const texts: string[] = [];
  let error: string | null = null;
  for (const part of parts) {
    if (typeof part === "string") texts.push(part);
    if (!isObj(part)) continue;
    if (typeof part.text === "string") texts.push(part.text);
    const response = isObj(part.functionResponse) ? part.functionResponse.response : null;
    if (!isObj(response)) continue;
    error ??= str(response.error);
    const body = str(response.output) ?? str(response.error) ?? str(response.content);
    texts.push(body ?? JSON.stringify(response));
  }
  return { text: texts.join("\n"), error };
}

/** A shell result (`Command: … Output: … Error: … Exit Code: N …`): the command's output and its exit code. */
export function readShellResult(text: string): { body: string; exitCode: number | null } {
  const lines = text.split("\n");
  const exitAt = lines.findLastIndex((l) => /^Exit Code: /.test(l));
  const m = exitAt >= 0 ? /^Exit Code: (-?\d+)/.exec(lines[exitAt]!) : null;
  const from = lines.findIndex((l) => /^(?:Output|Stdout):/.test(l));
  if (from < 0) return { body: text, exitCode: m ? Number(m[1]) : null };
  // The output runs to the `Error:` field just before `Exit Code:` (its own lines may begin "Error:" too).
  let to = exitAt > from ? exitAt : lines.length;
  if (to - 1 > from && /^Error:/.test(lines[to - 1]!)) to -= 1;
  const body = lines
    .slice(from, to)
    .map((l) => l.replace(/^(?:Output|Stdout|Stderr): ?/, ""))
    .filter((l) => l !== "(empty)")
    .join("\n");
  return { body, exitCode: m ? Number(m[1]) : null };
}

/** The lines a successful edit added and removed: the display's before/after, else the call's own text. */
function editCounts(name: string, args: Obj, display: unknown): { added: number; removed: number } {
  if (isObj(display) && typeof display.newContent === "string") {
    return diffCounts(str(display.originalContent) ?? "", display.newContent);
  }
  if (REPLACE_TOOLS.has(name)) return diffCounts(str(args.old_string) ?? "", str(args.new_string) ?? "");
  return { added: lineCount(str(args.content) ?? ""), removed: 0 };
}

/** What a successful call read and the texts of its edits. */
function callFilesOf(name: string, args: Obj, display: unknown): CallFiles {
  const path = str(args.absolute_path) ?? str(args.file_path);
  if (READ_TOOLS.has(name)) return { read: path !== null ? [path] : [] };
  if (READ_MANY_TOOLS.has(name)) {
    const paths = Array.isArray(args.paths) ? args.paths : [];
    return { read: paths.filter((p): p is string => typeof p === "string" && looksLikeFile(p)) };
  }
  if (SHELL_TOOLS.has(name)) {
    const command = str(args.command) ?? "";
    const restored = filesRestoredBy(command).map((p): EditText => ({ kind: "restore", path: p }));
    return { read: filesReadBy(command), ...(restored.length > 0 ? { editTexts: restored } : {}) };
  }
  const file = str(args.file_path);
  if (file === null || !(WRITE_TOOLS.has(name) || REPLACE_TOOLS.has(name))) return {};
  const original = isObj(display) ? str(display.originalContent) : null;
  const before = original !== null ? { before: original } : {};
  if (REPLACE_TOOLS.has(name)) {
    const [old, next] = [str(args.old_string) ?? "", str(args.new_string) ?? ""];
    return { editTexts: [{ kind: "replace", path: file, old, new: next, ...before }] };
  }
  return { editTexts: [{ kind: "write", path: file, after: str(args.content) ?? "", ...before }] };
}

export type CallReading = { ok: boolean; error: string; output: string; outcome: ToolOutcome; exitCode: number | null };

const firstLine = (t: string): string =>
  t
    .split("\n")
    .find((l) => l.trim() !== "")
    ?.trim() ?? "";

/**
 * A failed call's error: for a command that exited non-zero, its output's line
 * that names the failure (a generic "exited with code 1" would make every
 * failure the same); else the response's error; else the result's first line.
 */
function errorOf(
  responseError: string | null,
  shell: ReturnType<typeof readShellResult> | null,
  text: string,
  status: string,
) {
  if (shell !== null && shell.exitCode !== null && shell.exitCode !== 0) return errorLineOf(shell.body, shell.exitCode);
  if (responseError !== null && firstLine(responseError) !== "") return firstLine(responseError);
  return firstLine(text) || status;
}

/** Read one finished call: ok or failed, its error line, its output, what it did for the turn. */
export function readToolCall(call: Obj): CallReading {
  const name = str(call.name) ?? "";
  const args = isObj(call.args) ? call.args : {};
  const status = str(call.status) ?? "success";
  const { text, error: responseError } = resultTextOf(call.result);
  const shell = SHELL_TOOLS.has(name) ? readShellResult(text) : null;
  const exitCode = shell?.exitCode ?? null;
  const ok = !FAILED_STATUSES.has(status) && responseError === null && (exitCode === null || exitCode === 0);
  const error = ok ? "" : errorOf(responseError, shell, text || (str(call.resultDisplay) ?? ""), status);
  const path = str(args.file_path);
  const edits = WRITE_TOOLS.has(name) || REPLACE_TOOLS.has(name);
  const edit = ok && edits && path ? { path, ...editCounts(name, args, call.resultDisplay) } : null;
  const command = shell !== null ? str(args.command) : null;
  const outcome: ToolOutcome = {
    ok,
    ...(ok ? {} : { errorLine: cutText(error, TEXT_CAP_BOUNDS.error_line) }),
    ...(edit ? { edit } : {}),
    ...(ok ? callFilesOf(name, args, call.resultDisplay) : {}),
    ...(command !== null && isTestCommand(command) ? { testRun: true } : {}),
  };
  return { ok, error: cutText(error, TEXT_CAP_BOUNDS.error_line), output: text, outcome, exitCode };
}

/** The todo list of a `write_todos` call: `{todos: [{description, status}]}`. */
export function todoItemsOfArgs(args: unknown): TodoItem[] | null {
  if (!isObj(args) || !Array.isArray(args.todos)) return null;
  const items: TodoItem[] = [];
  for (const t of args.todos) {
    if (!isObj(t)) continue;
    const text = [t.description, t.content, t.text].find((v): v is string => typeof v === "string" && v.trim() !== "");
    if (text !== undefined && typeof t.status === "string") items.push({ text, status: t.status });
  }
  return items;
}
