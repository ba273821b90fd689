// The context-clear card (docs/analysis.md#context-clear): the decision, every
// factor with its value against its threshold, which fired, "estimated"
// where the fill is the 1 %/minute estimate, and the first iteration where
// clearing was recommended, and the compactions and clears the log holds (a
// compaction is the clear it is). A compact variant sits in the overview strip.
// The decision and the factors link to their glossary entries.
import type { ContextClearReport } from "@/lib/analysis/iteration-report-types";
import { prepareContextFactors } from "@/lib/charts/context-factors";
import { formatTimestamp } from "@/lib/format";
import { Term } from "@/components/shared/glossary-term";

function Decision({ ctx }: { ctx: ContextClearReport }) {
  return (
    <Term
      kind="decision"
      name={ctx.decision}
      className={`badge ${ctx.decision === "clear" ? "warn" : "ok"}`}
      testId="context-decision"
    />
  );
}

export function ContextCard({ ctx }: { ctx: ContextClearReport }) {
  const rows = prepareContextFactors(ctx);
  const first = ctx.first_recommended_at;
  return (
    <section className="card context-card" data-testid="context-card" aria-label="Context clear">
      <div className="row">
        <strong>Context clear:</strong> <Decision ctx={ctx} />
        <span className="muted">
          {ctx.decision === "clear" ? "clear the agent's context now" : "keep the context"} — decided at the last
          iteration, any one factor fires it
        </span>
      </div>
      <p data-testid="context-first">
        {first ? (
          <>
            Clearing was first recommended at <strong>iteration {first.iteration}</strong>{" "}
            <span className="muted">({formatTimestamp(first.at)} UTC)</span>.
          </>
        ) : (
          <span className="muted">Clearing was never recommended during the run.</span>
        )}
      </p>
      {ctx.cleared && <ContextClearsDone cleared={ctx.cleared} />}
      <div className="table-scroll">
        <table className="data factors">
          <thead>
            <tr>
              <th>Factor</th>
              <th className="num">Value</th>
              <th>Fires when</th>
              <th>Fired</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr
                key={f.factor}
                data-testid="context-factor"
                data-factor={f.factor}
                data-fired={f.fired}
                className={f.fired ? "fired" : undefined}
              >
                <td>
                  <Term kind="factor" name={f.factor}>
                    {f.label}
                  </Term>
                  {f.note && <span className="muted"> · {f.note}</span>}
                </td>
                <td className="num">{f.value}</td>
                <td className="mono">{f.threshold}</td>
                <td>{f.fired ? <span className="badge bad">fired</span> : <span className="badge">no</span>}</td>
                <td>
                  {f.estimated && (
                    <span
                      className="badge info"
                      title="no context fill was logged: 1 % per minute since the run start or the last clear"
                    >
                      estimated
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ctx.reasons.length > 0 && (
        <ul className="context-reasons">
          {ctx.reasons.map((r) => (
            <li key={r.factor}>{r.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the harness itself did: each compaction or clear, at its iteration. */
function ContextClearsDone({ cleared }: { cleared: NonNullable<ContextClearReport["cleared"]> }) {
  return (
    <div data-testid="context-cleared">
      <p>What the harness itself did to its context:</p>
      <ul>
        {cleared.map((c) => (
          <li key={`${c.at}-${c.kind}`}>
            {c.kind === "compaction" ? "compacted" : "cleared"} at <strong>iteration {c.iteration}</strong>{" "}
            <span className="muted">
              ({formatTimestamp(c.at)} UTC{c.detail ? ` · ${c.detail}` : ""})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The overview's one-glance version: decision, the fired factors with their figures. */
export function ContextCardCompact({ ctx }: { ctx: ContextClearReport }) {
  const fired = prepareContextFactors(ctx).filter((f) => f.fired);
  return (
    <span className="context-compact">
      <span className="run-verdict-text">
        Context: <Decision ctx={ctx} />
      </span>
      <span className="run-verdict-detail">
        {fired.length === 0
          ? "no factor fired"
          : fired
              .map((f) => `${f.label.toLowerCase()} ${f.value} ${f.threshold}${f.estimated ? " (estimated)" : ""}`)
              .join(" · ")}
        {ctx.first_recommended_at && ` · first at iteration ${ctx.first_recommended_at.iteration}`}
      </span>
    </span>
  );
}
