// docs/guard.md#dry-run-first — the run page's Guard panel, prepared: the
// mode, the halt in one line, and each entry of the guard's log as what it
// did or, in observe mode, what it would have done, with where it fell and
// what it would have saved. Pure; O(entries).
import { formatDuration, formatTokens } from "../format";
import type { GuardBreaker, GuardDecisionRow, GuardLog } from "../schemas/guard";

export type GuardPanelRow = {
  at: string;
  what: string;
  tone: "bad" | "warn" | "info" | "ok";
  breaker: string;
  reason: string;
  saved: string | null;
};
export type GuardPanel = { mode: GuardLog["mode"]; headline: string; rows: GuardPanelRow[] };

const BREAKER_NAMES: Record<GuardBreaker, string> = {
  tool_breaker: "tool breaker",
  identical_calls: "identical calls",
  loop_breaker: "loop breaker",
  layers: "three-layer breaker",
  permission_breaker: "permission breaker",
  api_breaker: "API breaker",
};

function whatOf(row: GuardDecisionRow): { what: string; tone: GuardPanelRow["tone"] } {
  if (row.decision === "trip") return { what: "tripped", tone: "info" };
  if (row.decision === "recover") return { what: "recovered", tone: "ok" };
  const verb = row.decision === "halt" ? "halt" : "refuse the call";
  return row.enforced
    ? { what: row.decision === "halt" ? "halted" : "refused the call", tone: "bad" }
    : { what: `would ${verb}`, tone: "warn" };
}

function savedOf(s: GuardDecisionRow["would_save"]): string | null {
  if (!s || s.iterations === 0) return null;
  const tokens = s.tokens > 0 ? `, ${formatTokens(s.tokens)} tokens` : "";
  return `${s.iterations} iteration${s.iterations === 1 ? "" : "s"}${tokens}, ${formatDuration(s.ms)}`;
}

export function prepareGuardPanel(log: GuardLog): GuardPanel {
  const halt = log.halt;
  const saved = halt ? savedOf(halt.would_save) : null;
  const headline = halt
    ? `${log.mode === "enforce" ? "Halted" : "Would have halted"} by the ${BREAKER_NAMES[halt.breaker]}${halt.iteration !== null ? ` (iteration ${halt.iteration})` : ""}${saved ? `; stopping there saves ${saved} so far` : ""}.`
    : log.decisions.some((d) => d.decision === "block_call")
      ? `${log.mode === "enforce" ? "Refused" : "Would have refused"} ${log.decisions.filter((d) => d.decision === "block_call").length} call(s); no halt.`
      : "Nothing to stop so far.";
  return {
    mode: log.mode,
    headline,
    rows: log.decisions.map((d) => ({
      at: d.at,
      ...whatOf(d),
      breaker: BREAKER_NAMES[d.breaker],
      reason: d.reason,
      saved: savedOf(d.would_save),
    })),
  };
}
