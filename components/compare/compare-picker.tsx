// The two run pickers of /compare: a plain GET form (no JavaScript needed)
// with a select of recent runs for each side.
import type { ReactNode } from "react";
import type { RunSummary } from "@/lib/schemas/api";
import { formatTimestamp } from "@/lib/format";

export function ComparePicker({ runs, a, b }: { runs: RunSummary[]; a?: string; b?: string }) {
  const options = runs.map((r) => (
    <option key={r.run_id} value={r.run_id}>
      {r.name ?? r.run_id} — {r.run_id} ({formatTimestamp(r.started_at)})
    </option>
  ));
  return (
    <form method="get" action="/compare" className="row card compare-picker no-print" data-testid="compare-picker">
      <CompareRunSelect side="a" value={a} options={options} />
      <CompareRunSelect side="b" value={b} options={options} />
      <button className="btn primary" type="submit" data-testid="compare-submit">
        Compare
      </button>
    </form>
  );
}

function CompareRunSelect({ side, value, options }: { side: "a" | "b"; value?: string; options: ReactNode }) {
  return (
    <label>
      Run {side.toUpperCase()}{" "}
      <select name={side} defaultValue={value ?? ""} required data-testid={`compare-${side}`}>
        <option value="" disabled>
          choose a run
        </option>
        {options}
      </select>
    </label>
  );
}
