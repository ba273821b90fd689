// The state file of `loopscope watch` (docs/import.md#watching-a-live-session):
// each file's size and modification time at its last successful send, keyed
// by absolute path, so that a restarted watch sends only what changed since.
// Default `<first DIR>/.loopscope-watch.json`, `--state FILE` elsewhere. It is
// written whole to a temporary file and renamed over the old one, so a watch
// killed mid-write leaves the previous state, never half of one. A missing
// file is an empty state; an unreadable one too, with a warning: the worst
// that costs is sending every file once more, which stores nothing twice.
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { FileMark } from "./watch-plan";

export const STATE_FILE_NAME = ".loopscope-watch.json";

const WatchStateFile = z.object({
  version: z.literal(1),
  files: z.record(z.string(), z.object({ size: z.number(), mtime_ms: z.number() })),
});

/** Where the state goes without --state: in the first PATH, or beside it when it is a file. */
export function defaultStateFile(firstPath: string): string {
  const full = path.resolve(firstPath);
  const isDirectory = statSync(full, { throwIfNoEntry: false })?.isDirectory() ?? false;
  return path.join(isDirectory ? full : path.dirname(full), STATE_FILE_NAME);
}

/** The marks of the files sent before; `warning` when the file was there but could not be read. */
export function readWatchState(file: string): { sent: Record<string, FileMark>; warning?: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { sent: {} };
    return { sent: {}, warning: `cannot read the state file ${file}: ${(err as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const parsed = WatchStateFile.safeParse(value);
  if (!parsed.success) return { sent: {}, warning: `the state file ${file} is not a watch state: starting afresh` };
  return { sent: parsed.data.files };
}

export function writeWatchState(file: string, sent: Record<string, FileMark>): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify({ version: 1, files: sent }, null, 1) + "\n");
  renameSync(temporary, file);
}
