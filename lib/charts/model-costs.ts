// The tools tab's cost by model (docs/analysis.md#costs, docs/dashboard.md):
// the report's `models` with where each price came from in words — the
// catalog and its version, a `prices` setting entry, the log's own cost, or
// no price at all. Pure; O(models). It does not round: formatting is the renderer's.
import type { AnalysisReport } from "../analysis/analyze";

export type ModelCostRow = {
  /** "(no model)" for calls that name none. */
  model: string;
  cost_usd: number | null;
  source: AnalysisReport["models"][number]["price_source"];
  /** "catalog @pydantic/genai-prices@0.1.8 (claude-sonnet-4-5)", "settings: claude-opus", "logged by the tool", "no price". */
  note: string;
};

function noteOf(m: AnalysisReport["models"][number]): string {
  switch (m.price_source) {
    case "catalog":
      return `catalog ${m.catalog_version ?? "?"} (${m.price_key ?? "?"})`;
    case "settings":
      return `settings: ${m.price_key ?? ""}`;
    case "logged":
      return "logged by the tool";
    case "unknown":
      return "no price (not in the catalog or the prices setting)";
  }
}

/** One row per model, in report order (by cost, largest first). */
export function prepareModelCosts(report: Pick<AnalysisReport, "models">): ModelCostRow[] {
  return report.models.map((m) => ({
    model: m.model ?? "(no model)",
    cost_usd: m.cost_usd,
    source: m.price_source,
    note: noteOf(m),
  }));
}
