// docs/import.md#outcomes-from-a-grader — the file a grader writes about a set
// of runs, as `loopscope ingest DIR --outcomes FILE` reads it: a JSON list of
// `{run | file | <label fields>…, success}` entries, a SWE-bench per-instance
// report (`{instance_id: {resolved}}`) or its summary (`resolved_ids`,
// `unresolved_ids`). An entry names its run by id (`run`), by the file it was
// imported from (`file`, a base name), or else by its other scalar fields, each
// equal to the run's label of that name (tau-bench: `task_id`, `trial`). Pure;
// O(entries · runs) for label matches, O(entries) otherwise.
import type { OutcomeInput } from "./schemas/run-outcome";

export type OutcomeEntry = {
  run?: string;
  file?: string;
  /** Scalar fields matched against the run's labels (as strings). */
  labels: Record<string, string>;
  success: boolean;
};

/** An imported run, as the matcher sees it: its id, the base names of its files, its labels. */
export type OutcomeTarget = { runId: string; files: string[]; labels: Record<string, string> };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** The entries of an outcomes document, or why it is not one (naming the entry and field). */
export function parseOutcomesFile(doc: unknown): OutcomeEntry[] | { error: string } {
  if (Array.isArray(doc)) return parseList(doc);
  if (!isObj(doc)) return { error: "an outcomes file is a JSON list of {run | file, success} or a SWE-bench report" };
  if (Array.isArray(doc.resolved_ids) || Array.isArray(doc.unresolved_ids)) {
    const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    return [
      ...ids(doc.resolved_ids).map((run) => ({ run, labels: {}, success: true })),
      ...ids(doc.unresolved_ids).map((run) => ({ run, labels: {}, success: false })),
    ];
  }
  const entries: OutcomeEntry[] = [];
  for (const [run, v] of Object.entries(doc)) {
    if (!isObj(v) || typeof v.resolved !== "boolean") return { error: `"${run}": expected {"resolved": true | false}` };
    entries.push({ run, labels: {}, success: v.resolved });
  }
  return entries;
}

function parseList(list: unknown[]): OutcomeEntry[] | { error: string } {
  const entries: OutcomeEntry[] = [];
  for (const [i, v] of list.entries()) {
    if (!isObj(v)) return { error: `entry ${i + 1}: not a JSON object` };
    const success = typeof v.success === "boolean" ? v.success : typeof v.resolved === "boolean" ? v.resolved : null;
    if (success === null) return { error: `entry ${i + 1}: field "success": expected true or false` };
    const labels: Record<string, string> = {};
    for (const [k, x] of Object.entries(v))
      if (!["run", "file", "success", "resolved"].includes(k) && isScalar(x)) labels[k] = String(x);
    const entry: OutcomeEntry = { labels, success };
    if (typeof v.run === "string" && v.run !== "") entry.run = v.run;
    if (typeof v.file === "string" && v.file !== "") entry.file = v.file;
    if (!entry.run && !entry.file && Object.keys(labels).length === 0)
      return { error: `entry ${i + 1}: names no run: give "run", "file" or fields the run has as labels` };
    entries.push(entry);
  }
  return entries;
}

/** Whether a parsed JSON document is an outcomes file (so a walked folder does not import it as runs). */
export function isOutcomesDocument(doc: unknown): boolean {
  if (Array.isArray(doc)) {
    return doc.length > 0 && doc.every((v) => isObj(v) && typeof (v.success ?? v.resolved) === "boolean");
  }
  if (!isObj(doc)) return false;
  if (Array.isArray(doc.resolved_ids)) return true;
  const values = Object.values(doc);
  return values.length > 0 && values.every((v) => isObj(v) && typeof v.resolved === "boolean");
}

export type OutcomeMatch = { runId: string; outcome: OutcomeInput };

/**
 * Each entry's run: by id first, then by file, then by labels (every field
 * equal). An entry that matches no run is returned apart, so the CLI can say so.
 */
export function matchOutcomes(
  entries: OutcomeEntry[],
  targets: OutcomeTarget[],
  detail: string,
): { matched: OutcomeMatch[]; unmatched: OutcomeEntry[] } {
  const byId = new Map(targets.map((t) => [t.runId, t]));
  const byFile = new Map<string, OutcomeTarget[]>();
  for (const t of targets) for (const f of t.files) byFile.set(f, [...(byFile.get(f) ?? []), t]);
  const matched: OutcomeMatch[] = [];
  const unmatched: OutcomeEntry[] = [];
  for (const e of entries) {
    const runs = targetsOf(e, byId, byFile, targets);
    if (runs.length === 0) unmatched.push(e);
    const outcome: OutcomeInput = { status: e.success ? "success" : "failure", score: e.success ? 1 : 0, detail };
    for (const t of runs) matched.push({ runId: t.runId, outcome });
  }
  return { matched, unmatched };
}

function targetsOf(
  e: OutcomeEntry,
  byId: Map<string, OutcomeTarget>,
  byFile: Map<string, OutcomeTarget[]>,
  all: OutcomeTarget[],
): OutcomeTarget[] {
  if (e.run !== undefined) {
    const t = byId.get(e.run);
    if (t) return [t];
  }
  if (e.file !== undefined) {
    const base = e.file.split(/[\\/]/).pop() ?? e.file;
    const ts = byFile.get(base);
    if (ts) return ts;
  }
  const keys = Object.entries(e.labels);
  if (e.run !== undefined || e.file !== undefined || keys.length === 0) return [];
  return all.filter((t) => keys.every(([k, v]) => t.labels[k] === v));
}
