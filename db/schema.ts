// The one drizzle schema. Every table of a run's data is keyed by run_id
// first, so the schema can later be distributed by run, and references runs
// with ON DELETE CASCADE, so deleting a run is one statement that cannot
// forget a table. Times are timestamptz with microsecond precision, read
// back as strings.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Outcome } from "../lib/schemas/run-outcome";

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 6, mode: "string" });
/**
 * The first day (UTC) of the month a run was first stored: spans are
 * partitioned by it on a Postgres server (db/partitions.ts), and retention
 * drops whole months (docs/scaling.md#partitions-and-retention).
 */
const storedMonth = () =>
  date("stored_month", { mode: "string" })
    .notNull()
    .default(sql`(date_trunc('month', now() at time zone 'utc'))::date`);
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
    /** lib/schemas/run-outcome.ts: set by the importer, a run record or `?shape=`; null → from the iterations. */
    shape: text("shape"),
    /** lib/schemas/run-outcome.ts: from the file or a grader; null → a done review's, else unknown. */
    outcome: jsonb("outcome").$type<Outcome>(),
    // Running totals, kept by the ingest transaction from the rows it really
    // inserted, so the runs list never scans spans.
    spanCount: bigint("span_count", { mode: "number" }).notNull().default(0),
    failureCount: bigint("failure_count", { mode: "number" }).notNull().default(0),
    iterationCount: integer("iteration_count").notNull().default(0),
    eventCount: integer("event_count").notNull().default(0),
    spanTokens: bigint("span_tokens", { mode: "number" }).notNull().default(0),
    /** The cache-read share of the calls' tokens_in: the run's Tokens leave it out (docs/analysis.md#tokens). */
    spanCacheReadTokens: bigint("span_cache_read_tokens", { mode: "number" }).notNull().default(0),
    iterationTokens: bigint("iteration_tokens", { mode: "number" }).notNull().default(0),
    costUsd: doublePrecision("cost_usd").notNull().default(0),
    firstAt: ts("first_at"),
    lastAt: ts("last_at"),
    /** Bumped by every write to the run; analysis caches key on it. */
    dataVersion: integer("data_version").notNull().default(0),
    /**
     * Badges for the runs page from the last default-settings analysis, with the data_version
     * it saw and the version of the analysis rules that made it (a newer Loopscope recounts).
     */
    verdict: jsonb("verdict").$type<Record<string, unknown>>(),
    verdictVersion: integer("verdict_version"),
    verdictRules: integer("verdict_rules"),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
    updatedAt: ts("updated_at")
      .notNull()
      .default(sql`now()`),
    /** Set once, when the run's row is created (an upsert never changes it); its spans carry it too. */
    storedMonth: storedMonth(),
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
    /**
     * Its run's stored_month, set by every writer from the run's row (the
     * default only fills the rows stored before the column existed): the
     * partition key on Postgres, so a run's spans share one partition.
     */
    storedMonth: storedMonth(),
  },
  (t) => [
    // stored_month is a function of run_id, so this is (run_id, span_id)'s
    // uniqueness; a partitioned table's key must hold its partition key.
    primaryKey({ columns: [t.runId, t.spanId, t.storedMonth] }),
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

/**
 * Team comments on a run (docs/dashboard.md#comments): on the run as a whole, or
 * anchored to a span, an iteration or a moment (at most one of the three); a
 * reply names its thread's first comment (parent_id) and goes with it when it is
 * deleted. author_user_id is the signed-in author, who may edit and delete it.
 */
export const comments = pgTable(
  "comments",
  {
    runId: runRef(),
    commentId: text("comment_id").notNull(),
    author: text("author").notNull(),
    authorUserId: text("author_user_id").references(() => users.userId, { onDelete: "set null" }),
    body: text("body").notNull(),
    spanId: text("span_id"),
    iteration: integer("iteration"),
    at: ts("at"),
    parentId: text("parent_id"),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
    editedAt: ts("edited_at"),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.commentId] }),
    // Comments of a run, oldest first (the span and iteration filters read the run's few comments).
    index("comments_run_idx").on(t.runId, t.createdAt),
    // A reply's thread: deleting the first comment deletes its replies.
    foreignKey({ columns: [t.runId, t.parentId], foreignColumns: [t.runId, t.commentId] }).onDelete("cascade"),
  ],
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

/** Accounts of docs/accounts.md: email is stored lowercased; the password only as its scrypt hash. */
export const users = pgTable(
  "users",
  {
    userId: text("user_id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["viewer", "editor", "admin"] }).notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
  },
  // Sign-in looks a user up by email; one account per email.
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

/** Browser sessions: the cookie's token is stored only as its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
    expiresAt: ts("expires_at").notNull(),
    /** Moved forward at most once a minute by a request it signs (docs/accounts.md#sessions): the idle timeout reads it. */
    lastUsedAt: ts("last_used_at")
      .notNull()
      .default(sql`now()`),
  },
  // A user's sessions: the ON DELETE CASCADE of a deleted user, "sign out everywhere", a role change.
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * One-time password-reset links an admin makes for a user (docs/accounts.md#password-reset):
 * only the SHA-256 of the link's token is stored; using it deletes the row.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
    expiresAt: ts("expires_at").notNull(),
  },
  // A new link replaces the user's older ones: deleted by user_id.
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Failed sign-in and setup attempts per key (docs/accounts.md#sign-in-throttling):
 * `account:<email>` or `address:<ip>`, no foreign key, so an unknown email is
 * throttled like a known one. Written by one atomic upsert (db/sign-in-throttle.ts).
 */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: ts("last_failure_at").notNull(),
  },
  // The maintenance purge: DELETE … WHERE last_failure_at < now - window.
  (t) => [index("sign_in_throttle_last_failure_idx").on(t.lastFailureAt)],
);

