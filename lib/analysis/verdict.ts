// docs/analysis.md#verdict — which breaker findings are the run's verdict (the
// headline, the runs-list badge, `verdict.tripped`, `analyze`'s exit 3). A
// finding is a trip of the loop breaker, of the three-layer breaker, or an
// opening of the permission or API breaker; it is a verdict only when stopping
// there would have saved at least verdict_min_saved_iterations iterations and
// at least verdict_min_saved_tokens tokens or verdict_min_saved_ms of time (a
// run that logs no tokens: the iterations alone)
// (all 0 in the loop defaults: every finding is a verdict, as before). A
// finding below the floor is a note. What stopping saves: the loop breaker's
// replayed savings; for a three-layer trip, what ran after it; the permission
// and API breakers do not say, so they save nothing known. Pure; O(findings).
import type { IterationReport } from "./iteration-report-types";
import type { AnalysisSettings } from "./settings";

type Saved = { iterations: number; tokens: number; ms: number };
export type VerdictBreaker = "loop_breaker" | "layers" | "permission_breaker" | "api_breaker";
export type VerdictReport = {
  tripped: boolean;
  /** The first finding that is a verdict; null when none is. */
  breaker: VerdictBreaker | null;
  would_save: Saved;
  /** Findings below the floor, one line each. */
  notes: string[];
};

type Sources = Pick<IterationReport, "loop_breaker" | "layers"> & {
  permission_breaker: { transitions: readonly { to: string }[] };
  api_breaker: { transitions: readonly { to: string }[] };
};
type FloorSettings = Pick<
  AnalysisSettings,
  "verdict_min_saved_iterations" | "verdict_min_saved_tokens" | "verdict_min_saved_ms"
>;

const NOTHING: Saved = { iterations: 0, tokens: 0, ms: 0 };
const opened = (transitions: readonly { to: string }[]) => transitions.some((t) => t.to === "OPEN");

/** The findings in the order the headline names them, with what stopping at each would save. */
export function findingsOf(r: Sources): { breaker: VerdictBreaker; what: string; saved: Saved }[] {
  const out: { breaker: VerdictBreaker; what: string; saved: Saved }[] = [];
  const halt = r.loop_breaker.would_have_halted_at;
  if (opened(r.loop_breaker.transitions)) {
    const what = halt
      ? `the loop breaker would have halted at iteration ${halt.iteration} (${halt.reason})`
      : "the loop breaker opened";
    out.push({ breaker: "loop_breaker", what, saved: r.loop_breaker.savings });
  }
  const trip = r.layers.events.find((e) => e.kind === "trip");
  if (trip) {
    const what = `the three-layer breaker tripped at iteration ${trip.iteration} (${trip.layer})`;
    out.push({ breaker: "layers", what, saved: r.layers.after_first_trip });
  }
  if (opened(r.permission_breaker.transitions))
    out.push({ breaker: "permission_breaker", what: "the permission breaker opened", saved: NOTHING });
  if (opened(r.api_breaker.transitions))
    out.push({ breaker: "api_breaker", what: "the API breaker opened", saved: NOTHING });
  return out;
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
  let verdict: { breaker: VerdictBreaker; saved: Saved } | null = null;
  for (const f of findingsOf(r)) {
    if (clearsFloor(f.saved, s, tokensKnown)) verdict ??= f;
    else
      notes.push(
        `${f.what}, but stopping there would have saved ${f.saved.iterations} iteration(s), ` +
          `${Math.round(f.saved.tokens)} tokens and ${Math.round(f.saved.ms / 1000)} s: below the verdict floor`,
      );
  }
  const saved = verdict?.saved ?? NOTHING;
  return {
    tripped: verdict !== null,
    breaker: verdict?.breaker ?? null,
    would_save: { iterations: saved.iterations, tokens: saved.tokens, ms: saved.ms },
    notes,
  };
}

/** The loop breaker's halt when it is the run's verdict (the headline and the badge name it); else undefined. */
export function verdictHalt(
  r: Pick<IterationReport, "loop_breaker"> & { verdict: Pick<VerdictReport, "breaker"> },
): IterationReport["loop_breaker"]["would_have_halted_at"] {
  return r.verdict.breaker === "loop_breaker" ? r.loop_breaker.would_have_halted_at : undefined;
}
