// The runs page's search and filters: a plain GET form (works without JS).
import type { RunListQuery } from "@/lib/schemas/api";

export function RunsFilters({ query, agents, labels }: { query: RunListQuery; agents: string[]; labels: string[] }) {
  return (
    <form className="row" method="get" action="/runs" role="search">
      <input
        name="q"
        placeholder="Search name or run id"
        defaultValue={query.q ?? ""}
        aria-label="search"
        style={{ width: 240 }}
      />
      <select name="agent" defaultValue={query.agent ?? ""} aria-label="agent">
        <option value="">All agents</option>
        {agents.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
      <select name="label" defaultValue={query.label ?? ""} aria-label="label">
        <option value="">All labels</option>
        {labels.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </select>
      <select name="status" defaultValue={query.status ?? ""} aria-label="status">
        <option value="">Any status</option>
        <option value="tripped">Breaker tripped</option>
        <option value="clean">No breaker</option>
        <option value="failing">Has failures</option>
        <option value="unanalysed">Not analysed</option>
      </select>
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="order" value={query.order} />
      <button className="btn" type="submit">
        Apply
      </button>
    </form>
  );
}
