// docs/analysis.md#costs: what the calls cost. A call's own cost_usd (logged)
// wins; else its tokens are priced by the `prices` setting for its model —
// the exact model id, else the longest price key the id starts with (ids
// carry dates and suffixes). tokens_out is priced as output; of tokens_in,
// the part read from the prompt cache as cache_read, the part written to it as
// cache_write (cache-tokens.ts; either price falls back to input when the
// model's price has none), the rest as input. A source sums calls per
// (iteration, task_id, tool, model) — the database in SQL
// (db/analysis-totals.ts, held to this rule by
// tests/integration/analysis-sources.test.ts). O(calls) to sum, O(sums ·
// prices) to price. Deliberately never turns an unknown cost into 0: no
// logged cost and no price is null.
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
  /** The cache shares of tokensIn (cache-tokens.ts). */
  cacheRead: number;
  cacheWrite: number;
  costUsd: number | null;
};

/**
 * Calls summed per iteration (the call's, else the covering one: span-tokens.ts),
 * task_id, tool and model: the logged costs (null: no call logs one) and the
 * tokens of the calls that log no cost — cacheRead and cacheWrite being the
 * parts of tokensIn read from and written to the prompt cache.
 */
export type SpanCostSum = {
  iteration: number | null;
  taskId: string | null;
  tool: string;
  model: string | null;
  loggedUsd: number | null;
  tokensIn: number;
  tokensOut: number;
  cacheRead: number;
  cacheWrite: number;
};

/** Sum the calls that log a cost or tokens; `iterationOf` places a call that names no iteration. */
export function sumSpanCosts(calls: Iterable<SpanCost>, iterationOf: (t0Us: number) => number | null): SpanCostSum[] {
  const sums = new Map<string, SpanCostSum>();
  for (const c of calls) {
    if (c.costUsd === null && c.tokensIn === null && c.tokensOut === null) continue;
    const iteration = c.iteration ?? iterationOf(c.t0Us);
    const key = JSON.stringify([iteration, c.taskId, c.tool, c.model]);
    const sum = sums.get(key) ?? {
      iteration,
      taskId: c.taskId,
      tool: c.tool,
      model: c.model,
      loggedUsd: null,
      tokensIn: 0,
      tokensOut: 0,
      cacheRead: 0,
      cacheWrite: 0,
    };
    if (c.costUsd !== null) sum.loggedUsd = (sum.loggedUsd ?? 0) + c.costUsd;
    else {
      sum.tokensIn += c.tokensIn ?? 0;
      sum.tokensOut += c.tokensOut ?? 0;
      sum.cacheRead += c.cacheRead;
      sum.cacheWrite += c.cacheWrite;
    }
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** The price of a model: its exact id, else the longest key it starts with; null when none. */
export function priceOf(model: string | null, prices: Record<string, ModelPrice>): ModelPrice | null {
  if (model === null) return null;
  if (Object.hasOwn(prices, model)) return prices[model] ?? null;
  let best: string | null = null;
  for (const key of Object.keys(prices)) {
    if (model.startsWith(key) && (best === null || key.length > best.length)) best = key;
  }
  return best === null ? null : (prices[best] ?? null);
}

/** A sum's cost: logged + priced tokens; null when neither is known (no logged cost, no price). */
export function costOfSum(s: SpanCostSum, prices: Record<string, ModelPrice>): number | null {
  return costAt(s, (model) => priceOf(model, prices));
}

function costAt(s: SpanCostSum, priceOfModel: (model: string | null) => ModelPrice | null): number | null {
  const price = s.tokensIn + s.tokensOut > 0 ? priceOfModel(s.model) : null;
  return addCost(s.loggedUsd, price === null ? null : pricedTokens(s, price));
}

/** Tokens × price per million: cache reads and writes at their prices (else input), the rest of tokens_in at input. */
function pricedTokens(s: SpanCostSum, price: ModelPrice): number {
  const plainIn = s.tokensIn - s.cacheRead - s.cacheWrite;
  const cacheUsd = s.cacheRead * (price.cache_read ?? price.input) + s.cacheWrite * (price.cache_write ?? price.input);
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
  prices: Record<string, ModelPrice>,
): Map<K, number | null> {
  const out = new Map<K, number | null>();
  const known = new Map<string | null, ModelPrice | null>(); // a run has a few models and many sums
  const priceOfModel = (model: string | null) => {
    let price = known.get(model);
    if (price === undefined) known.set(model, (price = priceOf(model, prices)));
    return price;
  };
  for (const s of sums) {
    const key = keyOf(s);
    out.set(key, addCost(out.get(key) ?? null, costAt(s, priceOfModel)));
  }
  return out;
}
