// The parts of the OpenAPI document that routes share (openapi.ts builds it):
// the named schemas — what the server sends and what it accepts, each a zod
// schema of lib/schemas — the error responses, the tags, and the types of a
// route's entry in openapi-routes.ts and openapi-otlp.ts.
import * as guard from "./guard";
import type { z } from "zod";
import { AnalysisSettings, PartialSettings } from "../analysis/settings";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "../otlp/model";
import { AnalysisReport } from "./analysis-report";
import * as api from "./api";
import * as auth from "./auth";
import * as comments from "./comments";
import * as review from "./review";
import * as outcome from "./run-outcome";
import * as profiles from "./profiles";
import { ErrorBody, IssueDetail } from "./errors";
import { HealthResponse, ReadyResponse } from "./health-api";
import * as ingest from "./ingest-api";
import * as otlp from "./otlp-api";
import { SettingsResponse, SettingsUpdate } from "./settings-api";
import { SweepPoint, SweepResponse } from "./sweep";
import { AccountUnlocked } from "./throttle";
import { ConversationResponse } from "./conversation";
import { TimelinePage } from "./timeline";

export type JsonSchema = Record<string, unknown>;
/** Media type → schema: a named zod schema (becomes a $ref) or a plain JSON Schema. */
export type ContentDoc = Record<string, z.ZodType | JsonSchema>;
export type ResponseDoc = {
  description: string;
  content?: ContentDoc;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
};
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;
export type OperationDoc = {
  operationId: string;
  summary: string;
  description?: string;
  tag: (typeof TAGS)[number]["name"];
  /** An ingest: an API key with the ingest scope (docs/accounts.md). */
  ingestAuth?: boolean;
  query?: z.ZodObject;
  queryDescriptions?: Record<string, string>;
  /** A parameter whose query-string form differs from its schema's (`timeouts`). */
  queryOverrides?: Record<string, JsonSchema>;
  headers?: { name: string; description: string; schema: JsonSchema }[];
  body?: { description: string; content: ContentDoc };
  responses: Record<number, ResponseDoc | ErrorResponseName>;
};
export type Method = "get" | "post" | "put" | "patch" | "delete";
export type RouteDocs = Record<string, Partial<Record<Method, OperationDoc>>>;

export const TAGS = [
  { name: "ingest", description: "Store traces: JSONL or JSON uploads, and the example runs." },
  { name: "runs", description: "Runs, their spans, and deleting them." },
  { name: "analysis", description: "The analysis report and the post-mortem (docs/analysis.md)." },
  { name: "comments", description: "The team's comments on a run." },
  { name: "review", description: "A run's review: status, verdict, root cause and action items." },
  { name: "timeline", description: "The timeline's compact span pages, and the conversation beside it." },
  { name: "settings", description: "The project's analysis thresholds, and what-if profiles." },
  { name: "guard", description: "The live guard: should the run go on? (docs/guard.md)" },
  { name: "accounts", description: "Sign-in, users and API keys (docs/accounts.md)." },
  { name: "otlp", description: "The OTLP/HTTP receiver (docs/otlp.md)." },
  { name: "health", description: "Liveness and readiness, for orchestrators and load balancers." },
  { name: "meta", description: "This document." },
] as const;

/** Named schemas of what the server sends (converted as output). */
export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  ErrorBody,
  IssueDetail,
  RunCounts: api.RunCounts,
  RunVerdict: api.RunVerdict,
  RunSummary: api.RunSummary,
  RunDetail: api.RunDetail,
  RunTextMatch: api.RunTextMatch,
  RunListItem: api.RunListItem,
  RunList: api.RunListResponse,
  RunDeleted: api.RunDeleted,
  Span: api.SpanOut,
  SpanList: api.SpanListResponse,
  AnalysisReport,
  AnalysisSettings,
  SweepPoint,
  SweepResponse,
  SavedSettings: PartialSettings,
  Settings: SettingsResponse,
  Comment: comments.CommentOut,
  CommentList: comments.CommentList,
  CommentCreated: comments.CommentCreated,
  Review: review.ReviewOut,
  ReviewResponse: review.ReviewResponse,
  Outcome: outcome.Outcome,
  OutcomeResponse: outcome.OutcomeResponse,
  Profile: profiles.ProfileOut,
  ProfileList: profiles.ProfileList,
  ProfileAnswer: profiles.ProfileAnswer,
  TimelinePage,
  Conversation: ConversationResponse,
  IngestLineError: ingest.IngestLineError,
  IngestResponse: ingest.IngestResponse,
  ExampleFileResult: ingest.ExampleFileResult,
  ExamplesResponse: ingest.ExamplesResponse,
  OtlpTraceExportResponse: otlp.OtlpTraceExportResponse,
  OtlpLogsExportResponse: otlp.OtlpLogsExportResponse,
  OtlpStatus: otlp.OtlpStatus,
  Health: HealthResponse,
  Ready: ReadyResponse,
  User: auth.UserOut,
  UserAnswer: auth.UserAnswer,
  UserList: auth.UserList,
  Session: auth.SessionOut,
  SignedOut: auth.SignedOut,
  ApiKey: auth.KeyOut,
  ApiKeyList: auth.KeyList,
  ApiKeyCreated: auth.KeyCreated,
  ApiKeyRevoked: auth.KeyRevoked,
  AccountUnlocked,
  UserRemoved: auth.UserRemoved,
  SessionsEnded: auth.SessionsEnded,
  PasswordChanged: auth.PasswordChanged,
  PasswordResetCreated: auth.PasswordResetCreated,
  GuardAnswer: guard.GuardAnswer,
  GuardLog: guard.GuardLog,
  GuardWebhooks: guard.GuardWebhooks,
  GuardWebhook: guard.GuardWebhook,
  GuardWebhookTest: guard.GuardWebhookTest,
};

