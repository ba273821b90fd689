// docs/import.md#loop-breaker-iteration-log — the bullets of one iteration
// of a loop-breaker status log (`- Field: value`) → iteration fields. The
// harness's own readings (circuit state, progress score, stagnation risk,
// API calls remaining) are kept as `logged_*` extra fields, shown beside
// the replayed ones; the rest are iteration fields of docs/format.md. A
// field name is matched without case, spacing or Markdown emphasis. A value
// that does not read is the bullet's rejection reason. O(length of the line).
import { WORK_KINDS } from "../schemas/records";

/** What one iteration's bullets gave. */
export type LoggedIteration = {
  fields: Record<string, unknown>;
  /** The logged circuit state and the line it is on. */
  state: { value: string; lineNo: number } | null;
  /** The list field the last bullet filled: an indented sub-bullet adds to it. */
  openList: "files_modified" | "errors" | null;
};

export const CIRCUIT_STATES = ["CLOSED", "OPEN", "HALF_OPEN"] as const;
const RISKS = ["LOW", "MEDIUM", "HIGH"] as const;
const NONE_RE = /^(none|n\/a|-|—|\[\])?$/i;

const countOf = (v: string): number | null => {
  const t = v.replace(/[,_\s]/g, "");
  return /^\d+$/.test(t) ? Number(t) : null;
};

function setCount(key: string, label: string) {
  return (v: string, it: LoggedIteration): string | null => {
    const n = countOf(v);
    if (n === null) return `"${label}" is not a count: ${JSON.stringify(v.slice(0, 40))}`;
    it.fields[key] = n;
    return null;
  };
}

const upperSnake = (v: string) =>
  v
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
const lowerSnake = (v: string) =>
  v
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function setChoice(key: string, label: string, choices: readonly string[], norm = upperSnake) {
  return (v: string, it: LoggedIteration): string | null => {
    const c = norm(v);
    if (!choices.includes(c))
      return `"${label}" must be one of ${choices.join(", ")}: ${JSON.stringify(v.slice(0, 40))}`;
    it.fields[key] = c;
    return null;
  };
}

function readTests(v: string, it: LoggedIteration): string | null {
  if (NONE_RE.test(v.trim())) return null;
  const tests: Record<string, number> = {};
  for (const part of v.split(/[,;]/)) {
    const m = /^\s*(\d+)\s+(passed|passing|failed|failing|skipped)\s*$/i.exec(part);
    if (!m) return `"Tests" should read "41 passed, 2 failed, 0 skipped": ${JSON.stringify(v.slice(0, 60))}`;
    const word = (m[2] ?? "").toLowerCase();
    tests[word.startsWith("pass") ? "passed" : word.startsWith("fail") ? "failed" : "skipped"] = Number(m[1]);
  }
  it.fields.tests = tests;
  return null;
}

function readScore(v: string, it: LoggedIteration): string | null {
  const t = v.trim().replace(/^−/, "-");
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return `"Progress score" is not a number: ${JSON.stringify(v.slice(0, 40))}`;
  it.fields.logged_progress_score = Number(t);
  return null;
}

function readList(key: "files_modified" | "errors") {
  return (v: string, it: LoggedIteration): string | null => {
    const list = (it.fields[key] as string[] | undefined) ?? [];
    const text = v.trim();
    if (!NONE_RE.test(text)) {
      if (key === "errors") list.push(text);
      else
        list.push(
          ...text
            .split(",")
            .map((f) => f.trim())
            .filter((f) => f !== ""),
        );
    }
    it.fields[key] = list;
    it.openList = key;
    return null;
  };
}

function readReverted(v: string, it: LoggedIteration): string | null {
  const t = v.trim().toLowerCase();
  if (!["yes", "no", "true", "false"].includes(t))
    return `"Reverted" must be yes or no: ${JSON.stringify(v.slice(0, 40))}`;
  it.fields.reverted = t === "yes" || t === "true";
  return null;
}

function readState(v: string, it: LoggedIteration, lineNo: number): string | null {
  const error = setChoice("logged_circuit_state", "Circuit state", CIRCUIT_STATES)(v, it);
  if (error === null) it.state = { value: it.fields.logged_circuit_state as string, lineNo };
  return error;
}

function setText(key: string) {
  return (v: string, it: LoggedIteration): string | null => {
    if (!NONE_RE.test(v.trim())) it.fields[key] = v.trim();
    return null;
  };
}

type FieldReader = (value: string, it: LoggedIteration, lineNo: number) => string | null;

/** Field names (lower case, single spaces) → how to read the value. */
const READERS: Record<string, FieldReader> = {
  "circuit state": readState,
  "circuit breaker state": readState,
  "tasks completed": setCount("tasks_completed", "Tasks completed"),
  "files modified": readList("files_modified"),
  "files changed": readList("files_modified"),
  tests: readTests,
  "errors encountered": readList("errors"),
  errors: readList("errors"),
  "progress score": readScore,
  "api calls remaining": setCount("logged_api_calls_remaining", "API calls remaining"),
  "stagnation risk": setChoice("logged_risk", "Stagnation risk", RISKS),
  task: setText("task_id"),
  "current task": setText("task_id"),
  approach: setText("approach"),
  "work kind": setChoice("work_kind", "Work kind", WORK_KINDS, lowerSnake),
  "lines added": setCount("lines_added", "Lines added"),
  "lines removed": setCount("lines_removed", "Lines removed"),
  "tokens used": setCount("tokens_used", "Tokens used"),
  "api calls": setCount("api_calls", "API calls"),
  "newly passing": setCount("newly_passing", "Newly passing"),
  "build errors resolved": setCount("build_errors_resolved", "Build errors resolved"),
  "output lines": setCount("output_lines", "Output lines"),
  "context tokens": setCount("context_tokens", "Context tokens"),
  "context window": setCount("context_window", "Context window"),
  reverted: readReverted,
};

const BULLET_RE = /^(\s*)[-*+]\s+(.*)$/;

/** Read one bullet line into the iteration; a string is why the line does not fit. */
export function readBullet(line: string, lineNo: number, it: LoggedIteration): string | null {
  const m = BULLET_RE.exec(line.replace(/\*\*|__|`/g, ""));
  if (!m) return "not a `- Field: value` bullet";
  const [, indent = "", body = ""] = m;
  const colon = body.indexOf(":");
  const name = colon < 0 ? "" : body.slice(0, colon).trim().toLowerCase().replace(/\s+/g, " ");
  const reader = READERS[name];
  if (reader) {
    it.openList = null;
    return reader(body.slice(colon + 1).trim(), it, lineNo);
  }
  if (indent.length >= 2 && it.openList !== null) return readList(it.openList)(body, it);
  return colon < 0 ? "not a `- Field: value` bullet" : `unknown field "${body.slice(0, colon).trim().slice(0, 60)}"`;
}
