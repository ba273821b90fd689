// What the analysis reads (docs/analysis.md). The analysis is pure: it never touches
// the database or a clock. A source (the database for the server, plain
// arrays for the offline CLI) provides the small tables in memory and the
// big one — spans — as one set of aggregates plus two ordered async streams,
// so a run of a million spans is never loaded whole and, in the database,
// is read four times: twice aggregated, once by tool, once by time.
import type { StoredEvent, StoredIteration, StoredTask } from "../schemas/records";
import type { SpanCostSum } from "./costs";
import type { HumanWaitSettings, HumanWaitSum } from "./human-waits";
import type { IterationBounds, SpanTokenSum } from "./span-tokens";
import type { TimeoutSettings, TimeoutTotals } from "./timeouts";

/** Per tool name over spans of kind `tool` or `llm` (docs/analysis.md#bottlenecks). */
export type ToolAggregate = {
  tool: string;
  calls: number;
  failures: number;
  /** Sum of span durations in ms (a span's duration is never negative). */
  totalMs: number;
  /** Its calls are model calls (kind `llm`): docs/analysis.md#bottlenecks compares them with each other. */
  llm: boolean;
};

/** A `tool` span that carries an input: what docs/analysis.md#identical-calls reads. */
export type ToolCallInput = {
  name: string;
  t0Us: number;
  iteration: number | null;
  /** Any JSON; never null (calls without an input are left out). */
  input: unknown;
  /** The head of its result (null: none); docs/analysis.md#identical-calls keys on it with repeat_key `input_output`. */
  output?: string | null;
};

/** The few span fields the breaker replay needs (its id: which span it is, for a source's paging). */
export type SpanLite = {
  spanId: string;
  t0Us: number;
  t1Us: number;
  ok: boolean;
};

/** A call of one tool, for that tool's breaker replay. */
export type ToolSpan = SpanLite & { tool: string };

/**
 * A call in t0 order: a docs/analysis.md#rate-limit call (`rate`), a `tool`
 * call with an input (docs/analysis.md#identical-calls), or both.
 */
export type TimedCall = { t0Us: number; rate: boolean; withInput: ToolCallInput | null };

/**
 * What the call aggregates depend on: where iterations end (span-tokens.ts), each
 * tool's timeout, and which tools' calls are a person's time (human-waits.ts humanWaitTools).
 */
export type CallTotalsQuery = { bounds: IterationBounds; timeouts: TimeoutSettings; waits: HumanWaitSettings };

/** Every aggregate the analysis takes over the run's calls (spans of kind tool or llm). */
export type CallTotals = {
  /** Per tool name. */
  tools: ToolAggregate[];
  /** Whether any call is of kind `llm` (docs/analysis.md#rate-limit). */
  hasLlmSpans: boolean;
  /** docs/analysis.md#timeouts per tool, at its timeout (timeoutOf): only tools with a call over it. */
  timeouts: Record<string, TimeoutTotals>;
  /**
   * docs/analysis.md#task-tokens-and-errors: tokens_in + tokens_out of the calls that log
   * tokens, summed per task_id and iteration — the call's `iteration`, else the one of
   * `bounds` whose span covers its t0 (span-tokens.ts; null after the last).
   */
  spanTokens: SpanTokenSum[];
  /**
   * docs/analysis.md#costs: the calls' logged costs, and the tokens of those that log
   * none, per iteration (placed like spanTokens), task_id, tool and model (costs.ts).
   */
  spanCosts: SpanCostSum[];
  /**
   * docs/analysis.md#human-waits, #permission-waits: per iteration (placed like
   * spanTokens; none after the last), the merged time of its calls of the wait
   * tools, in ms (human-waits.ts); empty unless `waits.prompt_waits_excluded`.
   */
  humanWaits: HumanWaitSum[];
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
  /** Ordered by n. */
  iterations: StoredIteration[];
  /** Ordered by ts, then by arrival. */
  events: StoredEvent[];
  tasks: StoredTask[];
  /** The calls' aggregates — two grouped scans in the database. */
  callTotals(query: CallTotalsQuery): Promise<CallTotals>;
  /**
   * Calls (tool/llm) grouped by tool name, the tools in any order, each
   * tool's ordered by t0 then span id; in batches (a database page, say), so
   * a million calls are not a million awaits. With `coolS`, a source may
   * leave out the spans that cannot move their tool's breaker
   * (docs/analysis.md#tool-breaker): a success after a success, starting at
   * least cool_s after every earlier failure of its tool ended — the database
   * source does, so a run of mostly healthy calls is not shipped to the
   * replay span by span.
   */
  toolSpans(hint?: { coolS: number }): AsyncIterable<readonly ToolSpan[]>;
  /**
   * In t0 then span id order, in batches: the rate calls — spans of kind
   * `llm` when `llmOnly`, else all calls — and the `tool` spans with an
   * input; any other call is left out.
   */
  timedCalls(rate: { llmOnly: boolean }): AsyncIterable<readonly TimedCall[]>;
};
