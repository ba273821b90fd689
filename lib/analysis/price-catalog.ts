// docs/analysis.md#costs: the list prices of the catalog that ships inside
// @pydantic/genai-prices (no network), read as one ModelPrice per model, call
// size and date — so costs.ts prices catalog and settings prices alike. A
// long-context tier applies per call, to the whole call, when its prompt
// (tokens_in: cache reads and writes included, the catalog's input_tokens) is
// above the tier's start; the catalog's every start is a bound of
// CALL_SIZE_STARTS_TOKENS, so all calls of one band pay one price per model
// and sums per band can be priced (tests/unit/analysis/price-catalog.test.ts
// holds the list to the catalog). The price of a band is what the catalog
// charges a call of that band, read back per token: the tier rule stays the
// catalog's own. O(1) catalog look-ups per model, band and date (a few
// microseconds each). Deliberately prices no 1-hour cache write: costs.ts does.
import { calcPrice, type Usage } from "@pydantic/genai-prices";
import type { ModelPrice } from "./settings";

/**
 * The catalog, as a price source names it (kept equal to the installed
 * package's version by a test). Upgrading it changes costs: raise
 * ANALYSIS_VERSION (version.ts) with it, so cached reports are recomputed.
 */
export const PRICE_CATALOG = { name: "@pydantic/genai-prices", version: "0.1.8" } as const;

/** Every tier start of the catalog, in prompt tokens, ascending; a tier applies above its start. */
export const CALL_SIZE_STARTS_TOKENS = [128_000, 199_999, 200_000, 271_999, 272_000, 512_000] as const;

/** A call's size band: how many of the starts its whole prompt exceeds (0: none). */
export function callSizeBand(tokensIn: number | null): number {
  let band = 0;
  for (const start of CALL_SIZE_STARTS_TOKENS) if ((tokensIn ?? 0) > start) band += 1;
  return band;
}

/** The smallest prompt of a band: one token above its lower start. */
function promptOfBand(band: number): number {
  return band <= 0 ? 1 : (CALL_SIZE_STARTS_TOKENS[Math.min(band, CALL_SIZE_STARTS_TOKENS.length) - 1] ?? 0) + 1;
}

/** Bedrock ids (`jp.anthropic.claude-…-v1:0`, `converse/…`) are the catalog's `aws` models. */
const BEDROCK_ID = /(^|[./])anthropic\.claude/i;

function lookUp(usage: Usage, model: string, at: Date) {
  try {
    const found = calcPrice(usage, model, { timestamp: at });
    if (found !== null || !BEDROCK_ID.test(model)) return found;
    return calcPrice(usage, model, { providerId: "aws", timestamp: at });
  } catch {
    return null; // a catalog entry it cannot price is no price, not a failed analysis
  }
}

/** USD per million tokens, to the ninth decimal (what the division by the prompt leaves is float noise). */
const perMillion = (usd: number, tokens: number): number => Math.round((usd * 1e15) / tokens) / 1e9;

export type CatalogPrice = { price: ModelPrice; catalogId: string };

/** The catalog's price of a model for calls of one size band on a date; null when it has none. */
export function catalogPrice(model: string, band: number, at: Date): CatalogPrice | null {
  const n = promptOfBand(band);
  const plain = lookUp({ input_tokens: n, output_tokens: n }, model, at);
  if (plain === null) return null;
  const read = lookUp({ input_tokens: n, cache_read_tokens: n }, model, at);
  const write = lookUp({ input_tokens: n, cache_write_tokens: n }, model, at);
  const price: ModelPrice = { input: perMillion(plain.input_price, n), output: perMillion(plain.output_price, n) };
  if (read !== null) price.cache_read = perMillion(read.input_price, n);
  if (write !== null) price.cache_write = perMillion(write.input_price, n);
  return { price, catalogId: plain.model.id };
}
