// docs/import.md#files-read-and-reverts: the files a shell command's
// simple reads name, and the files a git checkout / restore puts back.
// Missing a read is allowed; inventing one is not.
import { describe, expect, test } from "vitest";
import { filesReadBy, filesRestoredBy, isPathWord, looksLikeFile } from "@/lib/import/transcript/shell-files";
import { splitShell } from "@/lib/import/transcript/shell-words";

describe("splitting a command line", () => {
  test("quotes are removed, redirections and their targets dropped, pipes marked", () => {
    expect(splitShell(`grep -n "a b" 'x.py' 2>/dev/null | head -5 && cat > out.txt; echo ok 2>&1`)).toEqual([
      { words: ["grep", "-n", "a b", "x.py"], piped: false },
      { words: ["head", "-5"], piped: true },
      { words: ["cat"], piped: false },
      { words: ["echo", "ok"], piped: false },
    ]);
  });

  test("a here-document's body is data, not commands; a comment is nothing", () => {
    const text = "cat <<'EOF' > notes.py\ncat secret.py\nhead = x.py\nEOF\n# cat hidden.py\npython notes.py";
    expect(splitShell(text).map((c) => c.words)).toEqual([["cat"], ["python", "notes.py"]]);
  });

  test("a quoted argument keeps its newlines and operators", () => {
    expect(splitShell(`git commit -m "$(cat <<'EOF'\nfix: a | b; c\nEOF\n)"`).map((c) => c.words)).toEqual([
      ["git", "commit", "-m", "$(cat <<'EOF'\nfix: a | b; c\nEOF\n)"],
    ]);
  });
});

describe("files a shell command reads", () => {
  test.each([
    ["cat src/app.ts", ["src/app.ts"]],
    ["cat -n README.md setup.cfg", ["README.md", "setup.cfg"]],
    ["head -n 40 lib/a.py", ["lib/a.py"]],
    ["tail -20 logs/run.log", ["logs/run.log"]],
    ["nl -ba django/db/models/query.py | sed -n '1210,1215p'", ["django/db/models/query.py"]],
    ["sed -n '30,50p' django/urls/resolvers.py", ["django/urls/resolvers.py"]],
    ["sed -n -e '/class A/,/def b/p' a.py", ["a.py"]],
    ['grep -n "def parse" src/dates.ts', ["src/dates.ts"]],
    ['grep -A 5 "File Uploads" docs/releases/3.0.txt', ["docs/releases/3.0.txt"]],
    ["cd /testbed && cat a.py && cat a.py; less b.md", ["a.py", "b.md"]],
    ["LC_ALL=C cat ~/.claude/history.jsonl | jq .", ["~/.claude/history.jsonl"]],
    ["cat .env", [".env"]],
  ])("%s reads %j", (command, files) => {
    expect(filesReadBy(command)).toEqual(files);
  });

  test.each([
    ["a pipe's later command reads its input", "git diff | head -50 src/a.py"],
    ["sed -i edits, it does not read", "sed -i 's/a/b/' src/a.py"],
    ["sed without -n prints a script's output, not a read we trust", "sed 's/a/b/' src/a.py"],
    ["grep of a directory", "grep -rn 'TODO' src/"],
    ["grep of a name without an extension (a directory)", "grep -rn foo django/db"],
    ["grep whose last word is its pattern", "grep foo.py"],
    ["grep whose last word is an option", "grep -n foo a.py --color"],
    ["a glob", "head -3 logs/*.jsonl"],
    ["an expansion", 'cat "$FILE" $(ls) `pwd`/a.py'],
    ["a word with no / and no extension", "cat Makefile LICENSE"],
    ["a redirection's target", "cat < in.txt > out.txt 2> err.log"],
    ["a here-document fed to cat", "cat <<EOF\nsrc/a.py\nEOF"],
    ["stdin and devices", "cat - /dev/null"],
    ["a command that is no read", "python src/a.py && ls src/a.py && wc -l b.py"],
    ["numbers and ranges", "head -n 1.5 && sed -n 1,20p"],
  ])("none when it is %s", (_rule, command) => {
    expect(filesReadBy(command)).toEqual([]);
  });

  test("a path word needs a / or an extension; a file also a name before the extension", () => {
    expect(["src/a", "a.py", ".env", "src", "-n", "x=1.py", "https://a.io/x.py", "dir/"].map(isPathWord)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(["src/a.py", ".eslintrc.json", ".github", "src/utils", "v1.2"].map(looksLikeFile)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("files a git command puts back", () => {
  test.each([
    ["git checkout django/db/models/sql/query.py", ["django/db/models/sql/query.py"]],
    ["git checkout a.py b/c.py && pytest", ["a.py", "b/c.py"]],
    ["git checkout HEAD~1 -- Makefile src/a", ["Makefile", "src/a"]],
    ["git restore src/a.ts", ["src/a.ts"]],
    ["git restore --staged --worktree src/a.ts", ["src/a.ts"]],
    ["git checkout main", []],
    ["git checkout -b fix/a.b", []],
    ["git restore --staged src/a.ts", []],
    ["git checkout .", []],
  ])("%s restores %j", (command, files) => {
    expect(filesRestoredBy(command)).toEqual(files);
  });
});
