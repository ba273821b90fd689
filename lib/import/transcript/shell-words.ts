// docs/import.md#files-read-and-reverts — a shell command line split
// into its simple commands, each as its words, the way a reader of what the
// command did to files needs it: quotes removed, `\` escapes honoured,
// redirections and their targets dropped (`2>/dev/null`, `> out.txt`, `2>&1`),
// here-document bodies skipped (their text is data, never a command), `#`
// comments dropped. Commands are split on `&&`, `||`, `;`, `&` and newlines;
// a command after `|` is marked `piped` (it reads its input, not files).
// Deliberately no expansion: `$VAR`, `$(…)` and globs stay as written, for
// the caller to refuse. O(command length).

export type ShellCommand = { words: string[]; piped: boolean };

type Heredoc = { delimiter: string; stripTabs: boolean };

/** Where the here-document bodies pending at the newline at `at` end: the index after their last line. */
function skipHeredocs(text: string, at: number, pending: Heredoc[]): number {
  let i = at + 1;
  for (const h of pending) {
    while (i < text.length) {
      const end = text.indexOf("\n", i);
      const line = text.slice(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end + 1;
      if ((h.stripTabs ? line.replace(/^\t+/, "") : line).trim() === h.delimiter) break;
    }
  }
  return i - 1; // the newline that ends the last body line: it still ends the command
}

/** A redirection operator at `i` (`>`, `>>`, `<`, `<<`, `<<-`, `<<<`, `&>`, `>&2`, `2>&1`): its text. */
function redirectionAt(text: string, i: number): string {
  return /^(?:&>>?|<<<|<<-?|<>|>>?&?[-\d]*|<&?[-\d]*|>\|)/.exec(text.slice(i))?.[0] ?? "";
}

/** What the word after a redirection operator is: a here-document's delimiter, a target to drop, or none (`2>&1`). */
function targetOf(op: string): "drop" | "heredoc" | "heredoc-tabs" | null {
  if (op === "<<") return "heredoc";
  if (op === "<<-") return "heredoc-tabs";
  return /[<>]&[-\d]+$/.test(op) ? null : "drop";
}

/** The simple commands of a shell text. */
export function splitShell(text: string): ShellCommand[] {
  const out: ShellCommand[] = [];
  let cmd: ShellCommand = { words: [], piped: false };
  let word: string | null = null;
  let target: "drop" | "heredoc" | "heredoc-tabs" | null = null;
  const pending: Heredoc[] = [];
  const endWord = () => {
    if (word === null) return;
    if (target === "heredoc" || target === "heredoc-tabs") {
      pending.push({ delimiter: word, stripTabs: target === "heredoc-tabs" });
    } else if (target === null) cmd.words.push(word);
    target = null;
    word = null;
  };
  const endCommand = (piped: boolean) => {
    endWord();
    target = null;
    if (cmd.words.length > 0) out.push(cmd);
    cmd = { words: [], piped };
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? "") + text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '"') {
      let j = i + 1;
      let s = "";
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\" && /["\\$`\n]/.test(text[j + 1] ?? "")) j += 1;
        s += text[j];
      }
      word = (word ?? "") + s;
      i = j;
    } else if (c === "\\") {
      if (text[i + 1] !== "\n") word = (word ?? "") + (text[i + 1] ?? "");
      i += 1;
    } else if (c === "#" && word === null) {
      const end = text.indexOf("\n", i);
      i = (end < 0 ? text.length : end) - 1;
    } else if (c === "\n") {
      endCommand(false);
      if (pending.length > 0) i = skipHeredocs(text, i, pending.splice(0));
    } else if (c === " " || c === "\t" || c === "\r") {
      endWord();
    } else if (redirectionAt(text, i) !== "") {
      const op = redirectionAt(text, i);
      if (word !== null && /^\d+$/.test(word)) word = null; // the fd of `2>`
      endWord();
      target = targetOf(op);
      i += op.length - 1;
    } else if (c === "|" || c === "&" || c === ";") {
      const two = text.slice(i, i + 2);
      const op = two === "&&" || two === "||" || two === "|&" || two === ";;" ? two : c;
      endCommand(op === "|" || op === "|&");
      i += op.length - 1;
    } else {
      word = (word ?? "") + c;
    }
  }
  endCommand(false);
  return out;
}