/** Named schemas of what the server accepts (converted as input). */
export const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  IngestRecord: ingest.IngestRecordWire,
  IngestJsonBody: ingest.IngestJsonBody,
  CommentInput: comments.CommentInput,
  CommentEdit: comments.CommentEdit,
  ReviewInput: review.ReviewInput,
  OutcomeInput: outcome.OutcomePutBody,
  GuardRequest: guard.GuardRequest,
  GuardModeBody: guard.GuardModeBody,
  ProfileInput: profiles.ProfileInput,
  SettingsUpdate,
  SetupInput: auth.SetupInput,
  SignInInput: auth.SignInInput,
  NewUserInput: auth.NewUserInput,
  UserChangeInput: auth.UserChangeInput,
  PasswordChangeInput: auth.PasswordChangeInput,
  PasswordResetInput: auth.PasswordResetInput,
  NewKeyInput: auth.NewKeyInput,
  OtlpTraceRequest: ExportTraceServiceRequest,
  OtlpLogsRequest: ExportLogsServiceRequest,
};

export const json = (schema: z.ZodType): ContentDoc => ({ "application/json": schema });
export const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
};
/** A protobuf body: the same message as the JSON one, binary. */
export const PROTOBUF: JsonSchema = { description: "The same message, protobuf-encoded." };
const OTLP_STATUS: ContentDoc = { "application/json": otlp.OtlpStatus, "application/x-protobuf": PROTOBUF };

/** The error responses routes share (components.responses). */
export const ERROR_RESPONSES = {
  BadRequest: {
    description:
      "Not valid: `invalid_parameter` (details.issues lists each {path, message}), `bad_request` " +
      "(the body is not JSON), or `nothing_valid` (no valid record; details holds the line errors).",
    content: json(ErrorBody),
  },
  Unauthorized: {
    description: "`unauthorized`: no credentials, an unknown or revoked key, or an expired session.",
    content: json(ErrorBody),
  },
  Forbidden: { description: "`forbidden`: the role or the key's scopes do not allow it.", content: json(ErrorBody) },
  Conflict: { description: "`conflict`: the admin or the email exists already.", content: json(ErrorBody) },
  CrossOrigin: {
    description: "`cross_origin`: a browser page of another origin sent it (`Origin` is not this server).",
    content: json(ErrorBody),
  },
  NotFound: { description: "`not_found`: no such run or span.", content: json(ErrorBody) },
  PayloadTooLarge: {
    description:
      "`payload_too_large`: over LOOPSCOPE_MAX_UPLOAD_MB once unpacked (details: what was stored before it " +
      "was cut off), or one JSON document over LOOPSCOPE_MAX_DOCUMENT_MB.",
    content: json(ErrorBody),
  },
  UnsupportedMediaType: { description: "`unsupported_media_type`.", content: json(ErrorBody) },
  TooManyAttempts: {
    description:
      "`too_many_attempts`: too many failed sign-ins for this account or client address (docs/accounts.md); " +
      "retry after Retry-After.",
    content: json(ErrorBody),
    headers: RETRY_AFTER,
  },
  Internal: { description: "`internal`: a bug; the server logged it.", content: json(ErrorBody) },
  Unavailable: {
    description: "`db_unavailable`: the database cannot be reached (details: what was stored); retry later.",
    content: json(ErrorBody),
    headers: RETRY_AFTER,
  },
  NotReady: {
    description: "`not_ready`: the database does not answer, or misses migrations; retry later.",
    content: json(ErrorBody),
    headers: RETRY_AFTER,
  },
  OtlpError: {
    description: "A google.rpc.Status in the request's encoding (400, 401, 403, 413, 415 or 500).",
    content: OTLP_STATUS,
  },
  OtlpUnavailable: {
    description: "The database is unavailable: retry after Retry-After.",
    content: OTLP_STATUS,
    headers: RETRY_AFTER,
  },
} satisfies Record<string, ResponseDoc>;

/** Every JSON route that reads the database may answer these. */
export const SERVER_ERRORS = { 500: "Internal", 503: "Unavailable" } as const;
