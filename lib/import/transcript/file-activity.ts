// docs/import.md#files-read-and-reverts — an iteration's `files_read`,
// `reverted` and `reverted_edits`, from what its successful tool calls read
// and edited (a failed call read and changed nothing the agent can rely on).
// `files_read`: the paths in first-read order, each once, at most
// MAX_FILES_READ of at most MAX_PATH_CHARS characters; left out when a call
// may have read files the importer cannot name (a redacted command).
// `reverted`: true when an edit reverted an earlier one (reverts.ts), false
// when every edit could be judged and none did, left out otherwise;
// `reverted_edits` counts the reverting edits beside it. O(paths) per call.
import { recordEdit, type EditText, type RevertTracker } from "./reverts";

export const MAX_FILES_READ = 50;
export const MAX_PATH_CHARS = 300;

export type FileActivity = { read: string[]; readKnown: boolean; reverts: number; revertKnown: boolean };

/** What a successful call read and edited. */
export type CallFiles = {
  /** The files it read; null when it may have read files the importer cannot name. */
  read?: string[] | null;
  /** Its edits' texts. */
  editTexts?: EditText[];
};

export function createFileActivity(): FileActivity {
  return { read: [], readKnown: true, reverts: 0, revertKnown: true };
}

/** Note one successful call. */
export function noteCallFiles(a: FileActivity, tracker: RevertTracker, call: CallFiles): void {
  if (call.read === null) a.readKnown = false;
  for (const raw of call.read ?? []) {
    const path = raw.slice(0, MAX_PATH_CHARS);
    if (path !== "" && a.read.length < MAX_FILES_READ && !a.read.includes(path)) a.read.push(path);
  }
  for (const e of call.editTexts ?? []) {
    const reverts = recordEdit(tracker, e);
    if (reverts === null) a.revertKnown = false;
    if (reverts === true) a.reverts += 1;
  }
}

/** The iteration wire fields of an activity. */
export function fileActivityFields(a: FileActivity): Record<string, unknown> {
  return {
    ...(a.readKnown ? { files_read: a.read } : {}),
    ...(a.revertKnown || a.reverts > 0 ? { reverted: a.reverts > 0, reverted_edits: a.reverts } : {}),
  };
}
