// docs/analysis.md#session-detectors — two stagnation detectors that read what
// an agent session's steps touched, as its importer records it
// (docs/import.md#files-read-and-reverts): `edits_reverted` holds when
// REVERTING_ITERATIONS of the last REVERT_WINDOW iterations undid an earlier
// edit (the agent flip-flops between two versions of a file); `no_new_files`
// holds after NO_NEW_FILES_RUN iterations in a row that changed no file and
// read none it had not read before (it goes round the same few files, or
// runs the same command, without learning anything). They serve `autonomous`
// and `interactive` runs (the profiles list them: shape-profiles.ts); a loop
// run's seed detectors do not include them. An iteration whose importer
// cannot tell what it read (no `files_read`) or changed (no `files_modified`)
// breaks the run of no_new_files: unknown is never stuck. O(paths) per
// iteration; the seen paths are kept since the detectors were last armed.
import type { StoredIteration } from "../schemas/records";
import type { DetectorStatus } from "./stagnation-detectors";

export const REVERT_WINDOW = 6;
export const REVERTING_ITERATIONS = 3;
export const NO_NEW_FILES_RUN = 20;

export type SessionHistory = {
  /** Per iteration of the last REVERT_WINDOW: did it revert an earlier edit. */
  reverts: boolean[];
  /** Iterations in a row that changed nothing and read nothing new. */
  quietRun: number;
  /** Every path read or changed since the detectors were armed. */
  seen: Set<string>;
};

export function emptySessionHistory(): SessionHistory {
  return { reverts: [], quietRun: 0, seen: new Set() };
}

/** The paths an iteration read (`files_read`, an importer's extra field), or null when it does not say. */
export function filesReadOf(it: StoredIteration): string[] | null {
  const v = it.attrs.files_read;
  if (!Array.isArray(v)) return null;
  return v.filter((p): p is string => typeof p === "string");
}

/** Did the iteration undo an earlier change: `reverted`, or a positive `reverted_edits`. */
export function revertedOf(it: StoredIteration): boolean {
  const edits = it.attrs.reverted_edits;
  return it.reverted === true || (typeof edits === "number" && edits > 0);
}

/** Add one iteration (mutates the history). */
export function recordSessionIteration(h: SessionHistory, it: StoredIteration): void {
  h.reverts.push(revertedOf(it));
  if (h.reverts.length > REVERT_WINDOW) h.reverts.shift();
  const read = filesReadOf(it);
  const changed = it.filesModified;
  if (read === null || changed === null) {
    h.quietRun = 0;
    return;
  }
  const touched = [...read, ...changed];
  const learned = changed.length > 0 || touched.some((p) => !h.seen.has(p));
  for (const p of touched) h.seen.add(p);
  h.quietRun = learned ? 0 : h.quietRun + 1;
}

const revertingIterations = (h: SessionHistory) => h.reverts.filter(Boolean).length;

export function editsRevertedStatus(h: SessionHistory): DetectorStatus {
  const n = revertingIterations(h);
  return { holds: n >= REVERTING_ITERATIONS, near: n === REVERTING_ITERATIONS - 1 };
}

export function noNewFilesStatus(h: SessionHistory): DetectorStatus {
  return { holds: h.quietRun >= NO_NEW_FILES_RUN, near: h.quietRun === NO_NEW_FILES_RUN - 1 };
}

export function describeEditsReverted(h: SessionHistory): string {
  return `${revertingIterations(h)} of the last ${h.reverts.length} iterations undid an earlier edit`;
}

export function describeNoNewFiles(h: SessionHistory): string {
  return `${h.quietRun} iterations in a row changed no file and read none not read before`;
}
