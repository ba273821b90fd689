// Shapes of the HTTP API (docs/api.md) that are not records: query parameters of
// the list endpoints and the JSON the run endpoints return. Route handlers,
// pages, components, the CLI and the OpenAPI document (openapi.ts) import
// these — one name per contract.
import { z } from "zod";
import { MAX_TIME_US, MIN_TIME_US, parseTimeUs } from "../time";
import { REVIEW_CATEGORIES, REVIEW_STATUSES } from "./review";
import { Outcome, OUTCOME_STATUSES, RUN_SHAPES } from "./run-outcome";
import { hasNoNul } from "./storable";

export const RUN_SORTS = ["started", "duration", "spans", "failures", "tokens", "name"] as const;

/** Free text of a query parameter: no NUL, which the database cannot compare. */
const QueryText = (max: number) =>
  z.string().trim().max(max).refine(hasNoNul, { error: "must not contain a NUL character (\\u0000)" });
/** A time filter: ISO-8601 with an offset, within the times Loopscope keeps (lib/time.ts). */
const QueryTime = z.iso
  .datetime({ offset: true, abort: true })
  .refine((v) => parseTimeUs(v) !== null, { error: "must be a time in the years 1970–2199" });
const CURSOR_MESSAGE = "is not a cursor of this list: pass back its next_cursor unchanged";

export const RunListQuery = z
  .object({
    q: QueryText(200).optional(),
    agent: QueryText(200).optional(),
    /** `key:value` (or `key=value`); a bare `key` matches any value. */
    label: QueryText(400).optional(),
    from: QueryTime.optional(),
    to: QueryTime.optional(),
    status: z.enum(["tripped", "clean", "failing", "unanalysed"]).optional(),
    /** The review's status (a run never reviewed is `open`) and root-cause category. */
    review: z.enum(REVIEW_STATUSES).optional(),
    category: z.enum(REVIEW_CATEGORIES).optional(),
    /** docs/import.md#shapes-and-outcomes: what one iteration of the run is. */
    shape: z.enum(RUN_SHAPES).optional(),
    /** The run's outcome (a run without one is `unknown`). */
    outcome: z.enum(OUTCOME_STATUSES).optional(),
    sort: z.enum(RUN_SORTS).default("started"),
    order: z.enum(["asc", "desc"]).default("desc"),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: z.string().max(2000).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.cursor !== undefined && decodeRunCursor(q.cursor, q.sort) === null)
      ctx.addIssue({ code: "custom", path: ["cursor"], message: CURSOR_MESSAGE });
  });
export type RunListQuery = z.output<typeof RunListQuery>;

/** A cursor of a (t0, span_id) page: the spans list and the timeline. */
export const SpanCursor = z
  .string()
  .max(2000)
  .refine((c) => decodeSpanCursor(c) !== null, { error: CURSOR_MESSAGE });

export const SpanListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10000).default(1000),
  cursor: SpanCursor.optional(),
});
export type SpanListQuery = z.output<typeof SpanListQuery>;

/** An ISO-8601 time as the API writes it (UTC, microseconds). */
export const IsoTime = z.iso.datetime({ offset: true });

export const RunCounts = z.object({
  spans: z.number(),
  failures: z.number(),
  iterations: z.number(),
  events: z.number(),
  /** docs/analysis.md#tokens: input + output + cache-write tokens of every call, subagents' included; else the iterations' tokens_used. */
  tokens: z.number(),
  /** The calls' cache-read tokens: shown beside `tokens`, never in them (0 when the iterations' tokens count). */
  cache_read_tokens: z.number(),
});
export type RunCounts = z.infer<typeof RunCounts>;

/** The runs page's badges, from the last default-settings analysis. */
export const RunVerdict = z.object({
  tripped: z.boolean(),
  stagnation_risk: z.enum(["LOW", "MEDIUM", "HIGH"]).nullable(),
  bottlenecks: z.number(),
  halted_at_iteration: z.number().nullable(),
  /** The run's cost: its calls priced (docs/analysis.md#costs) or as logged; null when neither. */
  cost_usd: z.number().nullable(),
});
export type RunVerdict = z.infer<typeof RunVerdict>;

