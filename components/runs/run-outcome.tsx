// A run's outcome and shape where the runs list, the run page and compare show
// them (docs/dashboard.md#shape-and-outcome): success / failure / unknown with
// who said so in the hover text, and the shape's one word. Render only.
import type { Outcome, RunShape } from "@/lib/schemas/run-outcome";
import { OUTCOME_SOURCE_WORDS, RUN_SHAPE_LABELS } from "@/lib/schemas/run-outcome";
import { Term } from "@/components/shared/glossary-term";

const TONE = { success: "ok", failure: "bad", unknown: "" } as const;

/** The outcome's hover note: who said it, its score and its detail. */
export function outcomeNote(o: Outcome): string {
  const score = o.score !== null ? ` · score ${o.score}` : "";
  return `said by ${OUTCOME_SOURCE_WORDS[o.source]}${score}${o.detail ? ` · ${o.detail}` : ""}`;
}

export function RunOutcome({ outcome }: { outcome: Outcome | null }) {
  const status = outcome?.status ?? "unknown";
  return (
    <Term
      kind="badge"
      name="outcome"
      className={`badge ${TONE[status]}`.trim()}
      note={outcome ? outcomeNote(outcome) : "nobody said yet: no grader, no outcome in the file, no done review"}
      testId="run-outcome"
      data={{ "data-outcome": status }}
    >
      {status}
    </Term>
  );
}

export function RunShapeTerm({ shape }: { shape: RunShape }) {
  return (
    <Term kind="badge" name="shape" note={RUN_SHAPE_LABELS[shape]} testId="run-shape" data={{ "data-shape": shape }}>
      {shape}
    </Term>
  );
}
