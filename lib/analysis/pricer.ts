// docs/analysis.md#costs: which price a model's calls pay. An entry of the
// `prices` setting — the model's exact id, else the longest key the id starts
// with — wins, at one price for every call size; else the catalog's price
// (price-catalog.ts) for the call's size band, as it stood when the run
// started (a catalog price can change on a date). Pure: the date is an
// argument. Memoised per model and band: a run has a few models and many
// sums. Deliberately never invents a price: a model neither names is
// unpriced, and its cost stays unknown.
import { catalogPrice } from "./price-catalog";
import type { ModelPrice } from "./settings";

/** Where a model's price comes from: the catalog (its model id there) or a `prices` key. */
export type PricedBy = { source: "catalog"; catalogId: string } | { source: "settings"; key: string };

export type Pricer = {
  /** Who prices the model's calls; null: nobody (its tokens have no price). */
  sourceOf(model: string | null): PricedBy | null;
  /** The model's price for calls of a size band (price-catalog.ts callSizeBand); null: none. */
  priceOf(model: string | null, band: number): ModelPrice | null;
};

/** The `prices` key of a model: its exact id, else the longest key the id starts with; null when none. */
export function priceKeyOf(model: string, prices: Record<string, ModelPrice>): string | null {
  if (Object.hasOwn(prices, model)) return model;
  let best: string | null = null;
  for (const key of Object.keys(prices)) {
    if (model.startsWith(key) && (best === null || key.length > best.length)) best = key;
  }
  return best;
}

/** The prices of one analysis: the `prices` setting over the catalog, at the run's start (µs since the epoch). */
export function makePricer(prices: Record<string, ModelPrice>, atUs: number): Pricer {
  const at = new Date(Math.floor(atUs / 1000));
  const sources = new Map<string, PricedBy | null>();
  const bands = new Map<string, ModelPrice | null>();
  const sourceOf = (model: string | null): PricedBy | null => {
    if (model === null) return null;
    let by = sources.get(model);
    if (by === undefined) {
      const key = priceKeyOf(model, prices);
      const catalogId = key === null ? (catalogPrice(model, 0, at)?.catalogId ?? null) : null;
      by = key !== null ? { source: "settings", key } : catalogId !== null ? { source: "catalog", catalogId } : null;
      sources.set(model, by);
    }
    return by;
  };
  return {
    sourceOf,
    priceOf(model, band) {
      const by = sourceOf(model);
      if (model === null || by === null) return null;
      if (by.source === "settings") return prices[by.key] ?? null;
      const memo = `${band} ${model}`;
      let price = bands.get(memo);
      if (price === undefined) bands.set(memo, (price = catalogPrice(model, band, at)?.price ?? null));
      return price;
    },
  };
}
