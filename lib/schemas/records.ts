// The wire format of docs/format.md (Loopscope JSONL v1) and the normalised records
// that ingest produces from it. Per record type: a zod schema that validates
// the raw JSON object (`X.schema`) and a plain function that normalises it
// (`X.normalize`); `X.parse` / `X.safeParse` do both. Normalising outside
// zod's `.transform` keeps zod on its fast path: validation is the ingest hot
// loop (see `npm run bench -- ingest`). Record types are the normalisers'
// return types, nowhere hand-written. Unknown fields are kept: in `meta` for
// spans, in `attrs` for the rest. Every bound is what the database column
// holds (storable.ts, docs/format.md#what-the-database-holds), so a record that validates is stored.
import { z } from "zod";
import { isTimeOutOfRange, MAX_TIME_US, parseTimeUs } from "../time";
import { compileAccept } from "./fast-accept";
import { OutcomeInput, outcomeOf, RunShape } from "./run-outcome";
import {
  fitsUtf8Bytes,
  hasNoNul,
  ID_MAX,
  MAX_COST_USD,
  MAX_DURATION_MS,
  MAX_TOKENS,
  NAME_MAX_BYTES,
  NAME_MAX_CHARS,
  NUL_MESSAGE,
  storableRecord,
} from "./storable";

export const SPAN_KINDS = ["tool", "llm", "agent", "other"] as const;
export const WORK_KINDS = ["feature", "test_fix", "refactor", "docs", "other"] as const;
export const RECORD_TYPES = ["run", "span", "iteration", "event", "task"] as const;

/** A wire time: epoch seconds or ISO-8601 with an offset, in the years 1970–2199 (lib/time.ts). */
export const WireTime = z.union([z.number(), z.string()]).refine((v) => parseTimeUs(v) !== null, {
  error: (iss) =>
    isTimeOutOfRange(iss.input)
      ? `out of range: times must fall in the years 1970–2199, got ${JSON.stringify(iss.input).slice(0, 40)}`
      : `not a time: ${JSON.stringify(iss.input).slice(0, 40)}`,
});

/** Epoch microseconds of a time the schema already validated. */
const us = (v: number | string): number => parseTimeUs(v) as number;
/** The last time kept, as a local: read per span. */
const LAST_US = MAX_TIME_US;

/** Options of a record's safeParse: `escapeFree`, the record came from text that isEscapeFree (storable.ts). */
export type RecordParseOptions = { escapeFree?: boolean };

/**
 * A zod schema that validates plus a plain normaliser: what each record type
 * exports. The schema is the record's shape with the storable check; its twin
 * for escape-free text skips that check's string scans. `byteLimits`: fields
 * kept within UTF-8 bytes.
 */
function codec<S extends z.ZodObject<z.core.$ZodLooseShape, z.core.$loose>, T>(
  shape: S,
  byteLimits: Record<string, number>,
  normalize: (wire: z.output<S>) => T,
) {
  const schema = shape.check(storableRecord(byteLimits)) as S;
  const escapeFreeSchema = shape.check(storableRecord(byteLimits, { strings: false })) as S;
  // The same schemas compiled accept-only (fast-accept.ts): a record they accept is its own parsed value.
  const accept = compileAccept(schema);
  const acceptEscapeFree = compileAccept(escapeFreeSchema);
  return {
    schema,
    escapeFreeSchema,
    normalize,
    parse: (raw: unknown): T => normalize(schema.parse(raw)),
    safeParse: (
      raw: unknown,
      opts: RecordParseOptions = {},
    ): { success: true; data: T; error?: undefined } | { success: false; error: z.ZodError } => {
      if ((opts.escapeFree ? acceptEscapeFree : accept)?.(raw))
        return { success: true, data: normalize(raw as z.output<S>) };
      const r = (opts.escapeFree ? escapeFreeSchema : schema).safeParse(raw);
      return r.success ? { success: true, data: normalize(r.data) } : { success: false, error: r.error };
    },
  };
}

/** An id: 1–512 characters; at most 512 bytes of UTF-8 too, checked by the storable check (ID_BYTES). */
export const Id = z.string().min(1).max(ID_MAX);
/** An id sent outside a record (`?run_id=`): an Id checked whole here, as no record check sees it. */
export const IdParam = Id.refine(hasNoNul, { error: NUL_MESSAGE }).refine(
  (s) => s.length > ID_MAX || fitsUtf8Bytes(s, ID_MAX), // over in characters: said once, above
  { error: `must be at most ${ID_MAX} bytes long in UTF-8` },
);
/** Ids within the bytes an index row holds (storable.ts). */
const ID_BYTES = { run_id: ID_MAX, task_id: ID_MAX };
/** A count in an int4 column (z.int32: the integer and range checks in one). */
const Count = z.int32().nonnegative();
/** A token count (bigint columns, summed into the run's totals). */
const Tokens = z.number().int().nonnegative().max(MAX_TOKENS);
const JsonObject = z.record(z.string(), z.unknown());

/** Fields that are not part of a record type's schema, kept verbatim. */
function extrasOf(raw: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in raw) if (!known.has(key)) out[key] = raw[key];
  return out;
}

