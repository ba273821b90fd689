// Every JSON route of app/api as the OpenAPI document (openapi.ts) describes
// it: parameters, body, responses, each schema one of the named schemas of
// openapi-components.ts. tests/unit/schemas/openapi.test.ts fails when a
// route.ts of app/ (or one of its methods) has no entry here or in
// openapi-otlp.ts.
import { PartialSettings } from "../analysis/settings";
import { AnalysisReport } from "./analysis-report";
import * as api from "./api";
import { CommentCreated, CommentEdit, CommentInput, CommentList, CommentListQuery } from "./comments";
import { ReviewInput, ReviewResponse } from "./review";
import { OutcomePutBody, OutcomeResponse } from "./run-outcome";
import {
  GuardAnswer,
  GuardLog,
  GuardModeBody,
  GuardRequest,
  GuardWebhook,
  GuardWebhooks,
  GuardWebhookTest,
} from "./guard";
import { ProfileAnswer, ProfileInput, ProfileList } from "./profiles";
import { HealthResponse, ReadyResponse } from "./health-api";
import { ExamplesResponse, IngestJsonBody, IngestQuery, IngestResponse } from "./ingest-api";
import { json, SERVER_ERRORS, type RouteDocs } from "./openapi-components";
import { SettingsResponse, SettingsUpdate } from "./settings-api";
import { MAX_SWEEP_VALUES, SweepQueryParams, SweepResponse, SWEEPABLE_SETTINGS } from "./sweep";
import { CONVERSATION_SPAN_LIMIT } from "../conversation/source";
import { ConversationResponse } from "./conversation";
import { TimelinePage, TimelineQuery } from "./timeline";

const RUN_ERRORS = { 404: "NotFound", ...SERVER_ERRORS } as const;
/** A route that changes data refuses a browser page of another origin (docs/api.md#cross-origin-requests). */
const CROSS_ORIGIN = { 403: "CrossOrigin" } as const;
/** What GET and PUT /api/v1/settings both answer. */
const SETTINGS_SAVED = { description: "Saved, defaults, resolved.", content: json(SettingsResponse) };
const PAGING = {
  limit: "How many to return.",
  cursor: "`next_cursor` of the previous page; absent for the first page.",
};

