// docs/import.md#openai-agents-sdk — a `turn` span of the Agents SDK is one
// iteration of the agent loop. The SDK exports a span when it ends, so a
// turn's model and tool calls arrive before the turn itself, and items may
// come in any order: the collector keeps every span's parent (and a few
// figures of every call) and yields the iterations when the file ends.
// Per trace, turns are numbered 1, 2, … by start time, each with its end as
// `ts` and a `source_key` (`<trace id>#<span id>`), so the ingest numbers
// them across a run that several traces join. Derived fields: `api_calls`
// (the model calls under the turn), `tokens_used` (the turn's own usage, else
// its model calls' tokens), `errors` (the first line of each failed call
// under it); a turn with no call under it in this file leaves `api_calls` and
// `errors` absent. O(spans) memory; O(spans · depth) at the end.
import { formatTimeUs } from "../time";
import { SOURCE_KEY, type ImportOutput, type IterationWire } from "./types";
import { OPENAI_AGENTS_FORMAT, tokensOf, turnKeyOf, type MappedSpan } from "./openai-agents-spans";

type Turn = {
  lineNo: number;
  runId: string;
  traceId: string;
  spanId: string;
  startUs: number;
  endUs: number;
  usage: { in: number; out: number } | null;
  meta: Record<string, unknown>;
  calls: number;
  apiCalls: number;
  llmTokens: number | null;
  errors: { t0Us: number; line: string }[];
};
type Call = { parentKey: string | null; llm: boolean; tokens: number | null; t0Us: number; errorLine: string | null };

const keyOf = (traceId: string, spanId: string) => `${traceId}\u0000${spanId}`;
const firstLine = (text: string) => (text.split("\n", 1)[0] ?? "").trim().slice(0, 500);

export function createTurnCollector() {
  const parents = new Map<string, string | null>();
  const turns = new Map<string, Turn>();
  const calls: Call[] = [];

  /** The turn a span sits under: the nearest `turn` ancestor (cycles and missing parents end the walk). */
  const turnAbove = (key: string | null): Turn | null => {
    for (let k = key, steps = 0; k !== null && steps <= parents.size; steps++) {
      const turn = turns.get(k);
      if (turn) return turn;
      k = parents.get(k) ?? null;
    }
    return null;
  };

  return {
    add(span: MappedSpan, lineNo: number): void {
      const { record, traceId, shape } = span;
      const key = keyOf(traceId, record.span_id as string);
      const parentKey = span.parentSource !== null ? keyOf(traceId, span.parentSource) : null;
      parents.set(key, parentKey);
      const errorLine = record.ok === false ? firstLine(record.error ?? "") : null;
      if (shape.role === "turn") {
        turns.set(key, {
          lineNo,
          runId: record.run_id as string,
          traceId,
          spanId: record.span_id as string,
          startUs: span.t0Us,
          endUs: span.t1Us,
          usage: tokensOf(shape.usage),
          meta: shape.meta,
          calls: 0,
          apiCalls: 0,
          llmTokens: null,
          errors: errorLine !== null ? [{ t0Us: span.t1Us, line: errorLine }] : [],
        });
      } else if (shape.role === "tool" || shape.role === "llm") {
        const tokens = record.tokens_in != null ? record.tokens_in + (record.tokens_out ?? 0) : null;
        calls.push({ parentKey, llm: shape.role === "llm", tokens, t0Us: span.t0Us, errorLine });
      }
    },

    *flush(): Iterable<ImportOutput> {
      for (const call of calls) {
        const turn = turnAbove(call.parentKey);
        if (!turn) continue;
        turn.calls += 1;
        if (call.llm) turn.apiCalls += 1;
        if (call.tokens !== null) turn.llmTokens = (turn.llmTokens ?? 0) + call.tokens;
        if (call.errorLine !== null) turn.errors.push({ t0Us: call.t0Us, line: call.errorLine });
      }
      const ordered = [...turns.values()].sort(
        (a, b) =>
          a.traceId.localeCompare(b.traceId) ||
          a.startUs - b.startUs ||
          a.endUs - b.endUs ||
          a.spanId.localeCompare(b.spanId),
      );
      let n = 0;
      for (const [i, turn] of ordered.entries()) {
        n = i > 0 && ordered[i - 1]?.traceId === turn.traceId ? n + 1 : 1;
        yield { lineNo: turn.lineNo, record: iterationOf(turn, n) };
      }
    },
  };
}

function iterationOf(turn: Turn, n: number): IterationWire {
  const tokens = turn.usage ? turn.usage.in + turn.usage.out : turn.llmTokens;
  // Every turn makes a model call: a turn with no call under it had them in another file (or
  // export batch), so what they were is unknown here, not none.
  const seen = turn.calls > 0;
  return {
    type: "iteration",
    run_id: turn.runId,
    n,
    ts: formatTimeUs(turn.endUs),
    ...(seen ? { api_calls: turn.apiCalls } : {}),
    ...(tokens !== null ? { tokens_used: tokens } : {}),
    ...(seen || turn.errors.length > 0
      ? { errors: turn.errors.sort((a, b) => a.t0Us - b.t0Us).map((e) => e.line) }
      : {}),
    [SOURCE_KEY]: turnKeyOf(turn.traceId, turn.spanId),
    agent_name: turn.meta.agent_name ?? null,
    sdk_turn: turn.meta.turn ?? null,
    source_id: turn.spanId,
    source_format: OPENAI_AGENTS_FORMAT,
  };
}
