// Shapes of the HTTP API (SPEC §2) that are not records: query parameters of
// the list endpoints and the JSON the run endpoints return. Route handlers,
// pages and tests import these — one name per contract.
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

export type RunCounts = { spans: number; failures: number; iterations: number; events: number; tokens: number };

export type RunVerdict = {
  tripped: boolean;
  stagnation_risk: "LOW" | "MEDIUM" | "HIGH" | null;
  bottlenecks: number;
  halted_at_iteration: number | null;
};

export type RunSummary = {
  run_id: string;
  name: string | null;
  agent: string | null;
  labels: Record<string, string>;
  started_at: string | null;
  ended_at: string | null;
  duration_ms: number | null;
  cost_usd: number;
  counts: RunCounts;
  verdict: RunVerdict | null;
};

export type RunDetail = RunSummary & { config: Record<string, unknown>; data_version: number };

export type SpanOut = {
  span_id: string;
  parent_id: string | null;
  name: string;
  kind: string;
  t0: string;
  t1: string;
  duration_ms: number;
  ok: boolean;
  error: string;
  iteration: number | null;
  task_id: string | null;
  tokens_in: number | null;
  tokens_out: number | null;
  cost_usd: number | null;
  meta: Record<string, unknown>;
};

export type Page<T, K extends string> = { [key in K]: T[] } & { next_cursor: string | null };

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
