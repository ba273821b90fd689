"use client";
// The project settings form (docs/analysis.md#settings): every threshold, empty meaning
// "not set for the project" (the default shows as placeholder). Saves with
// PUT /api/v1/settings, which replaces the project overrides, then refreshes
// the server page; a 400 names the setting, which is marked here.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { CONTEXT_PRESETS, PRESET_FILL_PCT, type AnalysisSettings, type PartialSettings } from "@/lib/analysis/settings";
import { InvalidInputDetails, type ErrorBody } from "@/lib/schemas/errors";
import { SETTING_GROUPS, type NumberSetting } from "./settings-fields";
import { TimeoutsEditor, type TimeoutRow } from "./timeouts-editor";
import { PricesEditor } from "./prices-editor";

type Props = { saved: PartialSettings; defaults: AnalysisSettings };
type Status =
  { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; message: string; setting?: string };

const initialValues = (saved: PartialSettings): Record<string, string> =>
  Object.fromEntries(
    SETTING_GROUPS.flatMap((g) => g.fields).map((f) => [f.name, saved[f.name] == null ? "" : String(saved[f.name])]),
  );

export function SettingsForm({ saved, defaults }: Props) {
  const router = useRouter();
  const [values, setValues] = useState(() => initialValues(saved));
  const [preset, setPreset] = useState<string>(saved.context_preset ?? "");
  const [timeouts, setTimeouts] = useState<TimeoutRow[]>(() =>
    Object.entries(saved.timeouts ?? {}).map(([tool, s], i) => ({ id: i + 1, tool, seconds: String(s) })),
  );
  const [prices, setPrices] = useState(() => (saved.prices ? JSON.stringify(saved.prices, null, 1) : ""));
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  function collect(): Record<string, unknown> | null {
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(values)) if (v.trim() !== "") out[name] = v.trim();
    if (preset) out.context_preset = preset;
    const rows = timeouts.filter((r) => r.tool.trim() || r.seconds.trim());
    if (rows.length) out.timeouts = Object.fromEntries(rows.map((r) => [r.tool.trim(), r.seconds.trim()]));
    if (prices.trim() !== "") {
      try {
        out.prices = JSON.parse(prices) as unknown;
      } catch {
        setStatus({ kind: "error", message: "prices: not valid JSON", setting: "prices" });
        return null;
      }
    }
    return out;
  }

  async function save(body: Record<string, unknown>) {
    setStatus({ kind: "saving" });
    const res = await fetch("/api/v1/settings", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as ErrorBody | null;
    if (!res.ok) {
      const issues = InvalidInputDetails.safeParse(json?.error?.details).data?.issues;
      setStatus({
        kind: "error",
        message: json?.error?.message ?? `HTTP ${res.status}`,
        // The setting at fault: the first segment of the first issue's path (`timeouts.search` → timeouts).
        setting: issues?.[0]?.path.split(/[.[]/)[0],
      });
      return;
    }
    setStatus({ kind: "saved" });
    router.refresh();
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = collect();
    if (body) void save(body);
  }

  function onReset() {
    setValues(initialValues({}));
    setPreset("");
    setTimeouts([]);
    setPrices("");
    void save({});
  }

  const bad = status.kind === "error" ? status.setting : undefined;
  const fillDefault = PRESET_FILL_PCT[(preset || defaults.context_preset) as (typeof CONTEXT_PRESETS)[number]];
  const field = (name: NumberSetting, label: string, unit?: string, step?: string) => (
    <label key={name} className={`setting${bad === name ? " invalid" : ""}`} data-setting={name}>
      <span className="setting-label">{label}</span>
      <span className="setting-input">
        <input
          type="number"
          name={name}
          step={step ?? "1"}
          className="num-input"
          data-testid={`setting-${name}`}
          placeholder={String(name === "context_fill_pct" ? fillDefault : defaults[name])}
          value={values[name]}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        />
        {unit && <span className="muted">{unit}</span>}
      </span>
      <code className="setting-name">{name}</code>
    </label>
  );

  return (
    <form onSubmit={onSubmit} className="settings-form" data-testid="settings-form" noValidate>
      <div className="settings-grid">
        {SETTING_GROUPS.map((g) => (
          <fieldset key={g.id} className="card settings-group" data-testid={`group-${g.id}`}>
            <legend>{g.title}</legend>
            {g.id === "context" && (
              <label className={`setting${bad === "context_preset" ? " invalid" : ""}`}>
                <span className="setting-label">Preset</span>
                <select value={preset} onChange={(e) => setPreset(e.target.value)} data-testid="setting-context_preset">
                  <option value="">not set ({defaults.context_preset})</option>
                  {CONTEXT_PRESETS.map((p) => (
                    <option key={p} value={p}>
                      {p} — fill {PRESET_FILL_PCT[p]} %
                    </option>
                  ))}
                </select>
                <code className="setting-name">context_preset</code>
              </label>
            )}
            {g.fields.map((f) => field(f.name, f.label, f.unit, f.step))}
            {g.id === "timeouts" && (
              <TimeoutsEditor
                rows={timeouts}
                defaults={defaults.timeouts}
                onChange={setTimeouts}
                invalid={bad === "timeouts"}
              />
            )}
            {g.id === "costs" && (
              <PricesEditor text={prices} defaults={defaults.prices} onChange={setPrices} invalid={bad === "prices"} />
            )}
          </fieldset>
        ))}
      </div>
      <div className="row settings-actions">
        <button className="btn primary" type="submit" disabled={status.kind === "saving"} data-testid="settings-save">
          Save settings
        </button>
        <button className="btn" type="button" onClick={onReset} disabled={status.kind === "saving"}>
          Reset to defaults
        </button>
        <span data-testid="settings-status" role="status">
          {status.kind === "saving" && "Saving…"}
          {status.kind === "saved" && <span className="ok-text">Saved. Analyses now use these settings.</span>}
          {status.kind === "error" && <span className="error-text">{status.message}</span>}
        </span>
      </div>
    </form>
  );
}
