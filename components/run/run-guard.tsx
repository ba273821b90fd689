// The run page's Guard card (docs/guard.md#dry-run-first): the guard's mode,
// its halt, and its log — what it refused or halted, or in observe mode what
// it would have, where and why. Only for a run that has a guard.
import { formatTimestamp } from "@/lib/format";
import type { GuardPanel } from "@/lib/guard/guard-panel";

export function RunGuard({ panel }: { panel: GuardPanel }) {
  return (
    <section className="card" id="guard" data-testid="run-guard" aria-label="Guard">
      <h2>
        Guard <span className={`badge ${panel.mode === "enforce" ? "bad" : "info"}`}>{panel.mode}</span>
      </h2>
      <p data-testid="guard-headline">{panel.headline}</p>
      {panel.rows.length > 0 && (
        <ol className="guard-log" data-testid="guard-log">
          {panel.rows.map((r, i) => (
            <li key={i}>
              <span className="muted mono">{formatTimestamp(r.at)}</span>{" "}
              <span className={`badge ${r.tone}`}>{r.what}</span> <strong>{r.breaker}</strong>: {r.reason}
              {r.saved && <span className="muted"> — would save {r.saved}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
