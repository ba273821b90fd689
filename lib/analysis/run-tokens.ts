// docs/analysis.md#tokens — a run's one "Tokens" figure, and the cache reads
// shown beside it. A call's Tokens are its input, output and cache-write
// tokens: tokens_in + tokens_out less the cache-read share of tokens_in
// (cache-tokens.ts: the same meta keys and clamps the costs read), whole
// tokens (a fractional count in meta is rounded down). A run's Tokens are the
// sum over its calls (tool and llm spans, subagents' included: they are spans
// of the run); when its calls log no tokens at all, its iterations'
// tokens_used. The running totals keep the sums in the runs table
// (db/run-totals.ts, held to this rule by tests/integration/run-tokens.test.ts)
// so every surface reads one figure. O(calls + iterations).
// Deliberately not the per-task or per-iteration tokens the breakers count:
// those follow `task_tokens` (docs/analysis.md#task-tokens-and-errors).
import type { SPAN_KINDS } from "../schemas/records";
import { cacheSharesOf } from "./cache-tokens";

type SpanKind = (typeof SPAN_KINDS)[number];

/** The fields of a span the rule reads. */
export type TokenCall = {
  kind: SpanKind;
  tokensIn: number | null;
  tokensOut: number | null;
  meta: Record<string, unknown> | null;
};

/** A run's token sums as the runs table keeps them. */
export type RunTokenSums = {
  /** tokens_in + tokens_out of its calls. */
  spanTokens: number;
  /** The cache-read share of its calls' tokens_in. */
  spanCacheReadTokens: number;
  /** Its iterations' tokens_used. */
  iterationTokens: number;
};

/** The figures a run shows: Tokens, and the cache reads beside them (never in them). */
export type RunTokens = { tokens: number; cacheReadTokens: number };

/** Whether a span is a call, whose tokens count (an agent span's usage is its children's). */
export const isCall = (kind: SpanKind): boolean => kind === "tool" || kind === "llm";

/** The whole cache-read tokens of a call's tokens_in. */
export function cacheReadTokensOf(tokensIn: number | null, meta: Record<string, unknown> | null): number {
  return Math.floor(cacheSharesOf(tokensIn, meta).read);
}

/** A run's Tokens from its sums: the calls' less their cache reads, else the iterations'. */
export function runTokensOf(s: RunTokenSums): RunTokens {
  if (s.spanTokens > 0) {
    return { tokens: Math.max(0, s.spanTokens - s.spanCacheReadTokens), cacheReadTokens: s.spanCacheReadTokens };
  }
  return { tokens: s.iterationTokens, cacheReadTokens: 0 };
}

/** Add one span to a run's sums: a call's tokens and its cache reads, nothing for a container. */
export function addRunTokens(sums: RunTokenSums, s: TokenCall): void {
  if (!isCall(s.kind)) return;
  sums.spanTokens += (s.tokensIn ?? 0) + (s.tokensOut ?? 0);
  sums.spanCacheReadTokens += cacheReadTokensOf(s.tokensIn, s.meta);
}

/** The sums of runTokensOf over a run's spans and iterations. */
export function sumRunTokens(
  spans: Iterable<TokenCall>,
  iterations: Iterable<{ tokensUsed: number | null }>,
): RunTokenSums {
  const sums: RunTokenSums = { spanTokens: 0, spanCacheReadTokens: 0, iterationTokens: 0 };
  for (const s of spans) addRunTokens(sums, s);
  for (const it of iterations) sums.iterationTokens += it.tokensUsed ?? 0;
  return sums;
}
