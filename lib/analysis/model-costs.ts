// docs/analysis.md#costs: the report's `models` — per model, what its calls
// cost and where the price came from: the catalog (with its version and the
// model's id there), a `prices` setting entry (its key), the log's own
// cost_usd, or nobody. A model whose calls log some costs and leave others to
// be priced names the source of the priced part. Ordered by cost, largest
// first, unknown costs last, ties by model id. O(sums · log models).
// Deliberately prices nothing itself: costs.ts and pricer.ts do.
import { costsBy, type SpanCostSum } from "./costs";
import { PRICE_CATALOG } from "./price-catalog";
import type { Pricer } from "./pricer";

export const PRICE_SOURCES = ["catalog", "settings", "logged", "unknown"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export type ModelCost = {
  /** null: calls that name no model (tool spans that log a cost). */
  model: string | null;
  cost_usd: number | null;
  price_source: PriceSource;
  /** catalog: the model's id in the catalog; settings: the `prices` key that matched; else null. */
  price_key: string | null;
  /** catalog: the catalog's version (`@pydantic/genai-prices@0.1.8`); else null. */
  catalog_version: string | null;
};

const CATALOG_VERSION = `${PRICE_CATALOG.name}@${PRICE_CATALOG.version}`;

function sourceOf(model: string | null, priced: boolean, logged: boolean, pricer: Pricer) {
  const by = priced ? pricer.sourceOf(model) : null;
  if (by?.source === "catalog")
    return { price_source: "catalog", price_key: by.catalogId, catalog_version: CATALOG_VERSION } as const;
  if (by?.source === "settings") return { price_source: "settings", price_key: by.key, catalog_version: null } as const;
  return { price_source: logged && !priced ? "logged" : "unknown", price_key: null, catalog_version: null } as const;
}

const byCostThenModel = (a: ModelCost, b: ModelCost): number =>
  (a.cost_usd === null ? 1 : 0) - (b.cost_usd === null ? 1 : 0) ||
  (b.cost_usd ?? 0) - (a.cost_usd ?? 0) ||
  (a.model ?? "").localeCompare(b.model ?? "");

/** One row per model the calls name (null for none), with its cost and price source. */
export function listModelCosts(sums: readonly SpanCostSum[], pricer: Pricer): ModelCost[] {
  const priced = new Set<string | null>();
  const logged = new Set<string | null>();
  for (const s of sums) {
    if (s.tokensIn + s.tokensOut > 0) priced.add(s.model);
    if (s.loggedUsd !== null) logged.add(s.model);
  }
  return [...costsBy(sums, (s) => s.model, pricer)]
    .map(([model, cost_usd]) => ({
      model,
      cost_usd,
      ...sourceOf(model, priced.has(model), logged.has(model), pricer),
    }))
    .sort(byCostThenModel);
}
