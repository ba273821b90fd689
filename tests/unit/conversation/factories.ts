// Tiny factories for the conversation tests: times in seconds from a run
// start at 0, spans and iterations with only what a test says.
import type { ConversationIteration, ConversationSource, ConversationSpan } from "@/lib/conversation/source";

export const S = 1_000_000; // µs in a second

export function makeSpan(id: string, t0S: number, fields: Partial<ConversationSpan> = {}): ConversationSpan {
  return {
    spanId: id,
    parentId: null,
    iteration: null,
    name: "Bash",
    kind: "tool",
    t0Us: t0S * S,
    t1Us: t0S * S + S / 2,
    ok: true,
    error: "",
    input: null,
    inputTooLarge: false,
    output: null,
    thinkingChars: null,
    ...fields,
  };
}

/** Iteration n ended at tsS; `startedAtS` and `prompt` when the importer logged them. */
export function makeIteration(
  n: number,
  tsS: number,
  fields: { startedAtS?: number; prompt?: string } = {},
): ConversationIteration {
  return {
    n,
    tsUs: tsS * S,
    startedAtUs: fields.startedAtS === undefined ? null : fields.startedAtS * S,
    prompt: fields.prompt ?? null,
  };
}

export function makeSource(
  iterations: ConversationIteration[],
  spans: ConversationSpan[],
  moreSpans = 0,
): ConversationSource {
  return { startUs: 0, iterations, spans, moreSpans };
}
