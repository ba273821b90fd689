// docs/import.md#swe-agent-trajectories — what a successful SWE-agent action
// read and the texts of its edits, for a step's `files_read` and `reverted`
// (docs/import.md#files-read-and-reverts). Reads: `open <path>` (not
// when the observation says the file is not there), `str_replace_editor view
// <file>` (a directory view reads no file), and the simple reads of a shell
// command (shell-files.ts). Edits: `edit '<search>' '<replace>'` replaces in
// the open file; `str_replace_editor str_replace` replaces `--old_str` by
// `--new_str`, `insert` inserts `--new_str`, `create` writes `--file_text` as
// a new file, `undo_edit` puts the path back; `create <path>` writes an empty
// new file; a line-window `edit a:b` / `insert` / `append` is an edit without
// its text; shell edits as trajectory-output.ts reads them. Paths relative to
// the working directory, as `files_modified` has them. O(action length).
import { relativePath } from "./claude-code-tools";
import type { CallFiles } from "./transcript/file-activity";
import type { EditText } from "./transcript/reverts";
import { filesReadBy, looksLikeFile } from "./transcript/shell-files";
import { splitShell } from "./transcript/shell-words";
import { shellEditTextsOf } from "./trajectory-output";
import type { SweState } from "./swe-agent-steps";

const WINDOW_EDITS = new Set(["edit", "insert", "append"]);
/** SWE-agent's own tools that read no file beyond the open one (or `open` and `view`, read above). */
const SWE_TOOLS = new Set([
  "create",
  "str_replace_editor",
  "goto",
  "scroll_up",
  "scroll_down",
  "find_file",
  "search_file",
  "search_dir",
  "submit",
  "filemap",
]);
const NOT_THERE_RE = /\bnot found\b|\bdoes not exist\b|\bno such file\b/i;

/** The word after option `name`, when it has one. */
function optionOf(words: string[], name: string): string | null {
  const at = words.indexOf(name);
  return at >= 0 && at + 1 < words.length ? (words[at + 1] as string) : null;
}

/** The texts of a `str_replace_editor <command> <path> …` edit. */
function editorTexts(words: string[], path: string): EditText[] {
  const command = words[1];
  const text = (name: string) => optionOf(words, name) ?? "";
  if (command === "str_replace") return [{ kind: "replace", path, old: text("--old_str"), new: text("--new_str") }];
  if (command === "insert") return [{ kind: "replace", path, old: "", new: text("--new_str") }];
  if (command === "create") return [{ kind: "write", path, after: text("--file_text"), before: null }];
  if (command === "undo_edit") return [{ kind: "restore", path }];
  return [];
}

function editTextsOf(action: string, words: string[], state: SweState, rel: (p: string) => string): EditText[] {
  const name = words[0] ?? "";
  const open = state.openFile !== null ? rel(state.openFile) : null;
  if (WINDOW_EDITS.has(name) && open !== null) {
    const replace = name === "edit" && !/^\s*edit\s+\d+:\d+/.test(action) && words.length >= 3;
    if (!replace) return [{ kind: "opaque", path: open }];
    return [{ kind: "replace", path: open, old: words[1] as string, new: words[2] as string }];
  }
  if (name === "create" && words[1] !== undefined) {
    return [{ kind: "write", path: rel(words[1]), after: "", before: null }];
  }
  if (name === "str_replace_editor" && words[2] !== undefined) return editorTexts(words, rel(words[2]));
  return shellEditTextsOf(action).map((e) => (e.path !== null ? { ...e, path: rel(e.path) } : e));
}

/** What a successful action read and the texts of its edits. */
export function sweCallFilesOf(action: string, observation: string, state: SweState): CallFiles {
  const rel = (p: string) => relativePath(p, state.workingDir);
  const words = splitShell(action)[0]?.words ?? [];
  const name = words[0] ?? "";
  const texts = editTextsOf(action, words, state, rel);
  const edits = texts.length > 0 ? { editTexts: texts } : {};
  if (name === "open" && words[1] !== undefined) {
    const there = !NOT_THERE_RE.test(observation.split("\n", 1)[0] ?? "");
    return { read: there ? [rel(words[1])] : [], ...edits };
  }
  if (name === "str_replace_editor" && words[1] === "view") {
    return { read: words[2] !== undefined && looksLikeFile(words[2]) ? [rel(words[2])] : [], ...edits };
  }
  // A tool's text (an edit's lines) is no shell command: only a shell action's reads are read from it.
  const tool = WINDOW_EDITS.has(name) || SWE_TOOLS.has(name);
  return { read: tool ? [] : filesReadBy(action).map(rel), ...edits };
}
