// docs/format.md#ids-and-idempotency: which of two records of one span id is
// kept. The first, as a rule — a re-upload adds nothing — with one exception:
// an importer's placeholder for a call whose result was not in the file yet
// (`no result (interrupted)`: a transcript copied, or uploaded, while a call
// ran) gives way to the same call with its result, whichever comes first. Two
// copies of one session taken at different moments then tell the same story in
// either order, and a call that finished is never left failed. Pure; O(1).

/** The error the importers give a call that has no result in the file (Claude Code, Codex, mini-swe-agent). */
export const NO_RESULT_ERROR = "no result (interrupted)";

type SpanOutcome = { ok: boolean; error: string };

/** Whether the span is a placeholder for a result not in the file yet. */
export const awaitsResult = (s: SpanOutcome): boolean => !s.ok && s.error === NO_RESULT_ERROR;

/** Whether `next`, a later record of the kept span's id, replaces it. */
export const replacesSpan = (kept: SpanOutcome, next: SpanOutcome): boolean =>
  awaitsResult(kept) && !awaitsResult(next);

/** One record per id (`keyOf`), at its first place: the first record, or the answered call over its placeholder. O(spans). */
export function keptSpans<S extends SpanOutcome>(spans: Iterable<S>, keyOf: (s: S) => string): S[] {
  const at = new Map<string, number>();
  const out: S[] = [];
  for (const s of spans) {
    const key = keyOf(s);
    const i = at.get(key);
    if (i === undefined) at.set(key, out.push(s) - 1);
    else if (replacesSpan(out[i]!, s)) out[i] = s; // i indexes out
  }
  return out;
}
