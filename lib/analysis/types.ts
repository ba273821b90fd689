// What the analysis reads (docs/analysis.md). The analysis is pure: it never touches
// the database or a clock. A source (the database for the server, plain
// arrays for the offline CLI) provides the small tables in memory and the
// big one — spans — as aggregates plus ordered async streams, so a run of a
// million spans is never loaded whole.
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";

/** Per tool name over spans of kind `tool` or `llm` (docs/analysis.md#bottlenecks). */
export type ToolAggregate = {
  tool: string;
  calls: number;
  failures: number;
  /** Sum of span durations in ms (a span's duration is never negative). */
  totalMs: number;
};

/** The few span fields the breaker, timeout and rate replays need. */
export type SpanLite = {
  spanId: string;
  t0Us: number;
  t1Us: number;
  ok: boolean;
  error: string;
};

export type AnalysisInput = {
  runId: string;
  /** docs/analysis.md#run-start-and-iteration-time-spans: run record's started_at, else the earliest record. */
  runStartUs: number;
  /** Spans of kind tool/llm, aggregated per name. */
  tools: ToolAggregate[];
  /** Ordered by n. */
  iterations: StoredIteration[];
  /** Ordered by ts, then by arrival. */
  events: StoredEvent[];
  tasks: StoredTask[];
  /** Sum of tokens_in + tokens_out of spans per task_id (docs/analysis.md#task-tokens-and-errors). */
  taskSpanTokens: Record<string, number>;
  /** Whether the run has any span of kind `llm` (docs/analysis.md#rate-limit). */
  hasLlmSpans: boolean;
  /**
   * Spans (tool/llm) of one tool name, ordered by t0 then span id. With
   * `coolS`, a source may leave out the spans that cannot move that tool's
   * breaker (docs/analysis.md#tool-breaker): a success after a success, starting at least cool_s
   * after every earlier failure ended — the database source does, so a run
   * of mostly healthy calls is not shipped to the replay span by span.
   */
  spansOfTool(tool: string, hint?: { coolS: number }): AsyncIterable<SpanLite>;
  /** docs/analysis.md#timeouts per tool: calls longer than its timeout (seconds, strictly) and the summed excess. */
  timeoutTotals(timeoutS: Record<string, number>): Promise<Record<string, { exceeded: number; excessMs: number }>>;
  /** Start times (µs), ascending, of the docs/analysis.md#rate-limit calls among spans: llm spans when hasLlmSpans, else all spans. */
  rateCallTimes(): AsyncIterable<number>;
};
