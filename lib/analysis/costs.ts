// docs/analysis.md#costs: what the calls cost. A call's own cost_usd (logged)
// wins; else its tokens are priced at its model's price (pricer.ts: the
// `prices` setting, else the catalog for the call's size band).
// tokens_out is priced as output; of tokens_in, the part read from the prompt
// cache as cache_read, the part written to it as cache_write — its 1-hour
// share at twice input, Anthropic's rule (cache-tokens.ts; either price falls
// back to input when the model's price has none), the rest as input. A source
// sums calls per (iteration, task_id, tool, model, size band) — the database
// in SQL (db/analysis-totals.ts, held to this rule by
// tests/integration/analysis-sources.test.ts): a long-context tier prices a
// whole call, so calls are summed only with calls of their band.
// O(calls) to sum, O(sums) to price. Deliberately never turns an unknown cost
// into 0: no logged cost and no price is null.
import { callSizeBand } from "./price-catalog";
import { priceKeyOf, type Pricer } from "./pricer";
import type { ModelPrice } from "./settings";

/** The model of a call: meta.model (or the GenAI model attributes), else an llm span's name. */
export function modelOf(kind: string, name: string, meta: Record<string, unknown> | null): string | null {
  for (const key of MODEL_KEYS) {
    const v = meta?.[key];
    if (typeof v === "string" && v !== "") return v;
  }
  return kind === "llm" ? name : null;
}
export const MODEL_KEYS = ["model", "gen_ai.response.model", "gen_ai.request.model"] as const;

/** One call's cost fields. */
export type SpanCost = {
  iteration: number | null;
  taskId: string | null;
  t0Us: number;
  tool: string;
  model: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  /** The cache shares of tokensIn (cache-tokens.ts); cacheWrite1h is the 1-hour part of cacheWrite. */
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h: number;
  costUsd: number | null;
};

/**
 * Calls summed per iteration (the call's, else the covering one: span-tokens.ts),
 * task_id, tool, model and size band (price-catalog.ts callSizeBand of each
 * call's tokens_in): the logged costs (null: no call logs one) and the tokens
 * of the calls that log no cost — cacheRead and cacheWrite being the parts of
 * tokensIn read from and written to the prompt cache, cacheWrite1h the 1-hour
 * part of cacheWrite.
 */
export type SpanCostSum = {
  iteration: number | null;
  taskId: string | null;
  tool: string;
  model: string | null;
  sizeBand: number;
  loggedUsd: number | null;
  tokensIn: number;
  tokensOut: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h: number;
};

/** Sum the calls that log a cost or tokens; `iterationOf` places a call that names no iteration. */
export function sumSpanCosts(calls: Iterable<SpanCost>, iterationOf: (t0Us: number) => number | null): SpanCostSum[] {
  const sums = new Map<string, SpanCostSum>();
  for (const c of calls) {
    if (c.costUsd === null && c.tokensIn === null && c.tokensOut === null) continue;
    const iteration = c.iteration ?? iterationOf(c.t0Us);
    const sizeBand = callSizeBand(c.tokensIn);
    const key = JSON.stringify([iteration, c.taskId, c.tool, c.model, sizeBand]);
    const sum = sums.get(key) ?? {
      iteration,
      taskId: c.taskId,
      tool: c.tool,
      model: c.model,
      sizeBand,
      loggedUsd: null,
      tokensIn: 0,
      tokensOut: 0,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
    };
    if (c.costUsd !== null) sum.loggedUsd = (sum.loggedUsd ?? 0) + c.costUsd;
    else {
      sum.tokensIn += c.tokensIn ?? 0;
      sum.tokensOut += c.tokensOut ?? 0;
      sum.cacheRead += c.cacheRead;
      sum.cacheWrite += c.cacheWrite;
      sum.cacheWrite1h += c.cacheWrite1h;
    }
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** The `prices` entry of a model: its exact id, else the longest key it starts with; null when none. */
export function priceOf(model: string | null, prices: Record<string, ModelPrice>): ModelPrice | null {
  const key = model === null ? null : priceKeyOf(model, prices);
  return key === null ? null : (prices[key] ?? null);
}

/** A sum's cost: logged + priced tokens; null when neither is known (no logged cost, no price). */
export function costOfSum(s: SpanCostSum, pricer: Pricer): number | null {
  const price = s.tokensIn + s.tokensOut > 0 ? pricer.priceOf(s.model, s.sizeBand) : null;
  return addCost(s.loggedUsd, price === null ? null : pricedTokens(s, price));
}

/** A 1-hour cache write costs twice the input price (5-minute writes: cache_write). */
export const CACHE_WRITE_1H_INPUT_RATIO = 2;

/**
 * Tokens × price per million: cache reads and 5-minute writes at their prices
 * (else input), 1-hour writes at twice input, the rest of tokens_in at input.
 */
function pricedTokens(s: SpanCostSum, price: ModelPrice): number {
  const plainIn = s.tokensIn - s.cacheRead - s.cacheWrite;
  const write5m = s.cacheWrite - s.cacheWrite1h;
  const cacheUsd =
    s.cacheRead * (price.cache_read ?? price.input) +
    write5m * (price.cache_write ?? price.input) +
    s.cacheWrite1h * CACHE_WRITE_1H_INPUT_RATIO * price.input;
  return (plainIn * price.input + cacheUsd + s.tokensOut * price.output) / 1e6;
}

/** null + null = null: unknown plus unknown stays unknown; a known part counts. */
export function addCost(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

/** Costs summed by a key; a key whose every part is unknown stays null. */
export function costsBy<K>(
  sums: readonly SpanCostSum[],
  keyOf: (s: SpanCostSum) => K,
  pricer: Pricer,
): Map<K, number | null> {
  const out = new Map<K, number | null>();
  for (const s of sums) {
    const key = keyOf(s);
    out.set(key, addCost(out.get(key) ?? null, costOfSum(s, pricer)));
  }
  return out;
}
