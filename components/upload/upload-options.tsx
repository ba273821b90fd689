"use client";
// The upload's choices (docs/dashboard.md#upload), set before the files are
// picked: "One run" sends one run id with every file, so the sessions of a
// loop script become one run; the format select forces how every file is
// read instead of detecting each. Render only: the panel owns the values.
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/import/types";
import { FORMAT_LABELS } from "@/lib/import-labels";
import css from "./upload.module.css";

export type UploadOptionsValue = { oneRun: boolean; runId: string; format: ImportFormat | "" };

type Props = { value: UploadOptionsValue; onChange: (patch: Partial<UploadOptionsValue>) => void };

export function UploadOptions({ value, onChange }: Props) {
  const missingRunId = value.oneRun && value.runId.trim() === "";
  return (
    <fieldset className={css.options} data-testid="upload-options">
      <legend className="muted">Options, for the next files you pick or drop</legend>
      <div className={css.option}>
        <label className={css.check}>
          <input
            type="checkbox"
            checked={value.oneRun}
            onChange={(e) => onChange({ oneRun: e.target.checked })}
            data-testid="one-run"
          />
          <b>One run</b>
        </label>
        <span className="muted">every file joins the same run: a loop script&apos;s sessions as one run</span>
        {value.oneRun && (
          <label className={css.field}>
            <span className="muted">Run id</span>
            <input
              type="text"
              className="mono"
              value={value.runId}
              maxLength={512}
              spellCheck={false}
              aria-invalid={missingRunId || undefined}
              onChange={(e) => onChange({ runId: e.target.value })}
              data-testid="run-id"
            />
          </label>
        )}
        {missingRunId && (
          <span className="error-text" role="alert">
            Name the run, or turn One run off.
          </span>
        )}
      </div>
      <div className={css.option}>
        <label className={css.field}>
          <span className="muted">Format</span>
          <select
            value={value.format}
            onChange={(e) => onChange({ format: e.target.value as ImportFormat | "" })}
            data-testid="format-select"
          >
            <option value="">Detect automatically</option>
            {IMPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}
