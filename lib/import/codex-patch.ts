// docs/import.md#codex-cli-sessions — what a Codex tool call does to the
// work tree and whether it runs tests. Codex edits files only with
// `apply_patch`: a `custom_tool_call` whose `input` is the patch, a
// `function_call` whose arguments hold it in `input`, or a shell command
// (`["apply_patch", patch]`, or `apply_patch <<'PATCH' … PATCH` in bash).
// The patch's `*** Add File:` / `*** Update File:` / `*** Delete File:` /
// `*** Move to:` headers name the files; its `+` / `-` lines are the lines
// added and removed; for revert detection (transcript/reverts.ts) each
// Update hunk (up to the next `@@`) replaces its `-` lines by its `+` lines,
// an added file is written whole, a deleted one is an edit without its text.
// A shell call's command (`shell`, `shell_command`, `exec_command`,
// `local_shell_call`) is what test-run detection and the files-read reader
// read. Pure; O(patch length).
import type { EditText } from "./transcript/reverts";

export type PatchEdit = { path: string; added: number; removed: number };

const FILE_HEADER_RE = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/;
const PATCH_RE = /\*\*\* Begin Patch[\s\S]*?(?:\*\*\* End Patch|$)/;
const APPLY_PATCH_CMD_RE = /^\s*(?:cd\s+\S+\s*&&\s*)?(?:apply_patch|applypatch)\b/;
const SHELL_RE = /(?:^|\/)(?:bash|sh|zsh)$/;

/** Tools whose arguments carry a shell command, and the argument that holds it. */
const SHELL_TOOLS: Record<string, string> = {
  shell: "command",
  shell_command: "command",
  exec_command: "cmd",
  "container.exec": "command",
  local_shell: "command",
};

/** The files a patch touches, each with its added and removed lines, in patch order. */
export function readPatch(patch: string): PatchEdit[] {
  const edits: PatchEdit[] = [];
  let current: PatchEdit | null = null;
  for (const line of patch.split("\n")) {
    const header = FILE_HEADER_RE.exec(line.trimEnd());
    if (header) {
      const path = (header[2] ?? "").trim();
      if (header[1] === "Move to") {
        if (current !== null) current.path = path;
        continue;
      }
      current = { path, added: 0, removed: 0 };
      edits.push(current);
    } else if (current !== null && !line.startsWith("***")) {
      if (line.startsWith("+")) current.added += 1;
      else if (line.startsWith("-")) current.removed += 1;
    }
  }
  return edits;
}

type PatchFile = { op: string; path: string; removed: string[]; added: string[] };

/** One file section's (or Update hunk's) text, when it has any. */
function sectionText(f: PatchFile): EditText[] {
  if (f.op === "Add File") return [{ kind: "write", path: f.path, after: f.added.join("\n"), before: null }];
  if (f.op === "Delete File") return [{ kind: "opaque", path: f.path }];
  if (f.removed.length === 0 && f.added.length === 0) return [];
  return [{ kind: "replace", path: f.path, old: f.removed.join("\n"), new: f.added.join("\n") }];
}

/** The texts of a patch's edits, in patch order. */
export function patchTextsOf(patch: string): EditText[] {
  const out: EditText[] = [];
  let file: PatchFile | null = null;
  for (const line of patch.split("\n")) {
    const header = FILE_HEADER_RE.exec(line.trimEnd());
    if (header && header[1] === "Move to") {
      if (file !== null) file.path = (header[2] ?? "").trim();
    } else if (header) {
      if (file !== null) out.push(...sectionText(file));
      file = { op: header[1] ?? "", path: (header[2] ?? "").trim(), removed: [], added: [] };
    } else if (file !== null && line.startsWith("@@") && file.op === "Update File") {
      out.push(...sectionText(file));
      Object.assign(file, { removed: [], added: [] });
    } else if (file !== null && !line.startsWith("***")) {
      if (line.startsWith("+")) file.added.push(line.slice(1));
      else if (line.startsWith("-")) file.removed.push(line.slice(1));
    }
  }
  if (file !== null) out.push(...sectionText(file));
  return out;
}

/** Whether a tool carries a shell command in its arguments. */
export const isShellTool = (tool: string): boolean => SHELL_TOOLS[tool] !== undefined;

/** The command line of a shell call's `command`: `["bash","-lc",script]` → script; other argv joined. */
export function commandText(command: unknown): string | null {
  if (typeof command === "string") return command;
  if (!Array.isArray(command) || !command.every((c): c is string => typeof c === "string")) return null;
  const [exe = "", flag = "", script] = command;
  if (command.length === 3 && SHELL_RE.test(exe) && /^-\w*c$/.test(flag) && script !== undefined) return script;
  return command.join(" ");
}

/** The shell command a call runs, from its tool name and parsed arguments; null when it is no shell call. */
export function shellCommandOf(tool: string, args: unknown): string | null {
  const key = SHELL_TOOLS[tool];
  if (key === undefined || args === null || typeof args !== "object") return null;
  return commandText((args as Record<string, unknown>)[key]);
}

/** The patch a shell command applies: `["apply_patch", patch]` or an `apply_patch` heredoc. */
export function patchOfCommand(command: unknown, text: string | null): string | null {
  if (Array.isArray(command) && /^(?:apply_patch|applypatch)$/.test(String(command[0])) && command.length >= 2) {
    return typeof command[1] === "string" ? command[1] : null;
  }
  if (text === null || !APPLY_PATCH_CMD_RE.test(text)) return null;
  return PATCH_RE.exec(text)?.[0] ?? null;
}

/** The patch an `apply_patch` tool call carries: its raw input, or `{"input": patch}`. */
export function patchOfApplyPatchCall(args: unknown): string | null {
  if (typeof args === "string") return args;
  if (args !== null && typeof args === "object") {
    const input = (args as Record<string, unknown>).input ?? (args as Record<string, unknown>).patch;
    if (typeof input === "string") return input;
  }
  return null;
}
