// One JSONL line → one validated record, or a one-line reason (docs/format.md "Bad
// input"). Dispatch on `type`; a record with no `type` but `name` and `t0`
// is a bare span (the Python `asdict(span)` pattern). Does no I/O and assigns
// no ids: that needs the upload's context (see assign-ids.ts).
import type { z } from "zod";
import { ruleOf } from "../schemas/errors";
import {
  EventRecord,
  IterationRecord,
  RunRecord,
  SpanRecord,
  TaskRecord,
  type IngestRecord,
  type RecordParseOptions,
} from "../schemas/records";
import { isEscapeFree } from "../schemas/storable";

export type LineError = { line: number; message: string };
export type ParsedLine = { ok: true; record: IngestRecord } | { ok: false; message: string };

const SCHEMAS = {
  span: SpanRecord,
  iteration: IterationRecord,
  event: EventRecord,
  task: TaskRecord,
  run: RunRecord,
} as const;

/**
 * Validate an already-parsed JSON value as a docs/format.md record. `opts.escapeFree`:
 * the value was parsed from text that isEscapeFree (no string of it can hold NUL).
 */
export function parseRecordValue(value: unknown, opts?: RecordParseOptions): ParsedLine {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: "a record must be a JSON object" };
  }
  const raw = value as Record<string, unknown>;
  let schema: {
    safeParse: (
      raw: unknown,
      opts?: RecordParseOptions,
    ) => { success: true; data: IngestRecord } | { success: false; error: z.ZodError };
  };
  if (raw.type === undefined) {
    if (!("name" in raw) || !("t0" in raw)) {
      return { ok: false, message: 'missing "type" (a record without one must be a bare span with "name" and "t0")' };
    }
    schema = SpanRecord;
  } else if (typeof raw.type === "string" && Object.hasOwn(SCHEMAS, raw.type)) {
    schema = SCHEMAS[raw.type as keyof typeof SCHEMAS];
  } else {
    return {
      ok: false,
      message: `unknown type ${JSON.stringify(raw.type)?.slice(0, 60)} (expected run, span, iteration, event or task)`,
    };
  }
  const result = schema.safeParse(raw, opts);
  if (result.success) return { ok: true, record: result.data };
  return { ok: false, message: describeIssue(raw, result.error.issues[0]!) }; // a failed parse has an issue
}

/** Parse one line of text. A blank line is `null`: it is ignored, not an error. */
export function parseLine(text: string): ParsedLine | null {
  if (text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `not valid JSON: ${(err as Error).message}` };
  }
  return parseRecordValue(value, { escapeFree: isEscapeFree(text) });
}

function describeIssue(raw: Record<string, unknown>, issue: z.core.$ZodIssue): string {
  const path = pathText(issue.path);
  const type = typeof raw.type === "string" ? raw.type.slice(0, 20) : "span";
  let value: unknown = raw;
  for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
  if (value === undefined && issue.path.length > 0) return `${type}: missing required field "${path}"`;
  return `${type}: field "${path || "record"}": ${ruleOf(issue, { input: raw })}`;
}

const PATH_KEY_CHARS = 60;
const PATH_CHARS = 200;

/** `meta.calls.0.args`, each key cut short and NUL spelled out: the path is quoted in the reply and stored. */
function pathText(path: readonly PropertyKey[]): string {
  const text = path
    .map((key) => {
      const s = String(key).replaceAll("\u0000", "\\u0000");
      return s.length > PATH_KEY_CHARS ? `${s.slice(0, PATH_KEY_CHARS)}…` : s;
    })
    .join(".");
  return text.length > PATH_CHARS ? `${text.slice(0, PATH_CHARS)}…` : text;
}
