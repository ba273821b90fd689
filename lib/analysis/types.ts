// What the analysis reads (docs/analysis.md). The analysis is pure: it never touches
// the database or a clock. A source (the database for the server, plain
// arrays for the offline CLI) provides the small tables in memory and the
// big one — spans — as aggregates plus ordered async streams, so a run of a
// million spans is never loaded whole.
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";
import type { SpanCostSum } from "./costs";
import type { IterationBounds, SpanTokenSum } from "./span-tokens";

/** Per tool name over spans of kind `tool` or `llm` (docs/analysis.md#bottlenecks). */
export type ToolAggregate = {
  tool: string;
  calls: number;
  failures: number;
  /** Sum of span durations in ms (a span's duration is never negative). */
  totalMs: number;
};

/** A `tool` span that carries an input: what docs/analysis.md#identical-calls reads. */
export type ToolCallInput = {
  name: string;
  t0Us: number;
  iteration: number | null;
  /** Any JSON; never null (calls without an input are left out). */
  input: unknown;
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
  /**
   * The time of the run's last record: the latest span t1, iteration ts or
   * event ts; the run start when it has none. The event breakers' cooldowns
   * run by time up to it (docs/analysis.md#permission-breaker).
   */
  endUs: number;
  /** Spans of kind tool/llm, aggregated per name. */
  tools: ToolAggregate[];
  /** Ordered by n. */
  iterations: StoredIteration[];
  /** Ordered by ts, then by arrival. */
  events: StoredEvent[];
  tasks: StoredTask[];
  /**
   * docs/analysis.md#task-tokens-and-errors: tokens_in + tokens_out of the calls that log
   * tokens, summed per task_id and iteration — the call's `iteration`, else the one of
   * `bounds` whose span covers its t0 (span-tokens.ts; null after the last).
   */
  spanTokens(bounds: IterationBounds): Promise<SpanTokenSum[]>;
  /**
   * docs/analysis.md#costs: the calls' logged costs, and the tokens of those that log
   * none, per iteration (placed like spanTokens), task_id, tool and model (costs.ts).
   */
  spanCosts(bounds: IterationBounds): Promise<SpanCostSum[]>;
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
  /** Spans of kind `tool` with an input, ordered by t0 then span id (docs/analysis.md#identical-calls). */
  toolCallInputs(): AsyncIterable<ToolCallInput>;
};