export const API_ROUTES: RouteDocs = {
  "/api/v1/ingest": {
    post: {
      operationId: "ingest",
      summary: "Upload records (JSONL or JSON)",
      description:
        "The body is streamed, never held whole. Each line is validated: the valid ones are stored, the " +
        "others reported with their line number. Uploading the same file again stores nothing new.",
      tag: "ingest",
      ingestAuth: true,
      query: IngestQuery,
      queryDescriptions: {
        run_id: "The run for records that name none (or header X-Loopscope-Run); without either, a new run id.",
      },
      headers: [
        { name: "X-Loopscope-Run", description: "As `run_id`.", schema: { type: "string" } },
        {
          name: "X-Loopscope-Filename",
          description: "The file's name, URI-encoded: names the runs the upload creates.",
          schema: { type: "string" },
        },
      ],
      body: {
        description: "JSONL (gzip detected by its magic bytes), or a JSON array of records.",
        content: {
          "application/x-ndjson": { type: "string", description: "One record per line; gzip allowed." },
          "application/json": IngestJsonBody,
        },
      },
      responses: {
        200: { description: "What was stored and rejected, and the runs.", content: json(IngestResponse) },
        400: "BadRequest",
        401: "Unauthorized",
        403: "CrossOrigin",
        413: "PayloadTooLarge",
        415: "UnsupportedMediaType",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/examples": {
    post: {
      operationId: "loadExamples",
      summary: "Load the example runs",
      description:
        "Stores the repository's examples/*.jsonl (all but bad-lines.jsonl) like uploads. Loading them " +
        "again changes nothing: files whose runs are all stored are reported `already_loaded`.",
      tag: "ingest",
      ingestAuth: true,
      responses: {
        200: { description: "Every example run, and what each file did.", content: json(ExamplesResponse) },
        401: "Unauthorized",
        403: "CrossOrigin",
        404: "NotFound",
        ...SERVER_ERRORS,
      },
    },
  },
  "/v1/traces/ingest": {
    post: {
      operationId: "ingestOpenAiAgentsTraces",
      summary: "Receive OpenAI Agents SDK traces",
      description:
        "The path the Agents SDK's trace exporter posts to (set OPENAI_BASE_URL=http://host:port/v1, or " +
        "the exporter's endpoint). The body is always read as that format (docs/import.md#openai-agents-sdk): " +
        "each trace a run `oai-<trace id>`, each span a span, each turn an iteration. A retry stores nothing twice.",
      tag: "ingest",
      ingestAuth: true,
      query: IngestQuery.pick({ run_id: true }),
      queryDescriptions: { run_id: "The run every trace of the body joins (or header X-Loopscope-Run)." },
      headers: [
        { name: "X-Loopscope-Run", description: "As `run_id`.", schema: { type: "string" } },
        { name: "OpenAI-Beta", description: "`traces=v1`, as the SDK sends it; not read.", schema: { type: "string" } },
      ],
      body: {
        description: 'The exporter\'s body: `{"data": [...]}` of `trace` and `trace.span` items.',
        content: {
          "application/json": {
            type: "object",
            required: ["data"],
            properties: { data: { type: "array", items: { type: "object" } } },
          },
        },
      },
      responses: {
        200: { description: "What was stored and rejected, and the runs.", content: json(IngestResponse) },
        400: "BadRequest",
        401: "Unauthorized",
        403: "CrossOrigin",
        413: "PayloadTooLarge",
        415: "UnsupportedMediaType",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/runs": {
    get: {
      operationId: "listRuns",
      summary: "List runs",
      tag: "runs",
      query: api.RunListQuery,
      queryDescriptions: {
        q: "Part of the run's name or id, or words of its conversation (prompts, replies, tool arguments; `websearch_to_tsquery` syntax): a text hit carries `match`.",
        label: "`key:value` (or `key=value`); a bare `key` matches any value.",
        from: "Runs started at or after this time.",
        to: "Runs started before this time.",
        status: "By the last default analysis: a breaker tripped, clean, with failures, or not analysed yet.",
        ...PAGING,
      },
      responses: {
        200: { description: "One page of runs.", content: json(api.RunListResponse) },
        400: "BadRequest",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}": {
    get: {
      operationId: "getRun",
      summary: "Get a run",
      tag: "runs",
      responses: { 200: { description: "The run.", content: json(api.RunDetail) }, ...RUN_ERRORS },
    },
    delete: {
      operationId: "deleteRun",
      summary: "Delete a run and everything in it",
      tag: "runs",
      responses: { 200: { description: "Deleted.", content: json(api.RunDeleted) }, ...CROSS_ORIGIN, ...RUN_ERRORS },
    },
  },
  "/api/v1/runs/{run_id}/spans": {
    get: {
      operationId: "listSpans",
      summary: "List a run's spans, by start time",
      tag: "runs",
      query: api.SpanListQuery,
      queryDescriptions: PAGING,
      responses: {
        200: { description: "One page of spans.", content: json(api.SpanListResponse) },
        400: "BadRequest",
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/analysis": {
    get: {
      operationId: "getAnalysis",
      summary: "The analysis report of a run",
      description:
        "Every setting may be given as a query parameter for this request only; it wins over the run's " +
        "config and the project settings (docs/analysis.md#settings). An unknown name is a 400.",
      tag: "analysis",
      query: PartialSettings,
      queryOverrides: {
        timeouts: {
          type: "string",
          description: 'Per-tool timeouts in seconds: `search:5,http_get:3` or JSON (`{"search":5}`).',
        },
        prices: {
          type: "string",
          description:
            'Model prices, USD per million tokens, as JSON: `{"my-model":{"input":1,"output":2}}` ' +
            "(docs/analysis.md#costs).",
        },
      },
      responses: {
        200: { description: "The report; `settings` echoes the thresholds used.", content: json(AnalysisReport) },
        400: "BadRequest",
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/sweep": {
    get: {
      operationId: "getSweep",
      summary: "What-if sweep: the breakers' outcome for each value of one setting",
      description:
        "One analysis per value, that setting over the run's config and the project settings " +
        "(docs/api.md#what-if-sweep). An unknown setting or a value its rule refuses is a 400 naming it.",
      tag: "analysis",
      query: SweepQueryParams,
      queryDescriptions: {
        setting: `The setting to vary: one of ${SWEEPABLE_SETTINGS.join(", ")}.`,
        values: `1 to ${MAX_SWEEP_VALUES} values, comma-separated.`,
      },
      responses: {
        200: { description: "One point per value, in the order given.", content: json(SweepResponse) },
        400: "BadRequest",
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/report.md": {
    get: {
      operationId: "getReportMarkdown",
      summary: "The post-mortem as Markdown (a download)",
      tag: "analysis",
      responses: {
        200: {
          description: "The report with the team's comments, as `postmortem-<run>.md`.",
          content: { "text/markdown": { type: "string" } },
          headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
        },
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/comments": {
    get: {
      operationId: "listComments",
      summary: "A run's comments, oldest first",
      description: "With `span_id` or `iteration`: the threads anchored there, each with its replies.",
      tag: "comments",
      query: CommentListQuery,
      queryDescriptions: {
        span_id: "Only the threads on this span.",
        iteration: "Only the threads on this iteration (a positive integer).",
      },
      responses: {
        200: { description: "The comments.", content: json(CommentList) },
        400: "BadRequest",
        ...RUN_ERRORS,
      },
    },
    post: {
      operationId: "addComment",
      summary: "Comment on a run, a span, an iteration or a moment; or reply",
      description:
        "`author` and `body` are trimmed and required (a signed-in user is the author). At most one anchor: " +
        "`span_id` (a span of the run), `iteration` (a positive integer) or `at` (ISO-8601). A reply names " +
        "its thread's first comment in `parent_id` and has no anchor. A bad field is a 400 naming it.",
      tag: "comments",
      body: { description: "The comment.", content: json(CommentInput) },
      responses: {
        201: { description: "The stored comment.", content: json(CommentCreated) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/comments/{comment_id}": {
    patch: {
      operationId: "editComment",
      summary: "Edit a comment's body",
      description:
        "Stamps `edited_at`. With accounts on only the comment's author or an admin may (403 otherwise); " +
        "with accounts off anyone may.",
      tag: "comments",
      body: { description: "The new body, trimmed and required.", content: json(CommentEdit) },
      responses: {
        200: { description: "The edited comment.", content: json(CommentCreated) },
        400: "BadRequest",
        403: "Forbidden",
        404: "NotFound",
        ...SERVER_ERRORS,
      },
    },
    delete: {
      operationId: "deleteComment",
      summary: "Delete a comment and its replies",
      description: "Who may: as for editing.",
      tag: "comments",
      responses: {
        200: { description: "The deleted comment, as it was.", content: json(CommentCreated) },
        403: "Forbidden",
        404: "NotFound",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/review": {
    get: {
      operationId: "getReview",
      summary: "A run's review",
      description:
        'A run never reviewed reads as `{"status": "open", "verdict": "", "category": null, "actions": []}`.',
      tag: "review",
      responses: { 200: { description: "The review.", content: json(ReviewResponse) }, ...RUN_ERRORS },
    },
    put: {
      operationId: "putReview",
      summary: "Save a run's review, whole",
      tag: "review",
      body: { description: "Fields left out take their empty value.", content: json(ReviewInput) },
      responses: {
        200: { description: "The stored review.", content: json(ReviewResponse) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/outcome": {
    get: {
      operationId: "getOutcome",
      summary: "Whether the run succeeded",
      description:
        "The outcome a grader set, else the run's file's, else its done review's (root cause none → success); null when nobody said.",
      tag: "review",
      responses: { 200: { description: "The outcome.", content: json(OutcomeResponse) }, ...RUN_ERRORS },
    },
    put: {
      operationId: "putOutcome",
      summary: "Set a run's outcome, as a grader",
      description:
        "Replaces what the run's file said, and wins over a review. `null` takes it back. Who may: an editor, or an API key with the ingest scope.",
      tag: "review",
      body: { description: "The outcome, or null.", content: json(OutcomePutBody) },
      responses: {
        200: { description: "The run's outcome now.", content: json(OutcomeResponse) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/settings/guard-webhooks": {
    get: {
      operationId: "getGuardWebhooks",
      summary: "Where the live guard tells the team",
      description: "A webhook's URL is its secret: reading the list takes the settings permission.",
      tag: "guard",
      responses: { 200: { description: "The webhooks.", content: json(GuardWebhooks) }, ...SERVER_ERRORS },
    },
    put: {
      operationId: "putGuardWebhooks",
      summary: "Replace the guard's webhooks",
      description: "Each trip, halt and recovery of a live run is sent to each, retried with back-off (docs/guard.md).",
      tag: "guard",
      body: { description: "At most 5 webhooks.", content: json(GuardWebhooks) },
      responses: {
        200: { description: "The webhooks saved.", content: json(GuardWebhooks) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/settings/guard-webhooks/test": {
    post: {
      operationId: "testGuardWebhook",
      summary: "Send a test to one webhook",
      description:
        "Posts one event of the real shape that says it is a test to the webhook in the body, saved or not, once, " +
        "and says whether it answered 2xx, else what went wrong.",
      tag: "guard",
      body: { description: "The webhook to try.", content: json(GuardWebhook) },
      responses: {
        200: { description: "Whether it landed.", content: json(GuardWebhookTest) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/guard": {
    post: {
      operationId: "guardDecide",
      summary: "Should the run go on? The live guard's decision",
      description:
        "Takes what just happened — a Claude Code hook's JSON (`hook`), records of the ingest format (`records`, " +
        "stored to the run), a call about to run (`call`), or nothing (ask) — and answers `continue`, `block_call` " +
        "or `halt` from the live state of the run's breakers. The run is made on the first call. In observe mode " +
        "(the default) `decision` is always `continue` and `would` says what enforce would do. docs/guard.md.",
      tag: "guard",
      ingestAuth: true,
      body: { description: "What just happened.", content: json(GuardRequest) },
      responses: {
        200: { description: "The decision.", content: json(GuardAnswer) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...SERVER_ERRORS,
      },
    },
    get: {
      operationId: "guardLog",
      summary: "The run's guard: its mode, its halt, and what it decided",
      tag: "guard",
      responses: { 200: { description: "The guard's log.", content: json(GuardLog) }, ...RUN_ERRORS },
    },
    put: {
      operationId: "guardMode",
      summary: "Set the run's guard mode: observe or enforce",
      tag: "guard",
      body: { description: "The mode.", content: json(GuardModeBody) },
      responses: {
        200: { description: "The mode now.", content: json(GuardModeBody) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/timeline": {
    get: {
      operationId: "getTimelinePage",
      summary: "A page of the timeline's columnar spans",
      description: "The first page (no cursor) also carries the run's iterations and events.",
      tag: "timeline",
      query: TimelineQuery,
      queryDescriptions: PAGING,
      responses: {
        200: { description: "One page.", content: json(TimelinePage) },
        400: "BadRequest",
        ...RUN_ERRORS,
      },
    },
  },
  "/api/v1/runs/{run_id}/conversation": {
    get: {
      operationId: "getConversation",
      summary: "The run as a conversation: turns, replies, tool calls and their edits",
      description:
        "Prepared as the dashboard's Conversation tab and the pane beside the timeline show it: the first " +
        `${CONVERSATION_SPAN_LIMIT} calls, the rest counted in \`moreSpans\`.`,
      tag: "timeline",
      responses: { 200: { description: "The conversation.", content: json(ConversationResponse) }, ...RUN_ERRORS },
    },
  },
  "/api/v1/runs/{run_id}/timeline/spans/{span_id}": {
    get: {
      operationId: "getTimelineSpan",
      summary: "One whole span, for the timeline's side panel",
      tag: "timeline",
      responses: { 200: { description: "The span.", content: json(api.SpanOut) }, ...RUN_ERRORS },
    },
  },
  "/api/v1/profiles": {
    get: {
      operationId: "listProfiles",
      summary: "What-if profiles: the built-in ones, then the saved ones by name",
      tag: "settings",
      responses: { 200: { description: "The profiles.", content: json(ProfileList) }, ...SERVER_ERRORS },
    },
    post: {
      operationId: "createProfile",
      summary: "Save a what-if profile: a name and its setting overrides",
      description: "A name already saved is a 409; a setting its rule refuses is a 400 naming it.",
      tag: "settings",
      body: { description: "The name and the overrides.", content: json(ProfileInput) },
      responses: {
        201: { description: "The stored profile.", content: json(ProfileAnswer) },
        400: "BadRequest",
        ...CROSS_ORIGIN,
        409: "Conflict",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/profiles/{profile_id}": {
    delete: {
      operationId: "deleteProfile",
      summary: "Delete a saved what-if profile",
      description: "A built-in profile cannot be deleted (409).",
      tag: "settings",
      responses: {
        200: { description: "The deleted profile.", content: json(ProfileAnswer) },
        ...CROSS_ORIGIN,
        404: "NotFound",
        409: "Conflict",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/settings": {
    get: {
      operationId: "getSettings",
      summary: "The project's analysis settings",
      tag: "settings",
      responses: { 200: SETTINGS_SAVED, ...SERVER_ERRORS },
    },
    put: {
      operationId: "putSettings",
      summary: "Replace the project's analysis settings",
      description: "The body replaces the saved overrides whole; `{}` clears them. Unknown names are a 400.",
      tag: "settings",
      body: { description: "The overrides.", content: json(SettingsUpdate) },
      responses: {
        200: SETTINGS_SAVED,
        400: "BadRequest",
        ...CROSS_ORIGIN,
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/health": {
    get: {
      operationId: "getHealth",
      summary: "Liveness: the server answers",
      description: "200 while the process answers requests; the database is not asked.",
      tag: "health",
      responses: { 200: { description: "Alive.", content: json(HealthResponse) } },
    },
  },
  "/api/ready": {
    get: {
      operationId: "getReady",
      summary: "Readiness: the database answers and is migrated",
      description:
        "200 when the database answers within 5 s and holds every migration; 503 `not_ready` (with " +
        "Retry-After) while it starts, is unreachable, or is not migrated yet.",
      tag: "health",
      responses: {
        200: { description: "Ready to serve.", content: json(ReadyResponse) },
        503: "NotReady",
      },
    },
  },
  "/api/v1/openapi.json": {
    get: {
      operationId: "getOpenApi",
      summary: "This OpenAPI document",
      tag: "meta",
      responses: {
        200: { description: "OpenAPI 3.1.", content: { "application/json": { type: "object" } } },
        500: "Internal",
      },
    },
  },
};
