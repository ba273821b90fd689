// The "would have halted here" lines across the whole timeline
// (docs/dashboard.md#halt-lines): a strong one where the loop breaker would
// have halted the run, a lighter one at the first three-layer trip, each
// with the saving its label carries (the loop breaker's own savings; for the
// trip, the iterations and time that came after it). Both are Loopscope's
// replay of the breakers, not what the harness did: each label opens with
// "replay:". The label comes in parts, so the page can make the breaker's
// words a glossary term, the iteration a link to its turn in the
// conversation (docs/dashboard.md#conversation) and the detector a term.
// Pure; O(iterations).
import { formatDuration, formatTokens, formatUsd } from "../format";
import { plural, pluralWord } from "../plural";
import { parseTimeUs } from "../time";
import type { LaneInputs } from "./lanes";
import { xOfMs, type ViewRange } from "./layout";
import { msFromIso } from "./overlays";
import { LINEAR_AXIS, type TimeAxis } from "./time-axis";
import { timelineMomentQuery } from "./url-state";

/** What opens every label of the replay's verdicts, apart from what the log says happened. */
export const REPLAY_PREFIX = "replay: ";

/**
 * A label as `${prefix}${verdict} · ${iterationText}${detail}`: `verdict` is
 * the words of `breaker` (the glossary's breaker kind), `detail` opens with
 * the reason in parentheses.
 */
export type HaltLabelParts = {
  prefix: string;
  verdict: string;
  breaker: "loop" | "layer";
  iterationText: string;
  detail: string;
};
export type HaltLine = {
  kind: "loop" | "layers";
  atMs: number;
  iteration: number;
  reason: string;
  label: string;
  parts: HaltLabelParts;
};

/** The whole label of its parts. */
export const haltLabelOf = (p: HaltLabelParts): string => `${p.prefix}${p.verdict} · ${p.iterationText}${p.detail}`;

function labelled(line: Omit<HaltLine, "label" | "parts">, parts: Omit<HaltLabelParts, "prefix" | "iterationText">) {
  const all = { prefix: REPLAY_PREFIX, iterationText: `iteration ${line.iteration}`, ...parts };
  return { ...line, label: haltLabelOf(all), parts: all };
}

/** "9 iterations · 45.2k tokens · $0.12 · 12m 3s": the figures the report has, in the overview's formats. */
export function formatSavings(s: {
  iterations: number;
  tokens?: number | null;
  ms?: number | null;
  cost_usd?: number | null;
}): string {
  return [
    plural(s.iterations, "iteration"),
    s.tokens ? `${formatTokens(s.tokens)} ${pluralWord(s.tokens, "token")}` : null,
    s.cost_usd != null ? formatUsd(s.cost_usd) : null,
    s.ms ? formatDuration(s.ms) : null,
  ]
    .filter((x): x is string => x !== null)
    .join(" · ");
}

export function haltLines(
  x: Pick<LaneInputs, "halt" | "savings" | "layers">,
  iterationNs: readonly number[],
  startUs: number,
  endMs: number,
): HaltLine[] {
  const out: HaltLine[] = [];
  if (x.halt) {
    const { iteration, reason } = x.halt;
    const line = { kind: "loop" as const, atMs: msFromIso(x.halt.at, startUs), iteration, reason };
    out.push(
      labelled(line, {
        verdict: "would have halted here",
        breaker: "loop",
        detail: ` (${reason}) · saves ${formatSavings(x.savings)}`,
      }),
    );
  }
  const trip = x.layers
    .filter((e) => e.kind === "trip" && e.iteration != null)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0];
  if (trip) {
    const atMs = msFromIso(trip.at, startUs);
    const after = iterationNs.filter((n) => n > trip.iteration!).length;
    const line = { kind: "layers" as const, atMs, iteration: trip.iteration!, reason: trip.layer };
    out.push(
      labelled(line, {
        verdict: "three-layer trip",
        breaker: "layer",
        detail: ` (${trip.layer}) · ${formatSavings({ iterations: after, ms: Math.max(0, endMs - atMs) })} after`,
      }),
    );
  }
  return out;
}

/** The line's x inside a view drawn widthPx wide, or null when it lies outside the view. */
export function haltLineX(
  line: Pick<HaltLine, "atMs">,
  view: ViewRange,
  widthPx: number,
  axis: TimeAxis = LINEAR_AXIS,
): number | null {
  if (line.atMs < view.startMs || line.atMs > view.endMs) return null;
  return xOfMs(line.atMs, view, widthPx, axis);
}

/**
 * The run page query that opens the timeline on a halt (or any ISO moment):
 * zoomed to ±5 % of the run around it (at least 5 s), the moment highlighted.
 * Null when either time does not parse.
 */
export function momentQueryOf(atIso: string, runStartIso: string | null, runMs: number): string | null {
  const startUs = runStartIso ? parseTimeUs(runStartIso) : null;
  const atUs = parseTimeUs(atIso);
  if (startUs === null || atUs === null) return null;
  return timelineMomentQuery((atUs - startUs) / 1000, Math.max(5_000, runMs * 0.05));
}
