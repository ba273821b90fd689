// docs/import.md#files-read-and-reverts — whether an edit undoes an
// earlier successful edit of the same session on the same path: a
// replacement that turns an earlier one's new text back into its old text
// (A: X→Y, later B: Y→X), a whole-file write that restores the file's
// content from before an earlier edit or write of it, or a restore (`git
// checkout -- path`, SWE-agent's `undo_edit`) of a path edited since its last
// restore. Texts compare with trailing whitespace trimmed per line and
// trailing newlines dropped; an edit that changes nothing by that measure is
// no edit. Memory is bounded: per path the last MEMORY_PER_PATH pairs and
// earlier contents as short hashes, never the texts; at most MAX_PATHS paths.
// An edit whose text the importer lacks (`opaque`) cannot be judged: null.
// Pure but for its own state; O(edit length) per edit.
import { createHash } from "node:crypto";

export type EditText =
  /** `old` replaced by `new` (an Edit, a replace, a patch hunk); `before`: the whole file before, when known. */
  | { kind: "replace"; path: string; old: string; new: string; before?: string | null }
  /** The whole file written; `before` its content before (null: no file), undefined when unknown. */
  | { kind: "write"; path: string; after: string; before?: string | null }
  /** The path put back as it was (`git checkout -- path`, `undo_edit`). */
  | { kind: "restore"; path: string }
  /** An edit whose text the importer does not have (`sed -i`, a line-window edit, a redacted patch). */
  | { kind: "opaque"; path: string | null };

export const MEMORY_PER_PATH = 20;
const MAX_PATHS = 2000;
const HASH_CHARS = 16;

type PathMemory = {
  /** `old>new` hashes of the replacements, oldest first. */
  pairs: string[];
  /** Hashes of the whole file's earlier contents, oldest first. */
  befores: string[];
  /** The hash of its content after the latest whole-file write, while nothing else changed it. */
  last: string | null;
  /** Edited since the session started or since its last restore. */
  changed: boolean;
};

export type RevertTracker = Map<string, PathMemory>;

export function createRevertTracker(): RevertTracker {
  return new Map();
}

/** The short hash of a text with trailing whitespace trimmed per line and trailing newlines dropped. */
export function textHash(text: string): string {
  const normal = text
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n+$/, "");
  return createHash("sha1").update(normal).digest("hex").slice(0, HASH_CHARS);
}

const remember = (list: string[], hash: string) => {
  list.push(hash);
  if (list.length > MEMORY_PER_PATH) list.shift();
};

function memoryOf(t: RevertTracker, path: string): PathMemory {
  let m = t.get(path);
  if (m === undefined) {
    m = { pairs: [], befores: [], last: null, changed: false };
    t.set(path, m);
    if (t.size > MAX_PATHS) t.delete(t.keys().next().value as string);
  }
  return m;
}

function replace(m: PathMemory, e: Extract<EditText, { kind: "replace" }>): boolean {
  const [from, to] = [textHash(e.old), textHash(e.new)];
  if (from === to) return false;
  const reverts = m.pairs.includes(`${to}>${from}`);
  remember(m.pairs, `${from}>${to}`);
  if (typeof e.before === "string") remember(m.befores, textHash(e.before));
  m.last = null;
  m.changed = true;
  return reverts;
}

function write(m: PathMemory, e: Extract<EditText, { kind: "write" }>): boolean {
  const after = textHash(e.after);
  const before = typeof e.before === "string" ? textHash(e.before) : e.before === null ? null : m.last;
  if (before === after) return false;
  const reverts = m.befores.includes(after);
  if (before !== null) remember(m.befores, before);
  m.last = after;
  m.changed = true;
  return reverts;
}

/** Record a successful edit: true when it reverts an earlier one, false when not, null when it cannot tell. */
export function recordEdit(t: RevertTracker, e: EditText): boolean | null {
  if (e.kind === "opaque") {
    if (e.path !== null) Object.assign(memoryOf(t, e.path), { last: null, changed: true });
    return null;
  }
  const m = memoryOf(t, e.path);
  if (e.kind === "replace") return replace(m, e);
  if (e.kind === "write") return write(m, e);
  const reverts = m.changed;
  Object.assign(m, { last: null, changed: false });
  return reverts;
}
