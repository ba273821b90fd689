// Which files `loopscope ingest DIR` / `analyze DIR` read, and in what order.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { collectFiles, modifiedAtUs } from "@/bin/cli/collect-files";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loopscope-collect-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ITERATION_LOG = "# Loop status\n\n## Iteration 1 — 2026-03-04T10:20:00Z\n- Circuit state: CLOSED\n";

/** Create each file (with any missing directories) under the temp directory; a .md one is an iteration log. */
function tree(...files: string[]) {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), file.endsWith(".md") ? ITERATION_LOG : "{}\n");
  }
}
const rel = (files: string[]) => files.map((f) => path.relative(dir, f));

describe("walking a directory", () => {
  test("files come depth-first in name order, by code unit: capitals before lower case", () => {
    // logs/ ─ b.jsonl, a/ ─ z.json, A.md, c.ndjson.gz
    tree("logs/b.jsonl", "logs/a/z.json", "logs/A.md", "logs/c.ndjson.gz");
    expect(rel(collectFiles([path.join(dir, "logs")]).files)).toEqual([
      "logs/A.md",
      "logs/a/z.json",
      "logs/b.jsonl",
      "logs/c.ndjson.gz",
    ]);
  });

  test("only .jsonl, .ndjson, .json, .md and their .gz are picked up", () => {
    tree("d/run.jsonl.gz", "d/x.JSONL", "d/notes.txt", "d/trace.json.bak", "d/data.gz", "d/.jsonl");
    expect(rel(collectFiles([path.join(dir, "d")]).files)).toEqual(["d/run.jsonl.gz", "d/x.JSONL"]);
  });

  test("a Markdown file in a walked directory is read only when it is an iteration log; named, always", () => {
    tree("logs/status.md", "logs/s.jsonl");
    writeFileSync(path.join(dir, "logs/README.md"), "# Nightly loop logs\n\nOne file per night.\n");
    expect(rel(collectFiles([path.join(dir, "logs")]).files)).toEqual(["logs/s.jsonl", "logs/status.md"]);
    expect(rel(collectFiles([path.join(dir, "logs/README.md")]).files)).toEqual(["logs/README.md"]);
  });

  test("dot-directories and node_modules below it are skipped, the given directory is walked even when dotted", () => {
    tree(".claude/projects/p/s.jsonl", ".claude/.git/HEAD.json", ".claude/node_modules/pkg/package.json");
    expect(rel(collectFiles([path.join(dir, ".claude")]).files)).toEqual([".claude/projects/p/s.jsonl"]);
  });

  test("a symbolic link to a file is read, one to a directory is not followed", () => {
    tree("real/a.jsonl", "d/b.jsonl");
    symlinkSync(path.join(dir, "real/a.jsonl"), path.join(dir, "d/link.jsonl"));
    symlinkSync(path.join(dir, "d"), path.join(dir, "d/loop"));
    expect(rel(collectFiles([path.join(dir, "d")]).files)).toEqual(["d/b.jsonl", "d/link.jsonl"]);
  });

  test("a directory with nothing to read is a problem naming it", () => {
    tree("empty/readme.txt", "empty/.hidden/a.jsonl");
    const d = path.join(dir, "empty");
    expect(collectFiles([d])).toEqual({ files: [], problems: [`no importable files in ${d}`] });
  });
});

describe("paths given by name", () => {
  test("a file named explicitly is read whatever its name, in the order given", () => {
    tree("b/notes.txt", "a.jsonl");
    const files = [path.join(dir, "b/notes.txt"), path.join(dir, "a.jsonl")];
    expect(collectFiles(files)).toEqual({ files, problems: [] });
  });

  test("a missing path is named and the others are still collected", () => {
    tree("a.jsonl");
    const missing = path.join(dir, "missing.jsonl");
    expect(collectFiles([path.join(dir, "a.jsonl"), missing])).toEqual({
      files: [path.join(dir, "a.jsonl")],
      problems: [`no such file: ${missing}`],
    });
  });

  test("a file named and also inside a named directory is read once, where it first came", () => {
    tree("d/a.jsonl", "d/b.jsonl");
    const b = path.join(dir, "d/b.jsonl");
    expect(rel(collectFiles([b, path.join(dir, "d")]).files)).toEqual(["d/b.jsonl", "d/a.jsonl"]);
  });
});

test("the modification time is read to the microsecond", () => {
  tree("a.jsonl");
  const file = path.join(dir, "a.jsonl");
  utimesSync(file, 1772619600.25, 1772619600.25);
  expect(modifiedAtUs(file)).toBe(1772619600_250000);
});
