// The conversation tab's data step (docs/dashboard.md#conversation): a run's
// iterations and calls (source.ts) grouped into turns, each call prepared
// for its row. A call that names its iteration goes under that turn (a turn
// of its own when the run has no such iteration record); one that names none
// goes under the last turn that started at or before it — a turn starts at
// its attrs.started_at, else where the previous iteration ended (its `ts`),
// the first one at the run's start — and before every turn into a group of
// its own. In a turn, calls keep the source's time order. When the source's
// calls were cut, the turns after the last call read are left out and
// counted. Pure; O(calls · log turns + size of their inputs).
import { clipAtWord } from "../format-clip";
import { formatDuration } from "../format";
import type * as wire from "../schemas/conversation";
import { SPAN_OUTPUT_MAX_CHARS } from "../schemas/records";
import { formatTimeUs } from "../time";
import { BEFORE_ANCHOR, turnAnchor } from "./anchors";
import type { ConversationIteration, ConversationSource, ConversationSpan } from "./source";
import { diffOfToolCall } from "./tool-diff";
import { inputText, summarizeToolInput } from "./tool-summary";

/** A call's error line is cut here. */
const ERROR_LINE_MAX_CHARS = 300;
/** Nesting shown at most: deeper calls are drawn at this depth. */
export const MAX_DEPTH = 4;

/** A model response: what the assistant said, and how long it thought. */
export type ConversationReply = wire.ConversationReply;
/** A tool call, with its input's strings for the search only (the wire leaves them out: wire.ts). */
export type ConversationCall = wire.ConversationCall & { inputText: string };
export type ConversationItem = ConversationReply | ConversationCall;
export type ConversationTurn = Omit<wire.ConversationTurn, "items"> & { items: ConversationItem[] };
export type Conversation = Omit<wire.Conversation, "turns"> & { turns: ConversationTurn[] };
type ItemBase = Omit<ConversationReply, "type" | "text" | "thinkingChars">;

type Slot = { turn: ConversationTurn; startUs: number | null };

export function prepareConversation(src: ConversationSource): Conversation {
  const hasPrompts = src.iterations.some((it) => it.prompt !== null);
  const slots = new Map<number, Slot>();
  const iterations = [...src.iterations].sort((a, b) => a.n - b.n);
  for (const [i, it] of iterations.entries()) slots.set(it.n, iterationSlot(src, it, iterations[i - 1]));
  const byStart = [...slots.values()]
    .filter((s): s is Slot & { startUs: number } => s.startUs !== null)
    .sort((a, b) => a.startUs - b.startUs || (a.turn.n ?? 0) - (b.turn.n ?? 0));
  const before = turnOf(BEFORE_ANCHOR, null, beforeTitle(hasPrompts, src.iterations.length > 0), null, src.startUs);
  const depths = depthsOf(src.spans);
  for (const span of src.spans) {
    const item = prepareItem(span, depths.get(span.spanId) ?? 0);
    if (span.iteration !== null) {
      let slot = slots.get(span.iteration);
      if (!slot) {
        slot = {
          turn: turnOf(turnAnchor(span.iteration), span.iteration, null, span.t0Us, src.startUs),
          startUs: null,
        };
        slots.set(span.iteration, slot);
      }
      slot.turn.items.push(item);
    } else {
      (lastStartedBy(byStart, span.t0Us)?.turn ?? before).items.push(item);
    }
  }
  const lastUs = src.spans.at(-1)?.t0Us ?? null;
  const ordered = [...slots.values()].sort((a, b) => (a.turn.n ?? 0) - (b.turn.n ?? 0));
  const kept = ordered.filter(
    (s) => src.moreSpans === 0 || s.turn.items.length > 0 || lastUs === null || (s.startUs ?? Infinity) <= lastUs,
  );
  return {
    turns: [...(before.items.length > 0 ? [before] : []), ...kept.map((s) => s.turn)],
    moreSpans: src.moreSpans,
    moreTurns: ordered.length - kept.length,
    hasPrompts,
    hasTexts: src.spans.some((s) => s.kind === "llm" && !!s.output),
  };
}

function beforeTitle(hasPrompts: boolean, hasIterations: boolean): string {
  if (hasPrompts) return "Before the first prompt";
  return hasIterations ? "Before the first turn" : "Calls";
}

function iterationSlot(
  src: ConversationSource,
  it: ConversationIteration,
  prev: ConversationIteration | undefined,
): Slot {
  const startUs = it.startedAtUs ?? prev?.tsUs ?? src.startUs;
  const turn = turnOf(turnAnchor(it.n), it.n, null, startUs, src.startUs);
  turn.prompt = it.prompt;
  return { turn, startUs };
}

function turnOf(anchor: string, n: number | null, title: string | null, atUs: number | null, runUs: number) {
  const turn: ConversationTurn = {
    anchor,
    n,
    title: title ?? `Turn ${n}`,
    atUs,
    timeLabel: atUs === null ? null : `${formatTimeUs(atUs).slice(11, 19)} UTC`,
    offsetLabel: atUs === null ? null : offsetLabelOf(atUs - runUs),
    prompt: null,
    items: [],
  };
  return turn;
}

/** "+2m 5s" from the run's start; "+0 s" at it (and for a time before it). */
function offsetLabelOf(us: number): string {
  return us < 1000 ? "+0 s" : `+${formatDuration(us / 1000)}`;
}

/** The last slot (by start) that started at or before `us`: a binary search. */
function lastStartedBy<T extends { startUs: number }>(sorted: T[], us: number): T | null {
  let lo = 0;
  let hi = sorted.length; // the first index starting after `us`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.startUs <= us) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? sorted[lo - 1]! : null;
}

/** Each call's depth under the calls listed, walking parent_id up (iteratively, at most MAX_DEPTH steps). */
function depthsOf(spans: ConversationSpan[]): Map<string, number> {
  const parents = new Map(spans.map((s) => [s.spanId, s.parentId]));
  const out = new Map<string, number>();
  for (const s of spans) {
    let depth = 0;
    let parent = s.parentId;
    while (parent !== null && parents.has(parent) && depth < MAX_DEPTH) {
      depth += 1;
      parent = parents.get(parent) ?? null;
    }
    out.set(s.spanId, depth);
  }
  return out;
}

function prepareItem(s: ConversationSpan, depth: number): ConversationItem {
  const base: ItemBase = {
    spanId: s.spanId,
    name: s.name,
    depth,
    t0Us: s.t0Us,
    durationLabel: formatDuration((s.t1Us - s.t0Us) / 1000),
    ok: s.ok,
    errorLine: errorLineOf(s.error),
  };
  if (s.kind === "llm") return { ...base, type: "llm", text: s.output || null, thinkingChars: s.thinkingChars };
  return {
    ...base,
    type: "tool",
    summary: s.inputTooLarge ? "(its input is too large to show here)" : summarizeToolInput(s.name, s.input),
    result: s.output,
    resultIsHead: s.output !== null && s.output.length >= SPAN_OUTPUT_MAX_CHARS,
    diff: s.inputTooLarge ? null : diffOfToolCall(s.name, s.input),
    inputText: inputText(s.input),
  };
}

/** The first line of an error that says something, cut short; null for none. */
export function errorLineOf(error: string): string | null {
  const line = error.split("\n").find((l) => l.trim() !== "");
  return line === undefined ? null : clipAtWord(line, ERROR_LINE_MAX_CHARS);
}
