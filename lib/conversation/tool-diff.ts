// The edits of a tool call as diffs, for the conversation tab
// (docs/dashboard.md#conversation). What counts as an edit is read from the
// call's input: an old and a new text (Claude Code's Edit, Gemini CLI's
// replace: `old_string`/`new_string`; SWE-agent's `old_str`/`new_str`) is a
// line diff of the two (line-diff.ts); MultiEdit's `edits[]` one diff each;
// a write (`Write`, `write_file`: `content`) every line added; a Codex
// apply_patch (its input, or the patch a shell command applies: the same
// reading as the importer's, lib/import/codex-patch.ts) its files' `-` and
// `+` lines as written, context lines kept, one block per hunk. At most
// DIFF_MAX_LINES lines a call (the rest counted), each cut at
// DIFF_LINE_MAX_CHARS. Pure; O(size of the input) but for the line diff's
// own bound. No diff against the file on disk: only what the call said.
import { commandText, patchOfApplyPatchCall, patchOfCommand } from "../import/codex-patch";
import type { ConversationDiffBlock, ConversationToolDiff } from "../schemas/conversation";
import { diffLines, splitLines } from "./line-diff";
import { filePathOfInput } from "./tool-summary";

/** Lines of one call's diff shown at most; the rest are counted. */
export const DIFF_MAX_LINES = 300;
/** A diff line longer than this is cut (a minified file). */
export const DIFF_LINE_MAX_CHARS = 1000;

export type DiffBlock = ConversationDiffBlock;
export type ToolDiff = ConversationToolDiff;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

const WRITE_TOOLS = new Set(["write", "write_file", "create_file"]);
const PATCH_SHELL_TOOLS = new Set(["shell", "shell_command", "exec_command", "local_shell", "container.exec"]);

/** The call's edits as diff blocks, or null when its input is no edit. */
export function diffOfToolCall(name: string, input: unknown): ToolDiff | null {
  const blocks = blocksOf(name.toLowerCase(), input);
  return blocks === null || blocks.length === 0 ? null : capLines(blocks);
}

function blocksOf(tool: string, input: unknown): DiffBlock[] | null {
  const patch = patchOf(tool, input);
  if (patch !== null) return patchBlocks(patch);
  if (!isObj(input)) return null;
  const path = filePathOfInput(input);
  const pair = replacePair(input);
  if (pair !== null) return [{ path, note: null, lines: diffLines(pair.old, pair.new) }];
  if (Array.isArray(input.edits)) {
    const edits = input.edits.map((e) => (isObj(e) ? replacePair(e) : null));
    if (edits.length > 0 && edits.every((e) => e !== null))
      return edits.map((e) => ({ path, note: null, lines: diffLines(e.old, e.new) }));
  }
  const content = str(input.content);
  if (WRITE_TOOLS.has(tool) && content !== null)
    return [{ path, note: null, lines: splitLines(content).map((text) => ({ op: "add", text })) }];
  return null;
}

function replacePair(o: Obj): { old: string; new: string } | null {
  const before = str(o.old_string) ?? str(o.old_str);
  const after = str(o.new_string) ?? str(o.new_str);
  return before !== null && after !== null ? { old: before, new: after } : null;
}

function patchOf(tool: string, input: unknown): string | null {
  if (tool === "apply_patch" || tool === "applypatch") return patchOfApplyPatchCall(input);
  if (!PATCH_SHELL_TOOLS.has(tool) || !isObj(input)) return null;
  const command = input.command ?? input.cmd;
  return patchOfCommand(command, commandText(command));
}

const FILE_HEADER_RE = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/;
const NOTES: Record<string, string> = { "Add File": "new file", "Delete File": "deleted" };

/** A Codex patch's files: a block per Update hunk (at `@@`), its lines as written. */
export function patchBlocks(patch: string): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let block: DiffBlock | null = null;
  for (const line of patch.split("\n")) {
    const header = FILE_HEADER_RE.exec(line.trimEnd());
    if (header?.[1] === "Move to") {
      if (block !== null) block.note = `moved to ${header[2]!.trim()}`;
    } else if (header) {
      block = { path: header[2]!.trim(), note: NOTES[header[1]!] ?? null, lines: [] };
      blocks.push(block);
    } else if (block !== null && line.startsWith("@@")) {
      if (block.lines.length > 0) {
        block = { path: block.path, note: null, lines: [] };
        blocks.push(block);
      }
    } else if (block !== null && !line.startsWith("***")) {
      const op = line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "same";
      block.lines.push({ op, text: op === "same" && !line.startsWith(" ") ? line : line.slice(1) });
    }
  }
  return blocks.filter((b) => b.lines.length > 0 || b.note !== null);
}

/** At most DIFF_MAX_LINES lines over all blocks, each cut at DIFF_LINE_MAX_CHARS. */
function capLines(blocks: DiffBlock[]): ToolDiff {
  let room = DIFF_MAX_LINES;
  let hidden = 0;
  const kept: DiffBlock[] = [];
  for (const b of blocks) {
    const lines = b.lines
      .slice(0, Math.max(0, room))
      .map((l) =>
        l.text.length > DIFF_LINE_MAX_CHARS ? { op: l.op, text: `${l.text.slice(0, DIFF_LINE_MAX_CHARS)}…` } : l,
      );
    hidden += b.lines.length - lines.length;
    room -= lines.length;
    if (lines.length > 0 || (b.lines.length === 0 && room > 0)) kept.push({ ...b, lines });
  }
  return { blocks: kept, hiddenLines: hidden };
}
