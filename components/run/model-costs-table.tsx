// The tools tab's cost by model (docs/analysis.md#costs): each model's cost
// and where its price came from — the price catalog and its version, the
// `prices` setting, the tool's own logged cost, or none. Render only: rows
// come prepared from lib/charts/model-costs.
import { formatUsd } from "@/lib/format";
import type { ModelCostRow } from "@/lib/charts/model-costs";

export function ModelCostsTable({ rows }: { rows: ModelCostRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="card" aria-label="Cost by model">
      <h3>Cost by model</h3>
      <table className="data" data-testid="model-costs">
        <thead>
          <tr>
            <th>Model</th>
            <th className="num">Cost</th>
            <th>Price from</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.model} data-testid="model-cost-row" data-source={r.source}>
              <td className="mono">{r.model}</td>
              <td className="num">{formatUsd(r.cost_usd)}</td>
              <td className="muted" data-testid="model-price-source">
                {r.note}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
