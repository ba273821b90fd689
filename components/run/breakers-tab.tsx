// The breakers tab (docs/dashboard.md#breakers): every transition and trip of
// every breaker, grouped by breaker and subject — "http_get opened 123×
// between …, 183 calls blocked" — each group a <details> holding one page of
// its events; a filter by kind, subject and state above. A GET form and plain
// links: the URL holds filter, open group and page, and no JavaScript is needed.
// Render only: groups from lib/charts/breaker-groups.
import Link from "next/link";
import {
  describeGroup,
  groupPageSize,
  OPEN_GROUP_MAX,
  pageGroupEntries,
  type BreakerFilter,
  type BreakerGroup,
} from "@/lib/charts/breaker-groups";
import { plural } from "@/lib/plural";
import { Term } from "@/components/shared/glossary-term";
import { BreakerEntries } from "./breaker-entries";
import { runTabHref } from "./run-tabs";

type Props = {
  runId: string;
  total: number;
  groups: BreakerGroup[];
  filter: BreakerFilter;
  options: { kinds: string[]; subjects: string[]; states: string[] };
  /** The group the URL opened (`group=`) and its page (`gpage=`). */
  openGroup: string | null;
  groupPage: number;
};

function FilterSelect({
  name,
  label,
  value,
  values,
}: {
  name: string;
  label: string;
  value: string | null;
  values: string[];
}) {
  return (
    <label className="breaker-filter-field">
      <span className="muted">{label}</span>
      <select name={name} defaultValue={value ?? ""} data-testid={`breaker-filter-${name}`}>
        <option value="">all</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}

export function BreakersTab({ runId, total, groups, filter, options, openGroup, groupPage }: Props) {
  if (total === 0) {
    return (
      <div className="card empty" data-testid="breaker-log-empty">
        No breaker changed state or tripped in this run.
      </div>
    );
  }
  const shown = groups.reduce((n, g) => n + g.count, 0);
  const size = groupPageSize(groups.length);
  const filterParams = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== null)) as Record<
    string,
    string
  >;
  const pageHref = (key: string, p: number) =>
    runTabHref(runId, "breakers", { ...filterParams, group: key, gpage: String(p) });
  return (
    <div className="breaker-log" data-testid="breaker-log">
      <form className="card breaker-filter" method="get" data-testid="breaker-filter">
        <input type="hidden" name="tab" value="breakers" />
        <FilterSelect name="kind" label="Breaker" value={filter.kind} values={options.kinds} />
        <FilterSelect name="subject" label="Tool / subject" value={filter.subject} values={options.subjects} />
        <FilterSelect name="state" label="State / event" value={filter.state} values={options.states} />
        <button className="btn" type="submit" data-testid="breaker-filter-apply">
          Filter
        </button>
        {Object.keys(filterParams).length > 0 && (
          <Link className="btn" href={runTabHref(runId, "breakers")}>
            Clear
          </Link>
        )}
        <span className="muted" data-testid="breaker-summary">
          {shown} of {plural(total, "event")} in {plural(groups.length, "group")}
        </span>
      </form>
      {groups.length === 0 && <div className="card empty">No event matches the filter.</div>}
      {groups.map((g) => {
        const selected = g.key === openGroup;
        const page = pageGroupEntries(g, selected ? groupPage : 1, size);
        return (
          <details
            key={g.key}
            className="card breaker-group"
            open={selected || g.count <= OPEN_GROUP_MAX}
            data-testid="breaker-group"
            data-group={g.key}
          >
            <summary>
              <Term kind="breaker" name={g.breaker} className="breaker-kind" />
              {g.subject && <strong className="mono"> {g.subject}</strong>}{" "}
              <span data-testid="breaker-group-summary">{describeGroup(g)}</span>
            </summary>
            <BreakerEntries runId={runId} entries={page.entries} />
            {page.pages > 1 && (
              <nav className="pager" aria-label={`${g.key} events pages`}>
                <span className="muted">
                  events {(page.page - 1) * size + 1}–{(page.page - 1) * size + page.entries.length} of {g.count}
                </span>
                {page.page > 1 && (
                  <Link className="btn" href={pageHref(g.key, page.page - 1)} scroll={false}>
                    ← Previous
                  </Link>
                )}
                {page.page < page.pages && (
                  <Link
                    className="btn"
                    href={pageHref(g.key, page.page + 1)}
                    scroll={false}
                    data-testid="breaker-group-next"
                  >
                    Next →
                  </Link>
                )}
              </nav>
            )}
          </details>
        );
      })}
    </div>
  );
}
