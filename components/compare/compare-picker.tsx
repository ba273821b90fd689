// The two run pickers of /compare: a plain GET form (no JavaScript needed)
// with a select of recent runs for each side.
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
      <label>
        Run A{" "}
        <select name="a" defaultValue={a ?? ""} required data-testid="compare-a">
          <option value="" disabled>
            choose a run
          </option>
          {options}
        </select>
      </label>
      <label>
        Run B{" "}
        <select name="b" defaultValue={b ?? ""} required data-testid="compare-b">
          <option value="" disabled>
            choose a run
          </option>
          {options}
        </select>
      </label>
      <button className="btn primary" type="submit" data-testid="compare-submit">
        Compare
      </button>
    </form>
  );
}
