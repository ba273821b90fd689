// docs/import.md#claude-code — what a successful Claude Code tool call read
// and the texts of its edits, for an iteration's `files_read` and `reverted`
// (docs/import.md#files-read-and-reverts). Reads: `Read` and
// `NotebookRead` of their path, and the simple reads of a `Bash` command
// (shell-files.ts). Edits: `Edit` and each `MultiEdit` edit replace
// `old_string` by `new_string` (the result's `originalFile` is the file
// before); a `Write` writes its `content` over the result's `originalFile`
// (no file when the result says `create`); a `git checkout -- path` puts a
// path back; a `NotebookEdit`, or an edit the user changed before accepting
// it (`userModified`), is an edit without its text. Paths are relative to
// the session's cwd, as `files_modified` has them. O(size of input + result).
import type { CallFiles } from "./transcript/file-activity";
import type { EditText } from "./transcript/reverts";
import { filesReadBy, filesRestoredBy } from "./transcript/shell-files";
import { relativePath } from "./claude-code-tools";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The whole file before a Write: its result's `originalFile`, null for a new file, undefined when unknown. */
function beforeOfWrite(result: Obj | null): string | null | undefined {
  if (result === null) return undefined;
  if (typeof result.originalFile === "string") return result.originalFile;
  return result.type === "create" ? null : undefined;
}

function editTextsOf(name: string, input: Obj, path: string, result: Obj | null): EditText[] {
  const original = result !== null ? (str(result.originalFile) ?? undefined) : undefined;
  if (result?.userModified === true || name === "NotebookEdit") return [{ kind: "opaque", path }];
  const replace = (e: Obj, before?: string): EditText => ({
    kind: "replace",
    path,
    old: str(e.old_string) ?? "",
    new: str(e.new_string) ?? "",
    ...(before !== undefined ? { before } : {}),
  });
  if (name === "Edit") return [replace(input, original)];
  if (name === "MultiEdit") {
    const edits = Array.isArray(input.edits) ? input.edits.filter(isObj) : [];
    return edits.map((e, i) => replace(e, i === 0 ? original : undefined));
  }
  const before = beforeOfWrite(result);
  return [{ kind: "write", path, after: str(input.content) ?? "", ...(before !== undefined ? { before } : {}) }];
}

/** What a successful call read and the texts of its edits. */
export function callFilesOf(name: string, input: unknown, toolUseResult: unknown, cwd: string | null): CallFiles {
  if (!isObj(input)) return {};
  const rel = (p: string) => relativePath(p, cwd);
  const path = str(input.file_path) ?? str(input.notebook_path);
  if ((name === "Read" || name === "NotebookRead") && path !== null) return { read: [rel(path)] };
  if (name === "Bash") {
    const command = str(input.command) ?? "";
    const restored = filesRestoredBy(command).map((p): EditText => ({ kind: "restore", path: rel(p) }));
    return { read: filesReadBy(command).map(rel), ...(restored.length > 0 ? { editTexts: restored } : {}) };
  }
  if (path === null || !["Edit", "MultiEdit", "Write", "NotebookEdit"].includes(name)) return {};
  return { editTexts: editTextsOf(name, input, rel(path), isObj(toolUseResult) ? toolUseResult : null) };
}