export const RunSummary = z.object({
  run_id: z.string(),
  name: z.string().nullable(),
  agent: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  started_at: IsoTime.nullable(),
  ended_at: IsoTime.nullable(),
  duration_ms: z.number().nullable(),
  cost_usd: z.number(),
  counts: RunCounts,
  /** Null until the run is analysed with the default settings (or after new data). */
  verdict: RunVerdict.nullable(),
  /** Where its review stands (docs/api.md#review): `open` and no category until someone reviews it. */
  review: z.object({ status: z.enum(REVIEW_STATUSES), category: z.enum(REVIEW_CATEGORIES).nullable() }),
  /** docs/import.md#shapes-and-outcomes: set by the importer, a run record or `?shape=`; else from the iterations. */
  shape: z.enum(RUN_SHAPES),
  /** Whether the run succeeded, and who said so (its file, a grader, a done review); null: nobody has. */
  outcome: Outcome.nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;

export const RunDetail = RunSummary.extend({
  config: z.record(z.string(), z.unknown()),
  data_version: z.number(),
  /** When data last reached the run (an upload, a watch send, an OTLP request): the page's "Live" badge. */
  updated_at: IsoTime,
});
export type RunDetail = z.infer<typeof RunDetail>;

/** What of a run's conversation the search of the runs list reads (docs/api.md#search). */
export const RUN_TEXT_KINDS = ["prompt", "reply", "tool_input"] as const;
export type RunTextKind = (typeof RUN_TEXT_KINDS)[number];

/** Where a run's text matched `q`, and a few words around it: plain text, never markup. */
export const RunTextMatch = z.object({
  kind: z.enum(RUN_TEXT_KINDS),
  /** The turn: the prompt's iteration, or the span's (null when it has none). */
  iteration: z.number().int().nullable(),
  /** The llm or tool span (null for a prompt). */
  span_id: z.string().nullable(),
  /** The conversation tab's anchor of the place: `turn-<n>` or `span-<id>` (null: a prompt whose turn is gone). */
  anchor: z.string().nullable(),
  snippet: z.string(),
  /** The matched words in `snippet`: [start, end) offsets in UTF-16 code units. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type RunTextMatch = z.infer<typeof RunTextMatch>;

/** A run of the list: with `match` when `q` matched its conversation's text. */
export const RunListItem = RunSummary.extend({ match: RunTextMatch.optional() });
export type RunListItem = z.infer<typeof RunListItem>;

/** GET /api/v1/runs. */
export const RunListResponse = z.object({ runs: z.array(RunListItem), next_cursor: z.string().nullable() });
export type RunListResponse = z.infer<typeof RunListResponse>;

/** DELETE /api/v1/runs/{run_id}. */
export const RunDeleted = z.object({ deleted: z.string() });
export type RunDeleted = z.infer<typeof RunDeleted>;

export const SpanOut = z.object({
  span_id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  t0: IsoTime,
  t1: IsoTime,
  duration_ms: z.number(),
  ok: z.boolean(),
  error: z.string(),
  iteration: z.number().nullable(),
  task_id: z.string().nullable(),
  tokens_in: z.number().nullable(),
  tokens_out: z.number().nullable(),
  cost_usd: z.number().nullable(),
  /** The call's arguments as sent (any JSON); null when the span has none. */
  input: z.unknown().meta({ description: "The call's arguments as sent (any JSON); null when the span has none." }),
  /** The head of the call's result, at most 2 000 characters; null when the span has none. */
  output: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
});
export type SpanOut = z.infer<typeof SpanOut>;

/** GET /api/v1/runs/{run_id}/spans. */
export const SpanListResponse = z.object({ spans: z.array(SpanOut), next_cursor: z.string().nullable() });
export type SpanListResponse = z.infer<typeof SpanListResponse>;

/** Opaque keyset cursors: base64url of the last row's sort key. */
export function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}
export function decodeCursor(cursor: string): unknown[] | null {
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

const isKeyText = (v: unknown): v is string => typeof v === "string" && v.length <= 2000 && hasNoNul(v);

/** A spans or timeline cursor: [t0 in epoch µs, span_id], or null when it is not one. */
export function decodeSpanCursor(cursor: string): [number, string] | null {
  const key = decodeCursor(cursor);
  const [t0Us, spanId] = key ?? [];
  if (key?.length !== 2 || typeof t0Us !== "number" || !isKeyText(spanId)) return null;
  return t0Us >= MIN_TIME_US && t0Us <= MAX_TIME_US ? [t0Us, spanId] : null;
}

/** A runs-list cursor: [sort key (text for sort=name, else a number), run_id], or null when it is not one. */
export function decodeRunCursor(cursor: string, sort: RunListQuery["sort"]): [number | string, string] | null {
  const key = decodeCursor(cursor);
  const [sortKey, runId] = key ?? [];
  if (key?.length !== 2 || !isKeyText(runId)) return null;
  const fits = sort === "name" ? isKeyText(sortKey) : typeof sortKey === "number" && Number.isFinite(sortKey);
  return fits ? [sortKey as number | string, runId] : null;
}