/** API keys of the project: the secret is stored only as its SHA-256; a revoked key stays listed. */
export const apiKeys = pgTable(
  "api_keys",
  {
    keyId: text("key_id").primaryKey(),
    name: text("name").notNull(),
    publicKey: text("public_key").notNull(),
    secretHash: text("secret_hash").notNull(),
    secretHint: text("secret_hint").notNull(),
    scopes: jsonb("scopes").$type<("ingest" | "read")[]>().notNull(),
    createdBy: text("created_by").references(() => users.userId, { onDelete: "set null" }),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  // Bearer and x-api-key look a key up by its secret's hash; Basic by its public key.
  (t) => [uniqueIndex("api_keys_secret_idx").on(t.secretHash), uniqueIndex("api_keys_public_idx").on(t.publicKey)],
);

/** A run's review (docs/dashboard.md#review): one row per reviewed run; a run without one is `open`. */
export const reviews = pgTable(
  "reviews",
  {
    runId: runRef().primaryKey(),
    status: text("status").notNull(),
    verdict: text("verdict").notNull(),
    category: text("category"),
    actions: jsonb("actions").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: ts("updated_at")
      .notNull()
      .default(sql`now()`),
  },
  // The runs list's filter by review status and category.
  (t) => [index("reviews_status_category_idx").on(t.status, t.category)],
);

/** Saved what-if profiles (docs/dashboard.md#profiles): a named set of setting overrides. */
export const profiles = pgTable(
  "profiles",
  {
    profileId: text("profile_id").primaryKey(),
    name: text("name").notNull(),
    settings: jsonb("settings").notNull(),
    createdBy: text("created_by"),
    createdAt: ts("created_at")
      .notNull()
      .default(sql`now()`),
  },
  // A name names one profile: POST refuses a second one (409).
  (t) => [uniqueIndex("profiles_name_idx").on(t.name)],
);

/** The text search configuration of run_texts and its queries (db/run-texts.ts says why 'english'). */
export const TEXT_SEARCH_CONFIG = "english";
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The texts of a run's conversation the runs list searches (docs/api.md#search):
 * a prompt, a reply or a tool call's arguments, cut at ingest
 * (lib/search/run-texts.ts), written by the batch that writes its record;
 * gone with its run. The turn of a match is read from its record when shown.
 */
export const runTexts = pgTable(
  "run_texts",
  {
    runId: runRef(),
    kind: text("kind").notNull(),
    /** The record the text is of, as it never changes: the span id, or the prompt's `key:<source_key>` / `n:<n>`. */
    ref: text("ref").notNull(),
    text: text("text").notNull(),
    tsv: tsvector("tsv")
      .notNull()
      .generatedAlwaysAs(sql.raw(`to_tsvector('${TEXT_SEARCH_CONFIG}'::regconfig, "text")`)),
  },
  (t) => [
    // A run's texts: the ingest's ON CONFLICT DO NOTHING, the snippet of a page's runs, the run's cascade.
    primaryKey({ columns: [t.runId, t.kind, t.ref] }),
    // The runs list's q: run_id IN (SELECT run_id FROM run_texts WHERE tsv @@ websearch_to_tsquery(…)).
    index("run_texts_tsv_idx").using("gin", t.tsv),
  ],
);

/**
 * A run's live guard (docs/guard.md): its mode and the breakers' state between
 * two calls (lib/schemas/guard.ts GuardState), so a decision costs O(new data)
 * and holds across restarts and replicas. `version` is the compare-and-set a
 * writer checks: two replicas deciding for one run at once, the second redoes its step.
 */
export const guardRuns = pgTable("guard_runs", {
  runId: runRef().primaryKey(),
  mode: text("mode").notNull().default("observe"),
  state: jsonb("state").notNull(),
  version: integer("version").notNull().default(0),
  updatedAt: ts("updated_at")
    .notNull()
    .default(sql`now()`),
});

/** The guard's decisions that were not "continue", enforced or not (docs/guard.md#dry-run-first). */
export const guardDecisions = pgTable(
  "guard_decisions",
  {
    runId: runRef(),
    seq: integer("seq").notNull(),
    at: ts("at").notNull(),
    decision: text("decision").notNull(),
    enforced: boolean("enforced").notNull(),
    breaker: text("breaker").notNull(),
    reason: text("reason").notNull(),
    wouldSave: jsonb("would_save"),
  },
  // A run's decisions in order: the run page's list; the run's cascade.
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

/**
 * The live guard's webhook deliveries still to make (docs/guard.md#tell-the-team):
 * written when a run trips, halts or recovers, deleted once the webhook answered
 * 2xx or the tries ran out, so a delivery being retried survives a restart. A
 * sender claims due rows by moving `next_at` past a lease (SKIP LOCKED: two
 * replicas never send one row twice at once); `attempts` counts the tries begun.
 */
export const guardOutbox = pgTable(
  "guard_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    url: text("url").notNull(),
    format: text("format").notNull(),
    event: jsonb("event").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: ts("next_at")
      .notNull()
      .default(sql`now()`),
  },
  // The sender's claim: the due rows, earliest first, and the wait until the next one.
  (t) => [index("guard_outbox_next_at_idx").on(t.nextAt)],
);
