// docs/import.md#mini-swe-agent-trajectories, docs/import.md#swe-agent-trajectories —
// reading a command's output in an agent trajectory: the line of a failed
// output that names the failure (what an iteration's `errors` keeps, so the
// same failure step after step reads as the same error), and what files a
// shell command writes. A Python traceback is named by its last exception
// line (`ValueError: …`), not by its `Traceback (most recent call last):`
// banner, which every traceback shares; other outputs by the Codex rule
// (codex-output.ts errorLineOf: `FAILED …`, `E   …`, `error: …`, else the
// first line). Edits: `cat <<EOF > path` (or `>>`, or `tee path <<EOF`)
// writes path with the heredoc's lines; `sed -i … path` edits path (lines
// unknown: 0). Other ways of writing a file (a Python script, `echo >`) are
// not seen. For revert detection (transcript/reverts.ts) a heredoc written
// over a file is its whole new content, one appended or a `sed -i` an edit
// without its text, and a `git checkout -- path` puts a path back. Pure;
// O(output length).
import { errorLineOf } from "./codex-output";
import type { PatchEdit } from "./codex-patch";
import type { EditText } from "./transcript/reverts";
import { filesRestoredBy } from "./transcript/shell-files";
import { splitShell } from "./transcript/shell-words";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

const TRACEBACK_RE = /^[ \t]*Traceback \(most recent call last\):[ \t]*$/gm;
/** The line closing a traceback: an unindented dotted name, maybe with its message (`ValueError: …`). */
const EXCEPTION_LINE_RE = /^[A-Za-z_][\w.]*(?::(?:\s.*)?)?$/;

/** The exception line of an output's last Python traceback: its first unindented line after the frames. */
function exceptionLineOf(body: string): string | null {
  const last = [...body.matchAll(TRACEBACK_RE)].pop();
  if (last === undefined) return null;
  const after = body.slice(last.index + last[0].length).split("\n");
  const line = after.find((l) => l.trim() !== "" && !/^\s/.test(l));
  return line !== undefined && EXCEPTION_LINE_RE.test(line.trimEnd()) ? line.trim() : null;
}

/** The line of a failed output that names the failure; `exit code N` when the output is empty. */
export function failureLineOf(body: string, exitCode: number | null): string {
  const exception = exceptionLineOf(body);
  if (exception !== null) return cutText(exception, TEXT_CAP_BOUNDS.error_line);
  if (body.trim() === "") return exitCode !== null ? `exit code ${exitCode}` : "failed";
  return errorLineOf(body, exitCode);
}

/** Whether an output holds a Python traceback with its closing exception line. */
export function hasTraceback(body: string): boolean {
  return exceptionLineOf(body) !== null;
}

const HEREDOC_WRITE_RE =
  /\b(?:cat\s+(?:<<-?\s*(['"]?)(\w+)\1\s*>>?\s*([^\s;&|<>]+)|>>?\s*([^\s;&|<>]+)\s*<<-?\s*(['"]?)(\w+)\5)|tee\s+(?:-a\s+)?([^\s;&|<>-][^\s;&|<>]*)\s*<<-?\s*(['"]?)(\w+)\8)[^\n]*\n/dg;

/** The heredoc body after `from`: its lines up to the line holding only `delimiter`. */
function heredocBody(command: string, from: number, delimiter: string): string[] {
  const lines = command.slice(from).split("\n");
  const end = lines.findIndex((l) => l.trim() === delimiter);
  return end < 0 ? lines : lines.slice(0, end);
}

/** The heredoc writes of a command: path, body, and whether it appends. */
function heredocWrites(command: string): { path: string; body: string[]; append: boolean }[] {
  const out: { path: string; body: string[]; append: boolean }[] = [];
  for (const m of command.matchAll(HEREDOC_WRITE_RE)) {
    const path = m[3] ?? m[4] ?? m[7];
    const delimiter = m[2] ?? m[6] ?? m[9];
    if (!path || !delimiter || path === "/dev/null") continue;
    const pathAt = (m.indices?.[3] ?? m.indices?.[4] ?? m.indices?.[7])?.[0] ?? m.index;
    const head = command.slice(m.index, pathAt);
    const append = head.includes(">>") || /\btee\s+-a\b/.test(head);
    out.push({ path, body: heredocBody(command, m.index + m[0].length, delimiter), append });
  }
  return out;
}

/** The simple commands of a shell text, each as its words (transcript/shell-words.ts: quotes, redirections, heredocs). */
const simpleCommands = (text: string): string[][] => splitShell(text).map((c) => c.words);

/** The files of one `sed -i` call: its words after the script (or after the `-e` / `-f` scripts). */
function sedFiles(words: string[]): string[] {
  if (words[0] !== "sed" || !words.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith("--in-place"))) return [];
  const files: string[] = [];
  let scripted = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    if (["-e", "--expression", "-f", "--file"].includes(w)) {
      scripted = true;
      i += 1;
    } else if (w.startsWith("-")) continue;
    else if (!scripted) scripted = true;
    else files.push(w);
  }
  return files;
}

/** The files a shell command writes in the ways named above, in command order, each once. */
export function shellEditsOf(command: string): PatchEdit[] {
  const edits = new Map<string, PatchEdit>();
  const add = (path: string, added: number) => {
    const e = edits.get(path) ?? { path, added: 0, removed: 0 };
    e.added += added;
    edits.set(path, e);
  };
  for (const w of heredocWrites(command)) add(w.path, w.body.length);
  for (const words of simpleCommands(command)) for (const path of sedFiles(words)) add(path, 0);
  return [...edits.values()];
}

/** The texts of the edits a shell command makes, in the ways named above, in command order. */
export function shellEditTextsOf(command: string): EditText[] {
  const out: EditText[] = heredocWrites(command).map((w) =>
    w.append ? { kind: "opaque", path: w.path } : { kind: "write", path: w.path, after: w.body.join("\n") },
  );
  for (const words of simpleCommands(command)) for (const path of sedFiles(words)) out.push({ kind: "opaque", path });
  for (const path of filesRestoredBy(command)) out.push({ kind: "restore", path });
  return out;
}
