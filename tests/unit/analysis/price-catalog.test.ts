// docs/analysis.md#costs: list prices from the @pydantic/genai-prices catalog —
// current models and dated ids, long-context tiers per call, 1-hour cache
// writes at twice input — a `prices` entry winning over the catalog, an
// unknown model's cost left unknown, and each model's price source.
import { readFileSync } from "node:fs";
import path from "node:path";
import { findProvider, waitForUpdate, type ModelPrice as CatalogModelPrice } from "@pydantic/genai-prices";
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { CALL_SIZE_STARTS_TOKENS, callSizeBand, PRICE_CATALOG } from "@/lib/analysis/price-catalog";
import { makePricer } from "@/lib/analysis/pricer";
import { resolveSettings, type ModelPrice } from "@/lib/analysis/settings";
import type { StoredSpan } from "@/lib/schemas/records";
import { makeSpan } from "./tool-side-factories";

/** One model call of `model` (the factories' runs start on 2025-11-30). */
const llm = (model: string, at: number, tokensIn: number, tokensOut: number, meta: Record<string, unknown> = {}) =>
  makeSpan({ name: model, kind: "llm", at, tokensIn, tokensOut, meta: { model, ...meta } });

async function modelsOf(spans: StoredSpan[], prices: Record<string, ModelPrice> = {}) {
  return (await analyzeRun(buildMemoryInput("r", spans), resolveSettings({ prices }))).models;
}
const costOf = async (spans: StoredSpan[], prices: Record<string, ModelPrice> = {}) =>
  (await modelsOf(spans, prices))[0]?.cost_usd;

describe("catalog prices", () => {
  test("claude-opus-4-6 is priced at $5 / $25, not at Opus 4.1's $15 / $75", async () => {
    // 10 calls × (100k in, 10k out): 1M × $5 + 100k × $25 = $7.50 (Opus 4.1's prices: $22.50)
    const calls = Array.from({ length: 10 }, (_, i) => llm("claude-opus-4-6", i, 100_000, 10_000));
    expect(await costOf(calls)).toBeCloseTo(7.5, 6);
    expect(makePricer({}, 0).priceOf("claude-opus-4-6", 0)).toEqual({
      input: 5,
      output: 25,
      cache_read: 0.5,
      cache_write: 6.25,
    });
  });

  test("a dated id is priced as its family", () => {
    const catalog = makePricer({}, Date.UTC(2026, 0, 15) * 1000);
    expect(catalog.priceOf("claude-haiku-4-5-20251001", 0)).toEqual({
      input: 1,
      output: 5,
      cache_read: 0.1,
      cache_write: 1.25,
    });
    expect(catalog.sourceOf("claude-sonnet-4-5-20250929")).toEqual({
      source: "catalog",
      catalogId: "claude-sonnet-4-5",
    });
    expect(catalog.priceOf("claude-opus-4-1-20250805", 0)).toMatchObject({ input: 15, output: 75 });
  });

  test("a Sonnet 4.5 call above 200k input tokens pays the long-context tier on all its tokens", async () => {
    // 250k in (240k of them cache reads), 1k out: 10k × $6 + 240k × $0.60 + 1k × $22.50 = $0.2265
    const long = llm("claude-sonnet-4-5-20250929", 0, 250_000, 1000, { cache_read_input_tokens: 240_000 });
    expect(await costOf([long])).toBeCloseTo(0.2265, 9);
    // exactly 200k is not above it: 200k × $3 + 1k × $15
    expect(await costOf([llm("claude-sonnet-4-5", 0, 200_000, 1000)])).toBeCloseTo(0.615, 9);
  });

  test("the tier is per call: two 150k calls stay at the base price though they sum to 300k", async () => {
    const calls = [llm("claude-sonnet-4-5", 0, 150_000, 0), llm("claude-sonnet-4-5", 1, 150_000, 0)];
    expect(await costOf(calls)).toBeCloseTo(0.9, 9);
    // one of each in the same iteration: 150k × $3 + 250k × $6
    expect(await costOf([calls[0]!, llm("claude-sonnet-4-5", 1, 250_000, 0)])).toBeCloseTo(0.45 + 1.5, 9);
  });

  test("prices are the catalog's as they stood when the run started", () => {
    // Opus 4.6 had a long-context tier until 2026-03-13, flat prices after
    expect(makePricer({}, Date.UTC(2026, 1, 1) * 1000).priceOf("claude-opus-4-6", 3)).toMatchObject({ input: 10 });
    expect(makePricer({}, Date.UTC(2026, 3, 1) * 1000).priceOf("claude-opus-4-6", 3)).toMatchObject({ input: 5 });
  });

  test("a Bedrock id is priced at the catalog's aws price", () => {
    const bedrock = makePricer({}, 0);
    expect(bedrock.sourceOf("converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0")).toMatchObject({
      source: "catalog",
    });
  });
});