const spanShape = {
  type: z.literal("span").optional(),
  run_id: Id.optional(),
  span_id: Id.optional(),
  parent_id: Id.nullish(),
  name: z.string().min(1).max(NAME_MAX_CHARS),
  kind: z.enum(SPAN_KINDS).optional(),
  t0: WireTime,
  t1: WireTime.nullish(),
  /** A negative duration counts as 0, like a t1 before t0. */
  duration_ms: z.number().max(MAX_DURATION_MS).nullish(),
  ok: z.boolean().nullish(),
  error: z.string().nullish(),
  iteration: z.int32().nullish(),
  task_id: Id.nullish(),
  tokens_in: Tokens.nullish(),
  tokens_out: Tokens.nullish(),
  cost_usd: z.number().nonnegative().max(MAX_COST_USD).nullish(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  meta: JsonObject.nullish(),
};
const SPAN_KEYS = new Set(Object.keys(spanShape));

/** How much of a span's output is stored (docs/format.md#span): the head, for the span panel. */
export const SPAN_OUTPUT_MAX_CHARS = 2000;

/**
 * A span's output as stored: a string cut to SPAN_OUTPUT_MAX_CHARS (never
 * inside a surrogate pair), any other JSON value as its JSON text; null when absent.
 */
export function spanOutputOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  const text = typeof output === "string" ? output : JSON.stringify(output);
  if (text.length <= SPAN_OUTPUT_MAX_CHARS) return text;
  const last = text.charCodeAt(SPAN_OUTPUT_MAX_CHARS - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? SPAN_OUTPUT_MAX_CHARS - 1 : SPAN_OUTPUT_MAX_CHARS;
  return text.slice(0, end);
}

const SPAN_BYTES = { ...ID_BYTES, span_id: ID_MAX, parent_id: ID_MAX, name: NAME_MAX_BYTES };

/** docs/format.md span, including the bare `{name,t0,t1,ok,error,meta}` form. docs/analysis.md#calls-and-containers readings. */
export const SpanRecord = codec(z.looseObject(spanShape), SPAN_BYTES, (r) => {
  const t0Us = us(r.t0);
  let t1Us = r.t1 != null ? us(r.t1) : r.duration_ms != null ? t0Us + Math.round(r.duration_ms * 1000) : t0Us;
  if (t1Us < t0Us) t1Us = t0Us;
  if (t1Us > LAST_US) t1Us = LAST_US; // a duration_ms that runs past the last time kept ends there
  const error = r.error ?? "";
  const extras = extrasOf(r, SPAN_KEYS);
  return {
    type: "span" as const,
    runId: r.run_id ?? null,
    spanId: r.span_id ?? null,
    parentId: r.parent_id ?? null,
    name: r.name,
    kind: r.kind ?? "tool",
    t0Us,
    t1Us,
    ok: r.ok ?? error === "",
    error,
    iteration: r.iteration ?? null,
    taskId: r.task_id ?? null,
    tokensIn: r.tokens_in ?? null,
    tokensOut: r.tokens_out ?? null,
    costUsd: r.cost_usd ?? null,
    /** The call's arguments, any JSON; null when absent (a JSON null too). */
    input: (r.input ?? null) as unknown,
    output: spanOutputOf(r.output),
    meta: { ...(r.meta ?? {}), ...extras },
  };
});
export type SpanRecord = ReturnType<typeof SpanRecord.normalize>;

const iterationShape = {
  type: z.literal("iteration"),
  run_id: Id.optional(),
  n: Count,
  ts: WireTime,
  task_id: Id.nullish(),
  tasks_completed: Count.nullish(),
  files_modified: z.array(z.string()).nullish(),
  lines_added: Count.nullish(),
  lines_removed: Count.nullish(),
  tests: z.object({ passed: Count.optional(), failed: Count.optional(), skipped: Count.optional() }).nullish(),
  newly_passing: Count.nullish(),
  build_errors_resolved: Count.nullish(),
  errors: z.array(z.string()).nullish(),
  reverted: z.boolean().nullish(),
  output_lines: Count.nullish(),
  api_calls: Count.nullish(),
  tokens_used: Tokens.nullish(),
  context_tokens: Tokens.nullish(),
  context_window: Tokens.nullish(),
  approach: z.string().nullish(),
  work_kind: z.string().nullish(),
};
const ITERATION_KEYS = new Set(Object.keys(iterationShape));

/** docs/format.md iteration. Absent fields stay null: they count for nothing (docs/analysis.md#absent-and-empty-fields). */
export const IterationRecord = codec(z.looseObject(iterationShape), ID_BYTES, (r) => ({
  type: "iteration" as const,
  runId: r.run_id ?? null,
  n: r.n,
  tsUs: us(r.ts),
  taskId: r.task_id ?? null,
  tasksCompleted: r.tasks_completed ?? null,
  filesModified: r.files_modified ?? null,
  linesAdded: r.lines_added ?? null,
  linesRemoved: r.lines_removed ?? null,
  tests: r.tests ?? null,
  newlyPassing: r.newly_passing ?? null,
  buildErrorsResolved: r.build_errors_resolved ?? null,
  errors: r.errors ?? null,
  reverted: r.reverted ?? null,
  outputLines: r.output_lines ?? null,
  apiCalls: r.api_calls ?? null,
  tokensUsed: r.tokens_used ?? null,
  contextTokens: r.context_tokens ?? null,
  contextWindow: r.context_window ?? null,
  approach: r.approach ?? null,
  workKind: r.work_kind ?? null,
  attrs: extrasOf(r, ITERATION_KEYS),
}));
export type IterationRecord = ReturnType<typeof IterationRecord.normalize>;

/** An HTTP status may arrive as a number or a numeric string; an int4 column. */
const Status = z.union([
  z.int32(),
  z
    .string()
    .regex(/^\d{3}$/)
    .transform(Number),
]);

const eventShape = {
  type: z.literal("event"),
  run_id: Id.optional(),
  ts: WireTime,
  kind: z.string().min(1).max(200),
  tool: z.string().nullish(),
  detail: z.string().nullish(),
  status: Status.nullish(),
  state: z.string().nullish(),
  reason: z.string().nullish(),
  task_id: Id.nullish(),
};
const EVENT_KEYS = new Set(Object.keys(eventShape));

/** docs/format.md event. Any kind is stored; the analysis gives meaning to some. */
export const EventRecord = codec(z.looseObject(eventShape), ID_BYTES, (r) => ({
  type: "event" as const,
  runId: r.run_id ?? null,
  tsUs: us(r.ts),
  kind: r.kind,
  tool: r.tool ?? null,
  detail: r.detail ?? null,
  status: r.status ?? null,
  state: r.state ?? null,
  reason: r.reason ?? null,
  taskId: r.task_id ?? null,
  attrs: extrasOf(r, EVENT_KEYS),
}));
export type EventRecord = ReturnType<typeof EventRecord.normalize>;

const taskShape = {
  type: z.literal("task"),
  run_id: Id.optional(),
  task_id: Id,
  title: z.string().nullish(),
  status: z.string().nullish(),
  error_count: Count.nullish(),
  tokens_used: Tokens.nullish(),
};
const TASK_KEYS = new Set(Object.keys(taskShape));

/** docs/format.md task. Task records merge (docs/format.md#ids-and-idempotency). */
export const TaskRecord = codec(z.looseObject(taskShape), ID_BYTES, (r) => ({
  type: "task" as const,
  runId: r.run_id ?? null,
  taskId: r.task_id,
  title: r.title ?? null,
  status: r.status ?? null,
  errorCount: r.error_count ?? null,
  tokensUsed: r.tokens_used ?? null,
  attrs: extrasOf(r, TASK_KEYS),
}));
export type TaskRecord = ReturnType<typeof TaskRecord.normalize>;

const Label = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const runShape = {
  type: z.literal("run"),
  run_id: Id.optional(),
  name: z.string().max(1000).nullish(),
  agent: z.string().max(200).nullish(),
  started_at: WireTime.nullish(),
  labels: z.record(z.string(), Label).nullish(),
  config: JsonObject.nullish(),
  /** docs/format.md#run: what one iteration of the run is; absent, the importer's or the default. */
  shape: RunShape.nullish(),
  /** docs/format.md#run: whether the run succeeded, as its own file says. */
  outcome: OutcomeInput.nullish(),
};
const RUN_KEYS = new Set(Object.keys(runShape));

/** docs/format.md run. Later run records merge into the run. */
export const RunRecord = codec(z.looseObject(runShape), ID_BYTES, (r) => ({
  type: "run" as const,
  runId: r.run_id ?? null,
  name: r.name ?? null,
  agent: r.agent ?? null,
  startedAtUs: r.started_at != null ? us(r.started_at) : null,
  labels: r.labels ?? {},
  config: r.config ?? {},
  shape: r.shape ?? null,
  outcome: r.outcome ? outcomeOf(r.outcome, "file") : null,
  attrs: extrasOf(r, RUN_KEYS),
}));
export type RunRecord = ReturnType<typeof RunRecord.normalize>;

export type IngestRecord = SpanRecord | IterationRecord | EventRecord | TaskRecord | RunRecord;

/** A record after ingest gave it its run and ids: what the database stores. */
export type StoredSpan = SpanRecord & { runId: string; spanId: string };
export type StoredIteration = IterationRecord & { runId: string };
export type StoredEvent = EventRecord & { runId: string; eventId: string };
export type StoredTask = TaskRecord & { runId: string };
export type StoredRun = RunRecord & { runId: string };
export type StoredRecord = StoredSpan | StoredIteration | StoredEvent | StoredTask | StoredRun;

/** A record of a batch the database refused, by its index in the batch, and why (never SQL or values). */
export type RefusedRecord = { index: number; reason: string };
/**
 * What a batch write reports: nothing (all stored, all new), or the records refused (every other
 * record is stored) and how many records added a row not there before (`stored`; a record already
 * stored by an earlier upload adds nothing).
 */
export type BatchWriteOutcome = void | { refused?: RefusedRecord[]; stored?: number };
