// The one drizzle schema. Every table of a run's data is keyed by run_id
// first, so the schema can later be distributed by run, and references runs
// with ON DELETE CASCADE, so deleting a run is one statement that cannot
// forget a table. Times are timestamptz with microsecond precision, read
// back as strings.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 6, mode: "string" });
/** The run_id of a table of a run's data: gone with its run. */
const runRef = () =>
  text("run_id")
    .notNull()
    .references(() => runs.runId, { onDelete: "cascade" });

export const runs = pgTable(
  "runs",
  {
    runId: text("run_id").primaryKey(),
    name: text("name"),
    agent: text("agent"),
    /** From a run record; the run's start is this, else first_at (docs/analysis.md#run-start-and-iteration-time-spans). */
    startedAt: ts("started_at"),
    labels: jsonb("labels").$type<Record<string, string>>().notNull().default({}),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    attrs: jsonb("attrs").$type<Record<string, unknown>>().notNull().default({}),
    // Running totals, kept by the ingest transaction from the rows it really
    // inserted, so the runs list never scans spans.
    spanCount: bigint("span_count", { mode: "number" }).notNull().default(0),
    failureCount: bigint("failure_count", { mode: "number" }).notNull().default(0),
    iterationCount: integer("iteration_count").notNull().default(0),
    eventCount: integer("event_count").notNull().default(0),
    spanTokens: bigint("span_tokens", { mode: "number" }).notNull().default(0),
    iterationTokens: bigint("iteration_tokens", { mode: "number" }).notNull().default(0),
    costUsd: doublePrecision("cost_usd").notNull().default(0),
    firstAt: ts("first_at"),
    lastAt: ts("last_at"),
    /** Bumped by every write to the run; analysis caches key on it. */
    dataVersion: integer("data_version").notNull().default(0),
    /** Badges for the runs page from the last default-settings analysis, with the data_version it saw. */
    verdict: jsonb("verdict").$type<Record<string, unknown>>(),
    verdictVersion: integer("verdict_version"),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
    updatedAt: ts("updated_at")
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // Runs page: newest first (ORDER BY coalesce(started_at, first_at) DESC, run_id).
    index("runs_start_idx").on(sql`coalesce(${t.startedAt}, ${t.firstAt}) DESC`, t.runId),
  ],
);

export const spans = pgTable(
  "spans",
  {
    runId: runRef(),
    spanId: text("span_id").notNull(),
    parentId: text("parent_id"),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    t0: ts("t0").notNull(),
    t1: ts("t1").notNull(),
    durationMs: doublePrecision("duration_ms").notNull(),
    ok: boolean("ok").notNull(),
    error: text("error").notNull().default(""),
    iteration: integer("iteration"),
    taskId: text("task_id"),
    tokensIn: bigint("tokens_in", { mode: "number" }),
    tokensOut: bigint("tokens_out", { mode: "number" }),
    costUsd: doublePrecision("cost_usd"),
    /** The call's arguments as sent (any JSON): the identical-calls rule reads it (docs/analysis.md#identical-calls). */
    input: jsonb("input").$type<unknown>(),
    /** The head of the call's result, cut at ingest (docs/format.md#span). */
    output: text("output"),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.spanId] }),
    // Spans of a run by time: the spans API, the timeline, the rate-limit walk.
    index("spans_run_t0_idx").on(t.runId, t.t0, t.spanId),
    // Spans of one tool in time order: the per-tool breaker and timeout replays.
    index("spans_run_name_t0_idx").on(t.runId, t.name, t.t0, t.spanId),
  ],
);

