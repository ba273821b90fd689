// docs/dashboard.md#sweep-chart — pick a setting and its values; a plain GET
// form that keeps the profile and the overrides of the what-if panel.
import { MAX_SWEEP_VALUES, SWEEPABLE_SETTINGS } from "@/lib/schemas/sweep";

type Props = {
  action: string;
  /** The query the panel's settings stand for, kept as hidden fields. */
  keep: Record<string, string>;
  setting: string;
  values: string;
};

export function WhatIfSweepForm({ action, keep, setting, values }: Props) {
  return (
    <form method="get" action={action} className="row" data-testid="sweep-form">
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sweep-setting">Setting</label>
      <select id="sweep-setting" name="sweep_setting" defaultValue={setting}>
        {SWEEPABLE_SETTINGS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <label htmlFor="sweep-values">Values</label>
      <input
        id="sweep-values"
        name="sweep_values"
        defaultValue={values}
        placeholder="5,15,30,60"
        title={`1 to ${MAX_SWEEP_VALUES} values, comma-separated`}
        style={{ width: 180, maxWidth: "100%" }}
      />
      <button type="submit" className="btn" data-testid="sweep-run">
        Sweep
      </button>
    </form>
  );
}
