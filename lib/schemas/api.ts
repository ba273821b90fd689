// Shapes of the HTTP API (docs/api.md) that are not records: query parameters of
// the list endpoints and the JSON the run endpoints return. Route handlers,
// pages, components, the CLI and the OpenAPI document (openapi.ts) import
// these — one name per contract.
import { z } from "zod";

export const RUN_SORTS = ["started", "duration", "spans", "failures", "tokens", "name"] as const;

export const RunListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  agent: z.string().trim().max(200).optional(),
  /** `key:value` (or `key=value`); a bare `key` matches any value. */
  label: z.string().trim().max(400).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(["tripped", "clean", "failing", "unanalysed"]).optional(),
  sort: z.enum(RUN_SORTS).default("started"),
  order: z.enum(["asc", "desc"]).default("desc"),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(2000).optional(),
});
export type RunListQuery = z.output<typeof RunListQuery>;

export const SpanListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10000).default(1000),
  cursor: z.string().max(2000).optional(),
});
export type SpanListQuery = z.output<typeof SpanListQuery>;

/** An ISO-8601 time as the API writes it (UTC, microseconds). */
export const IsoTime = z.iso.datetime({ offset: true });

export const RunCounts = z.object({
  spans: z.number(),
  failures: z.number(),
  iterations: z.number(),
  events: z.number(),
  tokens: z.number(),
});
export type RunCounts = z.infer<typeof RunCounts>;

/** The runs page's badges, from the last default-settings analysis. */
export const RunVerdict = z.object({
  tripped: z.boolean(),
  stagnation_risk: z.enum(["LOW", "MEDIUM", "HIGH"]).nullable(),
  bottlenecks: z.number(),
  halted_at_iteration: z.number().nullable(),
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
});
export type RunSummary = z.infer<typeof RunSummary>;

export const RunDetail = RunSummary.extend({
  config: z.record(z.string(), z.unknown()),
  data_version: z.number(),
});
export type RunDetail = z.infer<typeof RunDetail>;

/** GET /api/v1/runs. */
export const RunListResponse = z.object({ runs: z.array(RunSummary), next_cursor: z.string().nullable() });
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
