// docs/dashboard.md#fleet — one row per value: runs halted, savings on the
// runs that failed, and the runs that succeeded it would have wrongly halted.
import Link from "next/link";
import { formatTokens, formatUsd } from "@/lib/format";
import { plural, pluralWord } from "@/lib/plural";
import type { FleetRow } from "@/lib/what-if/fleet";

export function FleetTable({ setting, rows }: { setting: string; rows: FleetRow[] }) {
  return (
    <div className="table-scroll">
      <table className="data" data-testid="fleet-table">
        <thead>
          <tr>
            <th scope="col" className="mono">
              {setting}
            </th>
            <th scope="col">Runs halted</th>
            <th scope="col">Halted failures</th>
            <th scope="col">Saved on failures</th>
            <th scope="col">Halted successes (false alarms)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r.value)} data-testid="fleet-row" data-value={String(r.value)} data-halted={r.halted}>
              <th scope="row" className="mono">
                {String(r.value)}
              </th>
              <td data-testid="fleet-halted">
                {r.halted} of {r.runs}
              </td>
              <td>
                {r.bad.halted} of {r.bad.runs}
              </td>
              <td>
                {plural(r.bad.saved_iterations, "iteration")}, {formatTokens(r.bad.saved_tokens)}{" "}
                {pluralWord(r.bad.saved_tokens, "token")}, {formatUsd(r.bad.saved_cost_usd)}
              </td>
              <td data-testid="fleet-wrongly-halted">
                {r.good.wrongly_halted.length} of {r.good.runs}
                {r.good.wrongly_halted.map((id) => (
                  <span key={id}>
                    {" "}
                    <Link href={`/runs/${encodeURIComponent(id)}`} className="mono">
                      {id}
                    </Link>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
