// docs/import.md#files-read-and-reverts — what a shell command does to
// files that an iteration's `files_read` and `reverted` read: the files its
// simple read commands name (`cat`, `head`, `tail`, `nl`, `less`, `more`,
// `sed -n … FILE`, and `grep … FILE` when its last word is a file), and the
// files a `git checkout [--] PATH…` / `git restore PATH…` puts back. Only the
// first command of a pipe reads files. Conservative by design: a word is a
// path only when it has a `/` or a file extension and no glob, expansion or
// redirection in it, so a missed read is possible and an invented one is not.
// O(command length).
import { splitShell } from "./shell-words";

const UNSAFE_RE = /[*?[\]{}$`()<>|;&!=\n]|:\/\//;
const EXTENSION_RE = /\.[A-Za-z][\w-]*$/;
const READ_COMMANDS = new Set(["cat", "head", "tail", "nl", "less", "more", "sed", "grep", "egrep", "fgrep"]);
/** The options of each command that take the next word as their value. */
const VALUE_FLAGS: Record<string, Set<string>> = {
  head: new Set(["-n", "-c", "--lines", "--bytes"]),
  tail: new Set(["-n", "-c", "--lines", "--bytes", "-s", "--sleep-interval", "--pid"]),
  nl: new Set(["-b", "-d", "-f", "-h", "-i", "-l", "-n", "-s", "-v", "-w"]),
  sed: new Set(["-l", "--line-length"]),
  grep: new Set(["-m", "-A", "-B", "-C", "-d", "-D", "--max-count", "--context", "--include", "--exclude", "--label"]),
};
const SCRIPT_FLAGS = new Set(["-e", "--expression", "--regexp", "-f", "--file"]);

/** A word that names a path: a `/` or an extension, nothing a shell would expand, no option. */
export function isPathWord(w: string): boolean {
  if (w === "" || w.startsWith("-") || w.startsWith("+") || UNSAFE_RE.test(w) || w.endsWith("/")) return false;
  if (w.startsWith("/dev/") || w.startsWith("/proc/")) return false;
  return w.includes("/") || EXTENSION_RE.test(w);
}

/** A path word whose last part is a file name with an extension (`src/a.py`, `.eslintrc.json`; not `src`, `.github`). */
export function looksLikeFile(w: string): boolean {
  const base = (w.split("/").pop() ?? "").replace(/^\.+/, "");
  return isPathWord(w) && base.length > 0 && /^[^.].*\.[A-Za-z][\w-]*$/.test(base);
}

type Args = { positional: string[]; flags: string[]; scripts: number };

/** A command's words after its name, split into options and the rest; a value option takes the next word. */
function argsOf(name: string, words: string[]): Args {
  const values = VALUE_FLAGS[name === "egrep" || name === "fgrep" ? "grep" : name] ?? new Set<string>();
  const a: Args = { positional: [], flags: [], scripts: 0 };
  let options = true;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    if (options && w === "--") options = false;
    else if (options && w.startsWith("-") && w !== "-") {
      a.flags.push(w);
      if (SCRIPT_FLAGS.has(w)) a.scripts += 1;
      if (values.has(w) || SCRIPT_FLAGS.has(w)) i += 1;
    } else a.positional.push(w);
  }
  return a;
}

const hasShortFlag = (a: Args, letter: string) => a.flags.some((f) => /^-[a-zA-Z]+$/.test(f) && f.includes(letter));

/** The files one simple command reads. */
function readsOfCommand(words: string[]): string[] {
  const name = (words[0] ?? "").split("/").pop() ?? "";
  if (!READ_COMMANDS.has(name)) return [];
  const a = argsOf(name, words);
  if (name === "sed") {
    const quiet = hasShortFlag(a, "n") || a.flags.some((f) => f === "--quiet" || f === "--silent");
    const inPlace = hasShortFlag(a, "i") || a.flags.some((f) => f.startsWith("--in-place"));
    if (!quiet || inPlace) return [];
    return a.positional.slice(a.scripts > 0 ? 0 : 1).filter(isPathWord);
  }
  if (name.endsWith("grep")) {
    const last = words[words.length - 1] ?? "";
    const files = a.positional.slice(a.scripts > 0 ? 0 : 1);
    return files.length > 0 && files[files.length - 1] === last && looksLikeFile(last) ? [last] : [];
  }
  return a.positional.filter(isPathWord);
}

/** The files a shell command's simple read commands name, in command order, each once. */
export function filesReadBy(command: string): string[] {
  const out: string[] = [];
  for (const c of splitShell(command)) {
    if (c.piped) continue;
    const start = c.words.findIndex((w) => !/^\w+=/.test(w)); // past `VAR=value` prefixes
    for (const path of start >= 0 ? readsOfCommand(c.words.slice(start)) : []) if (!out.includes(path)) out.push(path);
  }
  return out;
}

/** The files a `git checkout [<commit>] -- PATH…` or `git restore PATH…` (not `--staged` alone) puts back. */
export function filesRestoredBy(command: string): string[] {
  const out: string[] = [];
  for (const { words } of splitShell(command)) {
    if (words[0] !== "git" || (words[1] !== "checkout" && words[1] !== "restore")) continue;
    const rest = words.slice(2);
    const dashes = rest.indexOf("--");
    if (words[1] === "restore" && rest.includes("--staged") && !rest.some((w) => w === "--worktree" || w === "-W"))
      continue;
    if (words[1] === "checkout" && rest.some((w) => w === "-b" || w === "-B" || w === "--orphan")) continue;
    // After `--` every plain word is a path; without it `git checkout X` may name a branch: only files count.
    const named = (w: string) => isPathWord(w) || /^\w[\w.-]*$/.test(w);
    const paths = dashes >= 0 ? rest.slice(dashes + 1).filter(named) : rest.filter(looksLikeFile);
    for (const p of paths) if (!out.includes(p)) out.push(p);
  }
  return out;
}
