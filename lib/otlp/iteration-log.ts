// docs/otlp.md — a log record named `loopscope.iteration` → a docs/format.md
// iteration record, so a harness can send its loop log over OTLP. The
// attributes carry the iteration fields under their JSONL names (`n`,
// `tasks_completed`, `files_modified`, `tests` as a kvlist or as
// `tests.passed`/`tests.failed`/`tests.skipped`, …); numbers and booleans may
// be strings. `ts` is the record time. Attributes that are no iteration field
// are kept (the schema moves them to `attrs`). A record without `n` is
// rejected. The zod schema still validates the result in the route.
import { formatTimeUs } from "../time";
import type { LogEvent } from "./claude-code";
import { toBool, toCount, toInt, toText } from "./coerce";
import type { IterationWire } from "./wire";

type Attrs = Record<string, unknown>;

export const ITERATION_EVENT = "loopscope.iteration";

const COUNT_FIELDS = [
  "tasks_completed",
  "lines_added",
  "lines_removed",
  "newly_passing",
  "build_errors_resolved",
  "output_lines",
  "api_calls",
  "tokens_used",
  "context_tokens",
  "context_window",
] as const;
const TEXT_FIELDS = ["task_id", "approach", "work_kind"] as const;
const LIST_FIELDS = ["files_modified", "errors"] as const;
const SKIPPED_KEYS = new Set([
  "event.name",
  "event.sequence",
  "event.timestamp",
  "loopscope.run_id",
  "session.id",
  "type",
  "run_id",
  "ts",
]);

/** A string list from an OTLP array, or from a JSON-encoded array string. */
function toStringList(value: unknown): string[] | null {
  let v = value;
  if (typeof v === "string" && v.trim().startsWith("[")) {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(v)) return null;
  return v.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
}

function testsOf(attrs: Attrs): IterationWire["tests"] {
  const nested = typeof attrs.tests === "object" && attrs.tests !== null ? (attrs.tests as Attrs) : {};
  const read = (k: string) => toCount(nested[k] ?? attrs[`tests.${k}`]) ?? undefined;
  const tests = { passed: read("passed"), failed: read("failed"), skipped: read("skipped") };
  return Object.values(tests).some((v) => v !== undefined) ? tests : null;
}

/** One `loopscope.iteration` log record → an iteration wire object, or why not. */
export function mapIterationLog(e: LogEvent): IterationWire[] | string {
  const n = toInt(e.attrs.n);
  if (n === null || n < 0) return `${ITERATION_EVENT} record has no iteration number n`;
  const out: IterationWire = { type: "iteration", run_id: e.runId, n, ts: formatTimeUs(e.timeUs) };
  const known = new Set<string>(["n", "tests", "reverted", ...COUNT_FIELDS, ...TEXT_FIELDS, ...LIST_FIELDS]);
  for (const key of COUNT_FIELDS) out[key] = toCount(e.attrs[key]);
  for (const key of TEXT_FIELDS) out[key] = toText(e.attrs[key]);
  for (const key of LIST_FIELDS) out[key] = toStringList(e.attrs[key]);
  out.reverted = toBool(e.attrs.reverted);
  out.tests = testsOf(e.attrs);
  for (const key of Object.keys(e.attrs)) {
    if (!known.has(key) && !key.startsWith("tests.") && !SKIPPED_KEYS.has(key)) out[key] = e.attrs[key];
  }
  out.sequence = e.sequence;
  return [out];
}
