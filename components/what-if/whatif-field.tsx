"use client";
// One setting of the what-if panel: a slider with a number box beside it (the
// box takes any value the setting's rule accepts, the slider its useful
// range), or a choice. A changed setting is marked.
import type { SettingValue } from "@/lib/what-if/query";
import type { SettingField } from "@/lib/what-if/setting-fields";
import styles from "./what-if.module.css";

type Props = { field: SettingField; value: SettingValue; changed: boolean; onChange: (v: SettingValue) => void };

export function WhatIfField({ field, value, changed, onChange }: Props) {
  const id = `whatif-${field.name}`;
  return (
    <div className={`${styles.field} ${changed ? styles.changed : ""}`} data-testid={`whatif-field-${field.name}`}>
      <label htmlFor={id} className="mono">
        {field.name}
      </label>
      {field.kind === "choice" ? (
        <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <div className={styles.sliderRow}>
          <input
            type="range"
            aria-label={`${field.name} slider`}
            min={field.min}
            max={field.max}
            step={field.step}
            value={Number(value)}
            onChange={(e) => onChange(Number(e.target.value))}
          />
          <input
            id={id}
            type="number"
            className={styles.number}
            step="any"
            value={String(value)}
            onChange={(e) => onChange(e.target.value === "" ? "" : Number(e.target.value))}
          />
        </div>
      )}
    </div>
  );
}
