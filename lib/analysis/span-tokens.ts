// docs/analysis.md#task-tokens-and-errors: where a call's tokens count — at its
// own `iteration`, else at the iteration whose time span covers its t0
// (docs/analysis.md#run-start-and-iteration-time-spans: iteration i covers
// (end of i−1, end of i], the first also everything before it, none after
// the last). The pure side says where iterations end; a source sums the
// tokens per iteration and task_id — the database in SQL
// (db/analysis-totals.ts, held to this rule by
// tests/integration/analysis-sources.test.ts). Beside every token, each sum
// carries the new ones (docs/analysis.md#three-layer-breaker, `task_tokens`):
// a call's tokens less the share of tokens_in it read from the prompt cache
// (cache-tokens.ts, clamped to tokens_in) — what an agent that re-reads its
// whole context each turn actually adds; cache writes are new. O(calls · log iterations).
// Deliberately does not pick the task of a call that names none, nor when its
// tokens count towards a task, nor which figure counts: iteration-context.ts does all three.
import { cacheSharesOf } from "./cache-tokens";
import { iterationEndsUs } from "./iteration-context";

/** Iteration `ns[i]` ends at `endsUs[i]` (the running maximum of ts), in n order. */
export type IterationBounds = { ns: number[]; endsUs: number[] };

/**
 * tokens_in + tokens_out of calls, per iteration (null: none) and the task_id they name (null: none);
 * `newTokens` leaves out the cache-read share of tokens_in.
 */
export type SpanTokenSum = { iteration: number | null; taskId: string | null; tokens: number; newTokens: number };

/** The fields of a call the rule reads. */
export type SpanTokens = {
  iteration: number | null;
  taskId: string | null;
  t0Us: number;
  tokensIn: number | null;
  tokensOut: number | null;
  /** Where the cache-read share of tokens_in is (cache-tokens.ts CACHE_READ_KEYS). */
  meta: Record<string, unknown> | null;
};

export function iterationBounds(
  runStartUs: number,
  iterations: readonly { n: number; tsUs: number }[],
): IterationBounds {
  return { ns: iterations.map((it) => it.n), endsUs: iterationEndsUs(runStartUs, iterations) };
}

/** The n of the iteration whose span covers t0: the first that ends at or after it; null after the last. */
export function coveringIteration(b: IterationBounds, t0Us: number): number | null {
  let lo = 0;
  let hi = b.endsUs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (b.endsUs[mid]! < t0Us) lo = mid + 1;
    else hi = mid;
  }
  return b.ns[lo] ?? null;
}

/** Sums per (iteration, task_id) over the calls that log tokens (tokens_in or tokens_out): all, and the new ones. */
export function sumSpanTokens(calls: Iterable<SpanTokens>, b: IterationBounds): SpanTokenSum[] {
  const sums = new Map<string, SpanTokenSum>();
  for (const s of calls) {
    if (s.tokensIn === null && s.tokensOut === null) continue;
    const iteration = s.iteration ?? coveringIteration(b, s.t0Us);
    const key = JSON.stringify([iteration, s.taskId]);
    const sum = sums.get(key) ?? { iteration, taskId: s.taskId, tokens: 0, newTokens: 0 };
    const tokens = (s.tokensIn ?? 0) + (s.tokensOut ?? 0);
    sum.tokens += tokens;
    sum.newTokens += tokens - cacheSharesOf(s.tokensIn, s.meta).read;
    sums.set(key, sum);
  }
  return [...sums.values()];
}