describe("cache writes", () => {
  test("1-hour cache writes cost 2× input, 5-minute ones 1.25×", async () => {
    // Sonnet 4.5: 1M written, 400k of it for an hour: 600k × $3.75 + 400k × $6 = $4.65 (all 5-minute: $3.75)
    const meta = { cache_creation_input_tokens: 1_000_000, cache_creation_1h_input_tokens: 400_000 };
    const spans = Array.from({ length: 10 }, (_, i) =>
      llm("claude-sonnet-4-5", i, 100_000, 0, {
        cache_creation_input_tokens: meta.cache_creation_input_tokens / 10,
        cache_creation_1h_input_tokens: meta.cache_creation_1h_input_tokens / 10,
      }),
    );
    expect(await costOf(spans)).toBeCloseTo(4.65, 9);
    const fiveMinutes = spans.map((s) => ({ ...s, meta: { ...s.meta, cache_creation_1h_input_tokens: 0 } }));
    expect(await costOf(fiveMinutes)).toBeCloseTo(3.75, 9);
  });

  test("a settings price's 1-hour writes cost twice its input price", async () => {
    const span = llm("m", 0, 1000, 0, { cache_creation_input_tokens: 1000, cache_creation_1h_input_tokens: 1000 });
    expect(await costOf([span], { m: { input: 1000, output: 0, cache_write: 1 } })).toBeCloseTo(2, 9);
  });

  test("the catalog's own 1-hour write price is twice input for every Claude model", () => {
    const anthropic = findProvider({ providerId: "anthropic" })!;
    const base = (v: CatalogModelPrice[string]) => (typeof v === "object" ? v.base : v);
    for (const m of anthropic.models) {
      for (const { prices } of Array.isArray(m.prices) ? m.prices : [{ prices: m.prices }]) {
        if (prices.cache_write_1h_mtok === undefined) continue;
        expect(base(prices.cache_write_1h_mtok), m.id).toBeCloseTo(2 * (base(prices.input_mtok) ?? NaN), 9);
      }
    }
  });
});

describe("overrides and unknown models", () => {
  test("a settings price wins over the catalog, by exact id or longest prefix, at every call size", async () => {
    const calls = [llm("claude-opus-4-6", 0, 100_000, 0), llm("claude-opus-4-6", 1, 300_000, 0)];
    expect(await costOf(calls, { "claude-opus": { input: 1, output: 1 } })).toBeCloseTo(0.4, 9);
    expect(await modelsOf(calls, { "claude-opus-4-6": { input: 2, output: 2 } })).toEqual([
      {
        model: "claude-opus-4-6",
        cost_usd: 0.8,
        price_source: "settings",
        price_key: "claude-opus-4-6",
        catalog_version: null,
      },
    ]);
  });

  test("an unknown model's cost stays null, never 0", async () => {
    const report = await analyzeRun(buildMemoryInput("r", [llm("my-local-model", 0, 5000, 500)]), resolveSettings({}));
    expect(report.tools[0]?.cost_usd).toBeNull();
    expect(report.models).toEqual([
      { model: "my-local-model", cost_usd: null, price_source: "unknown", price_key: null, catalog_version: null },
    ]);
  });

  test("each model names its price source: the catalog and its version, settings, the log", async () => {
    const spans = [
      llm("claude-sonnet-4-5", 0, 1000, 0),
      llm("mine", 1, 1000, 0),
      { ...llm("gpt-4o", 2, 1000, 0), costUsd: 0.5 },
    ];
    expect(await modelsOf(spans, { mine: { input: 1, output: 1 } })).toEqual([
      { model: "gpt-4o", cost_usd: 0.5, price_source: "logged", price_key: null, catalog_version: null },
      {
        model: "claude-sonnet-4-5",
        cost_usd: 0.003,
        price_source: "catalog",
        price_key: "claude-sonnet-4-5",
        catalog_version: `@pydantic/genai-prices@${PRICE_CATALOG.version}`,
      },
      { model: "mine", cost_usd: 0.001, price_source: "settings", price_key: "mine", catalog_version: null },
    ]);
  });
});

describe("the catalog", () => {
  test("every tier start in the catalog bounds a call-size band", async () => {
    const starts = new Set<number>();
    for (const provider of (await waitForUpdate()) ?? [])
      for (const m of provider.models)
        for (const { prices } of Array.isArray(m.prices) ? m.prices : [{ prices: m.prices }])
          for (const v of Object.values(prices)) if (typeof v === "object") v.tiers.forEach((t) => starts.add(t.start));
    expect([...starts].sort((a, b) => a - b)).toEqual([...CALL_SIZE_STARTS_TOKENS]);
    expect([0, 128_000, 128_001, 200_000, 200_001, 600_000].map(callSizeBand)).toEqual([0, 0, 1, 2, 3, 6]);
  });

  test("the version a price source names is the installed package's", () => {
    const file = path.resolve(import.meta.dirname, "../../../node_modules/@pydantic/genai-prices/package.json");
    expect((JSON.parse(readFileSync(file, "utf8")) as { version: string }).version).toBe(PRICE_CATALOG.version);
  });
});
