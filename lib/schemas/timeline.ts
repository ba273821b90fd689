// The timeline's wire format (GET /api/v1/runs/{run_id}/timeline): one
// compact columnar page of spans — parallel arrays, repeated strings as
// indices into small tables — so 100 000 spans travel in a handful of
// responses. The first page also carries what the overlays need: the run's
// start and end, its iterations and its events. lib/timeline/wire.ts holds
// the paging constants and re-exports these.
import { z } from "zod";
import { SpanCursor } from "./api";

export const TIMELINE_PAGE_DEFAULT = 10_000;
export const TIMELINE_PAGE_MAX = 20_000;

export const TimelineQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
  cursor: SpanCursor.optional(),
});
export type TimelineQuery = z.output<typeof TimelineQuery>;

const Index = z.number().int();

/** Spans of one page; index i of every array is the same span. Times are ms from the run start. */
export const TimelineSpanColumns = z.object({
  ids: z.array(z.string()),
  /** Index into `parent_ids`, or -1 for no parent. */
  parent: z.array(Index),
  parent_ids: z.array(z.string()),
  /** Index into `names`. */
  name: z.array(Index),
  names: z.array(z.string()),
  /** Index into `kinds`. */
  kind: z.array(Index),
  kinds: z.array(z.string()),
  t0: z.array(z.number()),
  t1: z.array(z.number()),
  /** 1 ok, 0 failed. */
  ok: z.array(Index),
  /** Index into `errors`, or -1 for none. */
  error: z.array(Index),
  errors: z.array(z.string()),
  /** The iteration (turn or step) the span belongs to, or -1 for none: the rows group by it (lib/timeline/rows.ts). */
  iteration: z.array(Index),
});
export type TimelineSpanColumns = z.infer<typeof TimelineSpanColumns>;

export const TimelineIteration = z.object({
  n: z.number(),
  ts_ms: z.number(),
  /** The iteration's task, for its row's label. */
  task_id: z.string().nullable().optional(),
  /** Its logged errors (each cut to TIMELINE_ERROR_CHARS), for the search. */
  errors: z.array(z.string()).optional(),
  /**
   * What its turn row reads after "turn N · ": the turn's prompt, or the step's
   * command, clipped at a word (lib/timeline/turns.ts); null when it has neither.
   */
  label: z.string().nullable().optional(),
});
export type TimelineIteration = z.infer<typeof TimelineIteration>;

export const TimelineEvent = z.object({
  ts_ms: z.number(),
  kind: z.string(),
  tool: z.string().nullable(),
  detail: z.string().nullable(),
  status: z.number().nullable(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

export const TimelineRunInfo = z.object({
  /** Epoch µs of the run start: every ms offset counts from here. */
  start_us: z.number(),
  /** ms from the start to the run's last record. */
  end_ms: z.number(),
  span_count: z.number(),
  iterations: z.array(TimelineIteration),
  /** The run's shape (lib/schemas/run-outcome.ts): whether its iterations are turns or steps. */
  shape: z.string().nullable().optional(),
  events: z.array(TimelineEvent),
});
export type TimelineRunInfo = z.infer<typeof TimelineRunInfo>;

export const TimelinePage = z.object({
  run_id: z.string(),
  spans: TimelineSpanColumns,
  next_cursor: z.string().nullable(),
  /** Only on the first page (no cursor). */
  run: TimelineRunInfo.optional(),
});
export type TimelinePage = z.infer<typeof TimelinePage>;
