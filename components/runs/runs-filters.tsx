// The runs page's search and filters: a plain GET form (works without JS).
import type { RunListQuery } from "@/lib/schemas/api";
import { REVIEW_STATUSES } from "@/lib/schemas/review";
import { OUTCOME_STATUSES, RUN_SHAPES } from "@/lib/schemas/run-outcome";
import { ReviewCategorySelect } from "@/components/review/review-category-select";
import { FilterSelect } from "@/components/shared/filter-select";

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
      <FilterSelect name="agent" value={query.agent} all="All agents" choices={agents} />
      <FilterSelect name="label" value={query.label} all="All labels" choices={labels} />
      <select name="status" defaultValue={query.status ?? ""} aria-label="status">
        <option value="">Any status</option>
        <option value="tripped">Breaker tripped</option>
        <option value="clean">No breaker</option>
        <option value="failing">Has failures</option>
        <option value="unanalysed">Not analysed</option>
      </select>
      <select name="review" defaultValue={query.review ?? ""} aria-label="review">
        <option value="">Any review</option>
        {REVIEW_STATUSES.map((s) => (
          <option key={s} value={s}>
            Review: {s}
          </option>
        ))}
      </select>
      <ReviewCategorySelect value={query.category} />
      <select name="outcome" defaultValue={query.outcome ?? ""} aria-label="outcome">
        <option value="">Any outcome</option>
        {OUTCOME_STATUSES.map((s) => (
          <option key={s} value={s}>
            Outcome: {s}
          </option>
        ))}
      </select>
      <select name="shape" defaultValue={query.shape ?? ""} aria-label="shape">
        <option value="">Any shape</option>
        {RUN_SHAPES.map((s) => (
          <option key={s} value={s}>
            Shape: {s}
          </option>
        ))}
      </select>
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="order" value={query.order} />
      <button className="btn" type="submit">
        Apply
      </button>
    </form>
  );
}
