"use client";
// The `prices` setting of the settings form (docs/analysis.md#costs): the
// project's own model prices as JSON; an entry wins over the price catalog's
// list price for the models it names (by id or id prefix). Any defaults are
// shown beside the field.
import type { ModelPrice } from "@/lib/analysis/settings";

type Props = {
  text: string;
  defaults: Record<string, ModelPrice>;
  onChange: (text: string) => void;
  invalid: boolean;
};

const EXAMPLE = '{"claude-sonnet-4": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75}}';

export function PricesEditor({ text, defaults, onChange, invalid }: Props) {
  return (
    <label className={`setting prices-editor${invalid ? " invalid" : ""}`} data-setting="prices">
      <span className="setting-label">Model → USD per million tokens (input, output, cache_read, cache_write)</span>
      <textarea
        name="prices"
        rows={4}
        spellCheck={false}
        data-testid="setting-prices"
        placeholder={EXAMPLE}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      <details className="muted">
        <summary>
          Empty: list prices from the price catalog (@pydantic/genai-prices). An entry overrides it; a model id uses the
          longest key it starts with.
        </summary>
        {Object.keys(defaults).length > 0 && <pre>{JSON.stringify(defaults, null, 1)}</pre>}
      </details>
      <code className="setting-name">prices</code>
    </label>
  );
}
