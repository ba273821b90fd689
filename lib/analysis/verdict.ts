// docs/analysis.md#verdict — which breaker findings are the run's verdict (the
// headline, the runs-list badge, `verdict.tripped`, `analyze`'s exit 3, and the
// live guard's halt: docs/guard.md). A finding is a trip of the loop breaker, of
// the three-layer breaker, or an opening of the permission or API breaker; it is
// a verdict only when stopping there would have saved at least
// verdict_min_saved_iterations iterations and at least verdict_min_saved_tokens
// tokens or verdict_min_saved_ms of time (a run that logs no tokens: the
// iterations alone) (all 0 in the loop defaults). A finding below the floor is a
// note. What stopping saves: the loop breaker's replayed savings; for a
// three-layer trip, what ran after it; the permission and API breakers do not
// stop the run, so they save nothing known. Of the findings that clear the
// floor, the verdict is the one that would have stopped the run first — the
// earliest stop in time (the table's order breaks a tie), so the live guard,
// which cannot see ahead, halts where the post-mortem says; a breaker that does
// not stop the run is the verdict only when nothing would have stopped it.
// Pure; O(findings).
import type { IterationReport } from "./iteration-report-types";
import type { AnalysisSettings } from "./settings";

type Saved = { iterations: number; tokens: number; ms: number };
export type VerdictBreaker = "loop_breaker" | "layers" | "permission_breaker" | "api_breaker";
export type VerdictReport = {
  tripped: boolean;
  /** The finding that is the verdict; null when none is. */
  breaker: VerdictBreaker | null;
  /** Where it fell: the iteration (null for the permission and API breakers) and the time; null without a verdict. */
  iteration: number | null;
  at: string | null;
  would_save: Saved;
  /** Findings below the floor, one line each. */
  notes: string[];
};

type Sources = Pick<IterationReport, "loop_breaker" | "layers"> & {
  permission_breaker: { transitions: readonly { to: string; at: string }[] };
  api_breaker: { transitions: readonly { to: string; at: string }[] };
};
type FloorSettings = Pick<
  AnalysisSettings,
  "verdict_min_saved_iterations" | "verdict_min_saved_tokens" | "verdict_min_saved_ms"
>;
export type Finding = {
  breaker: VerdictBreaker;
  what: string;
  saved: Saved;
  /** Whether it stops the run (the loop breaker's halt, a three-layer trip) or only changes how it goes on. */
  stops: boolean;
  iteration: number | null;
  at: string;
};

const NOTHING: Saved = { iterations: 0, tokens: 0, ms: 0 };
const firstOpening = (transitions: readonly { to: string; at: string }[]) => transitions.find((t) => t.to === "OPEN");

/** The findings in the table's order (docs/analysis.md#verdict), with where each fell and what stopping there saves. */
export function findingsOf(r: Sources): Finding[] {
  const out: Finding[] = [];
  const halt = r.loop_breaker.would_have_halted_at;
  const opening = r.loop_breaker.transitions.find((t) => t.to === "OPEN");
  if (opening) {
    const what = halt
      ? `the loop breaker would have halted at iteration ${halt.iteration} (${halt.reason})`
      : "the loop breaker opened";
    const where = halt ?? opening;
    out.push({ breaker: "loop_breaker", what, saved: r.loop_breaker.savings, stops: true, ...place(where) });
  }
  const trip = r.layers.events.find((e) => e.kind === "trip");
  if (trip) {
    const what = `the three-layer breaker tripped at iteration ${trip.iteration} (${trip.layer})`;
    out.push({ breaker: "layers", what, saved: r.layers.after_first_trip, stops: true, ...place(trip) });
  }
  const permission = firstOpening(r.permission_breaker.transitions);
  if (permission)
    out.push({
      breaker: "permission_breaker",
      what: "the permission breaker opened",
      saved: NOTHING,
      stops: false,
      ...place(permission),
    });
  const api = firstOpening(r.api_breaker.transitions);
  if (api)
    out.push({ breaker: "api_breaker", what: "the API breaker opened", saved: NOTHING, stops: false, ...place(api) });
  return out;
}

function place(p: { iteration?: number | undefined; at: string }): { iteration: number | null; at: string } {
  return { iteration: p.iteration ?? null, at: p.at };
}

/**
 * Whether stopping with these savings clears the floor. A run that logs no
 * tokens (tau-bench) cannot show what it saved in them: the iterations decide.
 */
export function clearsFloor(saved: Saved, s: FloorSettings, tokensKnown = true): boolean {
  const enough = !tokensKnown || saved.tokens >= s.verdict_min_saved_tokens || saved.ms >= s.verdict_min_saved_ms;
  return saved.iterations >= s.verdict_min_saved_iterations && enough;
}

export function decideVerdict(r: Sources, s: FloorSettings, { tokensKnown = true } = {}): VerdictReport {
  const notes: string[] = [];
  const verdicts: Finding[] = [];
  for (const f of findingsOf(r)) {
    if (clearsFloor(f.saved, s, tokensKnown)) verdicts.push(f);
    else
      notes.push(
        `${f.what}, but stopping there would have saved ${f.saved.iterations} iteration(s), ` +
          `${Math.round(f.saved.tokens)} tokens and ${Math.round(f.saved.ms / 1000)} s: below the verdict floor`,
      );
  }
  const verdict = firstStop(verdicts) ?? verdicts[0] ?? null;
  const saved = verdict?.saved ?? NOTHING;
  return {
    tripped: verdict !== null,
    breaker: verdict?.breaker ?? null,
    iteration: verdict?.iteration ?? null,
    at: verdict?.at ?? null,
    would_save: { iterations: saved.iterations, tokens: saved.tokens, ms: saved.ms },
    notes,
  };
}

/** The earliest of the findings that stop the run; the table's order breaks a tie (ISO times of one format sort as text). */
function firstStop(findings: readonly Finding[]): Finding | null {
  let first: Finding | null = null;
  for (const f of findings) if (f.stops && (first === null || f.at < first.at)) first = f;
  return first;
}
