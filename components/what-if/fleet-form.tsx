// docs/dashboard.md#fleet — which runs, which setting and values, which
// profile under them: a plain GET form (works without JS).
import { ReviewCategorySelect } from "@/components/review/review-category-select";
import { FilterSelect } from "@/components/shared/filter-select";
import { RUN_SHAPES } from "@/lib/schemas/run-outcome";
import { SWEEPABLE_SETTINGS } from "@/lib/schemas/sweep";
import type { FleetQuery } from "@/lib/what-if/fleet-query";
import type { ProfileChoice } from "./whatif-profile-picker";

type Props = { form: FleetQuery["form"]; agents: string[]; labels: string[]; profiles: ProfileChoice[] };

export function FleetForm({ form, agents, labels, profiles }: Props) {
  return (
    <form method="get" action="/fleet" className="row card" data-testid="fleet-form" style={{ flexWrap: "wrap" }}>
      <FilterSelect name="label" value={form.label} all="All labels" choices={labels} />
      <FilterSelect name="agent" value={form.agent} all="All agents" choices={agents} />
      <ReviewCategorySelect value={form.category} />
      <FilterSelect name="shape" value={form.shape} all="Any shape" choices={RUN_SHAPES} prefix="Shape: " />
      <select name="profile" defaultValue={form.profile} aria-label="profile">
        <option value="">Project settings</option>
        {profiles.map((p) => (
          <option key={p.profile_id} value={p.profile_id}>
            {p.name}
          </option>
        ))}
      </select>
      <select name="setting" defaultValue={form.setting} aria-label="setting">
        {SWEEPABLE_SETTINGS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <input
        name="values"
        defaultValue={form.values}
        aria-label="values"
        placeholder="5,15,30,60"
        style={{ width: 160, maxWidth: "100%" }}
      />
      <button type="submit" className="btn" data-testid="fleet-run">
        Compute
      </button>
    </form>
  );
}
