"use client";
// docs/dashboard.md#what-if — the panel of settings: a profile to start from,
// then every single-valued setting (a slider and a number box, or a choice).
// "Recompute" puts the profile and the settings that differ from it in the
// URL; the server page analyses the run with them. Saving stores the profile
// and the changes as a new profile (POST /api/v1/profiles).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buildWhatIfQuery, changedSettings, type SettingValue } from "@/lib/what-if/query";
import { PRIMARY_FIELDS, WHAT_IF_FIELDS, type SettingField } from "@/lib/what-if/setting-fields";
import { WhatIfField } from "./whatif-field";
import { WhatIfProfilePicker, type ProfileChoice } from "./whatif-profile-picker";
import { useProfileActions } from "./use-profile-actions";
import styles from "./what-if.module.css";
import { FormError } from "@/components/shared/form-error";

type Props = {
  runId: string;
  profiles: ProfileChoice[];
  profileId?: string;
  /** The settings with the profile, before the URL's overrides. */
  base: Record<string, SettingValue>;
  /** The settings the what-if analysis used. */
  current: Record<string, SettingValue>;
  /** The profile's own overrides, saved with the changes. */
  profileSettings: Record<string, SettingValue>;
  sweep?: { setting: string; values: string };
};

export function WhatIfPanel({ runId, profiles, profileId, base, current, profileSettings, sweep }: Props) {
  const router = useRouter();
  const [values, setValues] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const path = `/runs/${encodeURIComponent(runId)}/what-if`;
  const go = (query: string) => router.push(query ? `${path}?${query}` : path);
  const changes = changedSettings(values, base);

  const { save, remove } = useProfileActions(go, setError, sweep);
  const field = (f: SettingField) => (
    <WhatIfField
      key={f.name}
      field={f}
      value={values[f.name] ?? ""}
      changed={f.name in changes}
      onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
    />
  );

  return (
    <form
      className={`card ${styles.panel}`}
      data-testid="whatif-panel"
      onSubmit={(e) => {
        e.preventDefault();
        go(buildWhatIfQuery({ profileId, overrides: changes, sweep }));
      }}
    >
      <WhatIfProfilePicker
        profiles={profiles}
        profileId={profileId}
        onPick={(id) => go(buildWhatIfQuery({ profileId: id, sweep }))}
        onSave={(name) => save(name, { ...profileSettings, ...changes })}
        onDelete={remove}
      />
      <div className={styles.fields}>{WHAT_IF_FIELDS.filter((f) => PRIMARY_FIELDS.has(f.name)).map(field)}</div>
      <details open={WHAT_IF_FIELDS.some((f) => !PRIMARY_FIELDS.has(f.name) && f.name in changes)}>
        <summary>More settings: tool breakers, API breaker, context, bottlenecks</summary>
        <div className={styles.fields}>{WHAT_IF_FIELDS.filter((f) => !PRIMARY_FIELDS.has(f.name)).map(field)}</div>
      </details>
      <div className="row">
        <button type="submit" className="btn" data-testid="whatif-recompute">
          Recompute
        </button>
        <button type="button" className="btn" onClick={() => setValues(base)}>
          Reset to profile
        </button>
        <span className="muted">{Object.keys(changes).length} setting(s) changed from the profile</span>
        <FormError error={error} />
      </div>
    </form>
  );
}
