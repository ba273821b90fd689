// lib/charts/model-costs.ts: the tools tab's cost by model says where each
// price came from — the catalog and its version, a setting, the log, or none.
import { describe, expect, test } from "vitest";
import { prepareModelCosts } from "@/lib/charts/model-costs";
import { makeReport } from "@/tests/support/analysis-report";

describe("cost by model", () => {
  test("each row names its price source in words, in report order", () => {
    const report = makeReport({
      models: [
        {
          model: "claude-opus-4-6",
          cost_usd: 7.5,
          price_source: "catalog",
          price_key: "claude-opus-4-6",
          catalog_version: "@pydantic/genai-prices@0.1.8",
        },
        { model: "mine", cost_usd: 0.2, price_source: "settings", price_key: "mi", catalog_version: null },
        { model: null, cost_usd: 0.1, price_source: "logged", price_key: null, catalog_version: null },
        { model: "local", cost_usd: null, price_source: "unknown", price_key: null, catalog_version: null },
      ],
    });
    expect(prepareModelCosts(report).map((r) => [r.model, r.cost_usd, r.note])).toEqual([
      ["claude-opus-4-6", 7.5, "catalog @pydantic/genai-prices@0.1.8 (claude-opus-4-6)"],
      ["mine", 0.2, "settings: mi"],
      ["(no model)", 0.1, "logged by the tool"],
      ["local", null, "no price (not in the catalog or the prices setting)"],
    ]);
  });
});
