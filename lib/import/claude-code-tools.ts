// docs/import.md#claude-code — what a Claude Code tool call did, read from its
// `tool_use` input and its `tool_result`: the file it edited and the lines
// it added and removed (Edit, MultiEdit, Write, NotebookEdit; the result's
// `structuredPatch` when the transcript has one, else the old/new text), whether
// the user or the permission mode refused it, the command or path it was
// about, and the one line that names its failure. O(size of input + result).
import type { CcBlock } from "./claude-code-lines";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

export const SUBAGENT_TOOLS = new Set(["Task", "Agent"]);
export const SHELL_TOOLS = new Set(["Bash"]);
export const TODO_TOOL = "TodoWrite";

/** The lines of a text: "" has none, a trailing newline ends the last line. */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** Lines added and removed between two texts: what is left after their common first and last lines. */
export function diffCounts(before: string, after: string): { added: number; removed: number } {
  const a = before === "" ? [] : before.replace(/\n$/, "").split("\n");
  const b = after === "" ? [] : after.replace(/\n$/, "").split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
    tail += 1;
  return { added: b.length - head - tail, removed: a.length - head - tail };
}

/** `+`/`-` lines of a `structuredPatch` (a list of hunks with `lines`); null when there is none. */
function patchCounts(toolUseResult: unknown): { added: number; removed: number } | null {
  if (!isObj(toolUseResult) || !Array.isArray(toolUseResult.structuredPatch)) return null;
  const hunks = toolUseResult.structuredPatch.filter(isObj);
  if (hunks.length === 0) return null;
  let added = 0;
  let removed = 0;
  for (const h of hunks) {
    for (const line of Array.isArray(h.lines) ? h.lines : []) {
      if (typeof line !== "string") continue;
      if (line.startsWith("+")) added += 1;
      else if (line.startsWith("-")) removed += 1;
    }
  }
  return { added, removed };
}

export type Edit = { path: string; added: number; removed: number };

/** A path relative to the session's cwd when it lies under it. */
export function relativePath(path: string, cwd: string | null): string {
  if (!cwd) return path;
  const base = cwd.replace(/[\\/]+$/, "");
  const sep = path.slice(base.length, base.length + 1);
  return path.startsWith(base) && (sep === "/" || sep === "\\") ? path.slice(base.length + 1) : path;
}

function editCounts(name: string, input: Obj): { added: number; removed: number } {
  if (name === "Edit") return diffCounts(str(input.old_string) ?? "", str(input.new_string) ?? "");
  if (name === "MultiEdit") {
    const edits = Array.isArray(input.edits) ? input.edits.filter(isObj) : [];
    return edits
      .map((e) => diffCounts(str(e.old_string) ?? "", str(e.new_string) ?? ""))
      .reduce((s, c) => ({ added: s.added + c.added, removed: s.removed + c.removed }), { added: 0, removed: 0 });
  }
  if (name === "NotebookEdit") {
    const source = str(input.new_source) ?? "";
    return input.edit_mode === "delete" ? { added: 0, removed: 0 } : { added: lineCount(source), removed: 0 };
  }
  return { added: lineCount(str(input.content) ?? ""), removed: 0 }; // Write of a new file
}

/** The file a successful editing call changed, with its line counts; null for any other call. */
export function editOf(name: string, input: unknown, toolUseResult: unknown, cwd: string | null): Edit | null {
  if (!isObj(input)) return null;
  const path = str(input.file_path) ?? str(input.notebook_path);
  if (path === null || !["Edit", "MultiEdit", "Write", "NotebookEdit"].includes(name)) return null;
  let counts = patchCounts(toolUseResult) ?? editCounts(name, input);
  const original = isObj(toolUseResult) ? str(toolUseResult.originalFile) : null;
  if (name === "Write" && original !== null && patchCounts(toolUseResult) === null) {
    counts = diffCounts(original, str(input.content) ?? "");
  }
  return { path: relativePath(path, cwd), ...counts };
}

/** The command or path a call is about: the `detail` of its permission event. */
export function subjectOf(input: unknown): string | null {
  if (!isObj(input)) return null;
  for (const key of ["command", "file_path", "notebook_path", "path", "url", "pattern", "query"]) {
    const v = str(input[key]);
    if (v !== null && v !== "") return v.slice(0, 2000);
  }
  return null;
}

/** The text of a tool_result block: its string content, or its text parts joined. */
export function resultTextOf(block: CcBlock): string {
  const c = block.content;
  if (typeof c === "string") return c;
  if (!Array.isArray(c)) return "";
  return c
    .filter((p): p is Obj => isObj(p) && typeof p.text === "string")
    .map((p) => p.text as string)
    .join("\n");
}

const DENIAL_RES = [
  /^The user doesn't want to (?:proceed with this tool use|take this action)/,
  /^Permission to .+ has been denied/,
  /requested permissions? to .+ but you haven't granted it yet/,
];

/** Did the user, or the permission mode, refuse the call? Read from its failed result's text. */
export function isPermissionDenial(text: string): boolean {
  const t = text.replace(/^\s*(?:<tool_use_error>|Error:\s*)/, "");
  return DENIAL_RES.some((re) => re.test(t));
}

const EXIT_HEADER_RE = /^Exit code \d+$/;
const ERROR_WORD_RE = /\b(?:fail|failed|failure|fatal)\b|error|exception|traceback|panic/i;

/**
 * The line that names a failure: the first line of the result that mentions
 * an error (`E   AssertionError: …`, `FAIL src/x.test.ts`), else its first
 * line — past the `Exit code N` header a failed shell call starts with, which
 * would make every failing command look like the same error.
 */
export function errorLineOf(text: string): string {
  const lines = text
    .replace(/<\/?tool_use_error>/g, "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const body = lines.filter((l) => !EXIT_HEADER_RE.test(l));
  const line = body.find((l) => ERROR_WORD_RE.test(l)) ?? body[0] ?? lines[0] ?? "failed";
  return cutText(line, TEXT_CAP_BOUNDS.error_line);
}