export const iterations = pgTable(
  "iterations",
  {
    runId: runRef(),
    n: integer("n").notNull(),
    ts: ts("ts").notNull(),
    taskId: text("task_id"),
    tasksCompleted: integer("tasks_completed"),
    filesModified: jsonb("files_modified").$type<string[]>(),
    linesAdded: integer("lines_added"),
    linesRemoved: integer("lines_removed"),
    tests: jsonb("tests").$type<{ passed?: number; failed?: number; skipped?: number }>(),
    newlyPassing: integer("newly_passing"),
    buildErrorsResolved: integer("build_errors_resolved"),
    errors: jsonb("errors").$type<string[]>(),
    reverted: boolean("reverted"),
    outputLines: integer("output_lines"),
    apiCalls: integer("api_calls"),
    tokensUsed: bigint("tokens_used", { mode: "number" }),
    contextTokens: bigint("context_tokens", { mode: "number" }),
    contextWindow: bigint("context_window", { mode: "number" }),
    approach: text("approach"),
    workKind: text("work_kind"),
    attrs: jsonb("attrs").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.runId, t.n] })],
);

export const events = pgTable(
  "events",
  {
    runId: runRef(),
    /** Derived from the record's content: identical event lines are one event. */
    eventId: text("event_id").notNull(),
    /** Arrival order, to keep same-time events in the order they were logged. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    ts: ts("ts").notNull(),
    kind: text("kind").notNull(),
    tool: text("tool"),
    detail: text("detail"),
    status: integer("status"),
    state: text("state"),
    reason: text("reason"),
    taskId: text("task_id"),
    attrs: jsonb("attrs").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.eventId] }),
    // Events of a run in order: the analysis and the timeline's event lane.
    index("events_run_ts_idx").on(t.runId, t.ts, t.seq),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    runId: runRef(),
    taskId: text("task_id").notNull(),
    title: text("title"),
    status: text("status"),
    errorCount: integer("error_count"),
    tokensUsed: bigint("tokens_used", { mode: "number" }),
    attrs: jsonb("attrs").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskId] })],
);

/** One row per upload or ingest request: what came in and what was rejected. */
export const uploads = pgTable(
  "uploads",
  {
    uploadId: text("upload_id").primaryKey(),
    source: text("source").notNull(),
    filename: text("filename"),
    accepted: integer("accepted").notNull(),
    rejected: integer("rejected").notNull(),
    runIds: jsonb("run_ids").$type<string[]>().notNull(),
    errors: jsonb("errors").$type<{ line: number; message: string }[]>().notNull(),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
  },
  // Recent uploads list.
  (t) => [index("uploads_created_idx").on(t.createdAt)],
);

/** The analysis report of a run for one settings hash, valid while data_version matches. */
export const analysisCache = pgTable(
  "analysis_cache",
  {
    runId: runRef(),
    settingsHash: text("settings_hash").notNull(),
    dataVersion: integer("data_version").notNull(),
    // json, not jsonb: the report keeps the key order of docs/api.md when read back.
    report: json("report").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.runId, t.settingsHash] })],
);

/** Project-wide settings saved in the dashboard (docs/analysis.md#settings), one row per key. */
export const projectSettings = pgTable("project_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at")
    .notNull()
    .default(sql`now()`),
});

/** Team comments on a run, for the post-mortem. */
export const comments = pgTable(
  "comments",
  {
    runId: runRef(),
    commentId: text("comment_id").notNull(),
    author: text("author").notNull(),
    body: text("body").notNull(),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
  },
  // Comments of a run, oldest first.
  (t) => [primaryKey({ columns: [t.runId, t.commentId] }), index("comments_run_idx").on(t.runId, t.createdAt)],
);

/**
 * The run an OTLP trace was assigned to, from the first request whose spans
 * named one (loopscope.run_id / session.id / gen_ai.conversation.id): spans of
 * the same trace that arrive in other requests without it join that run.
 * The primary key serves the receiver's lookup by trace id.
 */
export const otlpTraces = pgTable(
  "otlp_traces",
  {
    traceId: text("trace_id").primaryKey(),
    runId: runRef(),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
  },
  // A run's traces: the ON DELETE CASCADE of a deleted run.
  (t) => [index("otlp_traces_run_idx").on(t.runId)],
);
