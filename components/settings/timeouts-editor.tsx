"use client";
// The editable tool → seconds list of the settings form (docs/analysis.md#timeouts): the
// project's own timeouts, merged per tool over the defaults when analysing.
export type TimeoutRow = { id: number; tool: string; seconds: string };

type Props = {
  rows: TimeoutRow[];
  defaults: Record<string, number>;
  onChange: (rows: TimeoutRow[]) => void;
  invalid: boolean;
};

export function TimeoutsEditor({ rows, defaults, onChange, invalid }: Props) {
  const nextId = rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  const update = (id: number, patch: Partial<TimeoutRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <div className={`timeouts-editor${invalid ? " invalid" : ""}`} data-testid="timeouts-editor">
      <p className="muted">
        Defaults:{" "}
        {Object.entries(defaults)
          .map(([t, s]) => `${t} ${s} s`)
          .join(", ")}
        . A tool listed here overrides its default.
      </p>
      {rows.map((r) => (
        <div className="row timeout-row" key={r.id} data-testid="timeout-row">
          <input
            aria-label="Tool"
            placeholder="tool name"
            value={r.tool}
            onChange={(e) => update(r.id, { tool: e.target.value })}
          />
          <input
            aria-label={`Timeout of ${r.tool || "tool"} (s)`}
            type="number"
            min="0"
            step="any"
            placeholder={String(defaults[r.tool] ?? "seconds")}
            value={r.seconds}
            onChange={(e) => update(r.id, { seconds: e.target.value })}
            className="num-input"
          />
          <span className="muted">s</span>
          <button
            type="button"
            className="btn"
            aria-label={`Remove ${r.tool || "row"}`}
            onClick={() => onChange(rows.filter((x) => x.id !== r.id))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() => onChange([...rows, { id: nextId, tool: "", seconds: "" }])}
        data-testid="timeout-add"
      >
        Add a tool timeout
      </button>
    </div>
  );
}
