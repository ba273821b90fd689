// The files `loopscope ingest` and `loopscope analyze` read
// (README.md#getting-data-in): a FILE given by name is read whatever its
// name; a directory is walked for the names the upload page takes from a
// dropped folder (lib/upload-request.ts: .jsonl, .ndjson, .json, .md, .traj, each
// plain or .gz). The walk is depth-first in name order, by code unit and not
// by the locale (`a.jsonl`, `b/c.jsonl`, `d.jsonl`); a walked Markdown file
// only when it is an iteration log (a README beside the logs is not one), so the same tree gives
// the same order everywhere. Below the given directory it skips
// dot-directories (.git, .venv) and node_modules — never the given directory
// itself, so `loopscope ingest ~/.claude/projects` works — and it does not
// follow symbolic links to directories (a link cycle would never end).
// Iterative; O(entries · log entries). Every path is checked before any file
// is read, so a typo does not leave half of them ingested.
import { closeSync, openSync, readdirSync, readSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { detectFormat } from "@/lib/import/detect";
import { isImportFileName } from "@/lib/upload-request";

export type CollectedFiles = {
  /** Files in the order they are read, each path as given or joined below a given directory. */
  files: string[];
  /** One line per path that is missing, not a file or directory, or a directory with nothing to read. */
  problems: string[];
};

/**
 * The files to read for the command's PATHs, relative to the current
 * directory. A file met twice (named and inside a named directory) is read
 * once, where it first came.
 */
export function collectFiles(paths: readonly string[]): CollectedFiles {
  const files: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const key = path.resolve(file);
    if (!seen.has(key)) files.push(file);
    seen.add(key);
  };
  for (const given of paths) {
    const stat = statSync(path.resolve(given), { throwIfNoEntry: false });
    if (!stat) problems.push(`no such file: ${given}`);
    else if (stat.isFile()) add(given);
    else if (!stat.isDirectory()) problems.push(`not a file or directory: ${given}`);
    else {
      const found = walkDirectory(given);
      if (found.length === 0) problems.push(`no importable files in ${given}`);
      found.forEach(add);
    }
  }
  return { files, problems };
}

const SKIPPED_DIRECTORIES = new Set(["node_modules"]);

function walkDirectory(root: string): string[] {
  const found: string[] = [];
  // Paths still to visit, pushed in reverse so that they pop in name order.
  const stack: { path: string; isDirectory: boolean }[] = [{ path: root, isDirectory: true }];
  while (stack.length > 0) {
    const next = stack.pop() as { path: string; isDirectory: boolean };
    if (!next.isDirectory) {
      found.push(next.path);
      continue;
    }
    const entries = readdirSync(path.resolve(next.path), { withFileTypes: true })
      .filter((e) => isVisited(next.path, e))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i] as Dirent;
      stack.push({ path: path.join(next.path, e.name), isDirectory: e.isDirectory() });
    }
  }
  return found;
}

function isVisited(dir: string, e: Dirent): boolean {
  if (e.isDirectory()) return !e.name.startsWith(".") && !SKIPPED_DIRECTORIES.has(e.name);
  const file = path.join(dir, e.name);
  if (!isImportFileName(e.name) || !isFile(file, e.isFile())) return false;
  return !/\.md$/i.test(e.name) || isIterationLog(file);
}

/**
 * Markdown in a walked folder is read only when it is a loop-breaker
 * iteration log (docs/import.md#loop-breaker-iteration-log): a README or notes
 * beside the logs are not uploads. Reads the first 64 KiB; a plain .md only.
 */
function isIterationLog(file: string): boolean {
  const fd = openSync(path.resolve(file), "r");
  try {
    const head = Buffer.alloc(64 * 1024);
    const n = readSync(fd, head, 0, head.length, 0);
    return detectFormat(head.toString("utf8", 0, n)).format === "iteration-log";
  } finally {
    closeSync(fd);
  }
}

/** A file, or a symbolic link to one (links to directories are not followed). */
function isFile(file: string, direntIsFile: boolean): boolean {
  return direntIsFile || (statSync(path.resolve(file), { throwIfNoEntry: false })?.isFile() ?? false);
}

/** A file's modification time in epoch µs: where a log without times ends (docs/import.md#times). */
export function modifiedAtUs(file: string): number {
  return Number(statSync(path.resolve(file), { bigint: true }).mtimeNs / 1000n);
}
