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
        placeholder="Search names, ids and conversations"
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
      <FilterSelect name="review" value={query.review} all="Any review" choices={REVIEW_STATUSES} prefix="Review: " />
      <ReviewCategorySelect value={query.category} />
      <FilterSelect
        name="outcome"
        value={query.outcome}
        all="Any outcome"
        choices={OUTCOME_STATUSES}
        prefix="Outcome: "
      />
      <FilterSelect name="shape" value={query.shape} all="Any shape" choices={RUN_SHAPES} prefix="Shape: " />
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="order" value={query.order} />
      <button className="btn" type="submit">
        Apply
      </button>
    </form>
  );
}
